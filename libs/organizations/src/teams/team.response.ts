import { ApiProperty } from '@nestjs/swagger';
import { ApiObject, Count, DateTime, Permissions } from '@docs/platform';
import { TEAM_ROLES } from './team.decider';
import { MemberResponse } from '../members/member.response';

export class TeamPermissions extends Permissions({
  admin: 'Can the caller manage the team (organization admins)',
  view: 'Can the caller view the team and list its members',
}) {}

/** GitBook's OrganizationTeam (TeamsPresenter.team). */
export class TeamResponse extends ApiObject('team', { description: 'Unique identifier for the team' }) {
  @ApiProperty({ type: String, minLength: 1, maxLength: 64, description: 'Title of the team' })
  title!: string;

  @ApiProperty({ type: 'integer', description: 'Count of members in the team' })
  members!: number;

  @Count('spaces the team has access to')
  spaces!: number;

  @DateTime('When the team was created')
  createdAt!: string;

  @ApiProperty({ type: () => TeamPermissions })
  permissions!: TeamPermissions;
}

/** GitBook's TeamMember: someone's role in a team. */
export class TeamMembership {
  @ApiProperty({ type: String, enum: TEAM_ROLES, description: 'owner: manages the team members; member: belongs to the team' })
  role!: (typeof TEAM_ROLES)[number];
}

export class TeamMemberPermissions extends Permissions({ view: 'Can the caller view the team member' }) {}

/** GitBook's OrganizationTeamMember (TeamsPresenter.teamMember): GET .../teams/{teamId}/members items. */
export class TeamMemberResponse {
  @ApiProperty({ type: () => MemberResponse, description: 'The person as an organization member' })
  organization!: MemberResponse;

  @ApiProperty({ type: () => TeamMembership, description: 'The person as a team member' })
  team!: TeamMembership;

  @ApiProperty({ type: () => TeamMemberPermissions })
  permissions!: TeamMemberPermissions;
}

/** A team of a member, with the member's role in it (TeamsPresenter.memberTeam): GET .../members/{userId}/teams items. */
export class MemberTeamResponse {
  @ApiProperty({ type: () => TeamResponse })
  team!: TeamResponse;

  @ApiProperty({ type: () => TeamMembership })
  member!: TeamMembership;
}
