import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { organizationPermissions } from '../organizations/organization.policy';
import { FindResult, Page } from '@docs/platform';
import { OrganizationsReadModel } from '../organizations/organizations.read-model';
import { TeamMemberDoc, TeamsReadModel } from './teams.read-model';
import { GUESTS_CANNOT_SEE_TEAMS } from '../shared/guests';
import { MemberView, MemberViews } from '../members/member-views';
import { OrganizationQuery } from '../shared/organization-scope';

export interface TeamMemberView {
  id: string;
  membership: TeamMemberDoc;
  /** The organization member, with their team count. */
  member: MemberView;
}

export class ListTeamMembers extends OrganizationQuery<{ teamId: string; page: Page }, FindResult<TeamMemberView>> {}

/** GET /v1/orgs/{organizationId}/teams/{teamId}/members, in the order they joined the team. */
@QueryHandler(ListTeamMembers)
export class ListTeamMembersHandler implements IQueryHandler<ListTeamMembers> {
  constructor(
    private readonly read: TeamsReadModel,
    private readonly organizations: OrganizationsReadModel,
    private readonly views: MemberViews,
  ) {}

  async execute({ props: { teamId, page }, scope }: ListTeamMembers): Promise<FindResult<TeamMemberView>> {
    await scope.requireAllowed((role) => organizationPermissions({ role }).listTeams, GUESTS_CANNOT_SEE_TEAMS);
    const { organizationId } = scope;
    await this.read.team(organizationId, teamId);
    const result = await this.read.members(teamId, page);
    const members = await this.organizations.membersAmong(
      organizationId,
      result.items.map((m) => m.userId),
    );
    const byUser = new Map((await this.views.all(members)).map((view) => [view.member.userId, view]));
    const items = result.items.flatMap((membership) => {
      const member = byUser.get(membership.userId);
      return member ? [{ id: membership.id, membership, member }] : [];
    });
    return { ...result, items };
  }
}
