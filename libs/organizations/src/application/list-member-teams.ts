import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { TeamDoc, TeamMemberDoc, TeamsReadModel } from '../projections/teams.read-model';
import { GUESTS_CANNOT_SEE_TEAMS } from './guests';
import { OrganizationQuery } from './organization-scope';

export interface MemberTeamView {
  id: string;
  team: TeamDoc;
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
  constructor(private readonly read: TeamsReadModel) {}

  async execute({ props: { userId, title, page }, scope }: ListMemberTeams): Promise<FindResult<MemberTeamView>> {
    await scope.visibleMember(userId, GUESTS_CANNOT_SEE_TEAMS);
    const { organizationId } = scope;
    const result = await this.read.memberships(organizationId, userId, { title }, page);
    const byId = new Map((await this.read.teamsById(result.items.map((m) => m.teamId))).map((t) => [t.id, t]));
    const items = result.items.flatMap((membership) => {
      const team = byId.get(membership.teamId);
      return team ? [{ id: membership.id, team, membership }] : [];
    });
    return { ...result, items };
  }
}
