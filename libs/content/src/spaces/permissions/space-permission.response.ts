import { ROLES } from '@docs/kernel';
import { ApiProperty } from '@nestjs/swagger';
import { TeamResponse, UserResponse } from '@docs/organizations';

/** GitBook's UserContentPermission: a user's direct grant on a space (GET .../permissions/users items). */
export class UserSpacePermissionResponse {
  @ApiProperty({ type: String, enum: ROLES, description: 'The role granted' })
  permission!: (typeof ROLES)[number];

  @ApiProperty({ type: () => UserResponse })
  user!: UserResponse;
}

/** GitBook's permission of a team in a space (GET .../permissions/teams items). */
export class TeamSpacePermissionResponse {
  @ApiProperty({ type: String, enum: ROLES, description: 'The role granted' })
  permission!: (typeof ROLES)[number];

  @ApiProperty({ type: () => TeamResponse })
  team!: TeamResponse;
}
