import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { TeamMemberDoc, TeamsReadModel } from './teams.read-model';
import { GUESTS_CANNOT_SEE_TEAMS } from '../shared/guests';
import { OrganizationQuery } from '../shared/organization-scope';
import { TeamView, TeamViews } from './team-views';

export interface MemberTeamView {
  id: string;
  team: TeamView;
  membership: TeamMemberDoc;
}

export class ListMemberTeams extends OrganizationQuery<{ userId: string; title?: string; page: Page }, FindResult<MemberTeamView>> {}

/**
 * GET /v1/orgs/{organizationId}/members/{userId}/teams: the teams of one member, oldest team
 * first, `title` a case-insensitive substring. Members with a role may list anyone's teams; a guest
 * only their own.
 */
@QueryHandler(ListMemberTeams)
export class ListMemberTeamsHandler implements IQueryHandler<ListMemberTeams> {
  constructor(
    private readonly read: TeamsReadModel,
    private readonly views: TeamViews,
  ) {}

  async execute({ props: { userId, title, page }, scope }: ListMemberTeams): Promise<FindResult<MemberTeamView>> {
    await scope.visibleMember(userId, GUESTS_CANNOT_SEE_TEAMS);
    const { organizationId } = scope;
    const result = await this.read.memberships(organizationId, userId, { title }, page);
    const teams = await this.views.all(await this.read.teamsById(result.items.map((m) => m.teamId)));
    const byId = new Map(teams.map((view) => [view.team.id, view]));
    const items = result.items.flatMap((membership) => {
      const team = byId.get(membership.teamId);
      return team ? [{ id: membership.id, team, membership }] : [];
    });
    return { ...result, items };
  }
}
