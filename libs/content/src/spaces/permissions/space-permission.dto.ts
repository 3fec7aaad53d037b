import { ROLES, Role } from '@docs/kernel';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, Length, ValidateIf } from 'class-validator';
import { IsOptionalNotNull, Stacked, IsOneOf } from '@docs/platform';

const MAX_IDS = 100;

/** An optional list of 1 to MAX_IDS `what`, each of 1 to 255 characters. */
const IdList = (what: string) =>
  Stacked(
    IsOptionalNotNull(),
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(MAX_IDS),
    IsString({ each: true }),
    Length(1, 255, { each: true, message: `$property must contain ${what} (1 to 255 characters)` }),
  );

/** GitBook's InviteUsersAndTeams: a role (null removes) for users, teams or both. */
export class InviteToSpaceBody {
  @ApiProperty({ enum: ROLES, nullable: true, description: 'The role to give them in the space; null removes their grants' })
  // Required, and null is a value: only null skips the check.
  @ValidateIf((_body, value) => value !== null)
  @IsOneOf('role', ROLES, 'or null')
  role!: Role | null;

  @ApiPropertyOptional({
    type: [String],
    minItems: 1,
    maxItems: MAX_IDS,
    description: 'User ids of organization members (users, teams or both)',
  })
  @IdList('user ids')
  users?: string[];

  @ApiPropertyOptional({
    type: [String],
    minItems: 1,
    maxItems: MAX_IDS,
    description: 'Team ids of the organization (users, teams or both)',
  })
  @IdList('team ids')
  teams?: string[];
}

/** PATCH .../permissions/users/{userId} and .../permissions/teams/{teamId}. */
export class UpdateSpacePermissionBody {
  @ApiPropertyOptional({ enum: ROLES, nullable: true, description: 'The new role; null removes the grant; absent changes nothing' })
  @ValidateIf((_body, value) => value !== null && value !== undefined)
  @IsOneOf('role', ROLES, 'or null')
  role?: Role | null;
}
