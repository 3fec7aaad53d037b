import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { organizationPermissions } from '../organizations/organization.policy';
import { FindResult, Page } from '@docs/platform';
import { OrganizationsReadModel } from '../organizations/organizations.read-model';
import { TeamDoc, TeamsReadModel } from './teams.read-model';
import { GUESTS_CANNOT_SEE_TEAMS } from '../shared/guests';
import { OrganizationQuery } from '../shared/organization-scope';
import { TeamView, TeamViews } from './team-views';

export class ListTeams extends OrganizationQuery<{ owner?: string; title?: string; page: Page }, FindResult<TeamView>> {}

/**
 * GET /v1/orgs/{organizationId}/teams, oldest first. `owner` keeps the teams that member can
 * manage (every team for an org admin, the teams they own otherwise); `title` is a case-insensitive
 * substring of the title. Either way one index range: the organization's teams, or the owner's
 * memberships with role owner (which carry the team's title and creation time), then their teams.
 */
@QueryHandler(ListTeams)
export class ListTeamsHandler implements IQueryHandler<ListTeams> {
  constructor(
    private readonly read: TeamsReadModel,
    private readonly organizations: OrganizationsReadModel,
    private readonly views: TeamViews,
  ) {}

  async execute(query: ListTeams): Promise<FindResult<TeamView>> {
    const result = await this.teams(query);
    return { ...result, items: await this.views.all(result.items) };
  }

  private async teams({ props: { owner, title, page }, scope }: ListTeams): Promise<FindResult<TeamDoc>> {
    await scope.requireAllowed((role) => organizationPermissions({ role }).listTeams, GUESTS_CANNOT_SEE_TEAMS);
    const { organizationId } = scope;
    if (owner !== undefined) {
      const [member] = await this.organizations.membersAmong(organizationId, [owner]);
      if (!member) return { items: [], count: 0 };
      if (member.role !== 'admin') {
        const owned = await this.read.memberships(organizationId, owner, { role: 'owner', title }, page);
        return { ...owned, items: await this.read.teamsById(owned.items.map((m) => m.teamId)) };
      }
    }
    return this.read.teams(organizationId, title, page);
  }
}
