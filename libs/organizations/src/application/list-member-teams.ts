import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Filter, FindResult, notFound, ReadModels } from '@docs/platform';
import { MemberDoc, memberDocId } from '../projections/read-model-types';
import { TeamDoc, TeamMemberDoc } from '../projections/teams.projection';
import { TeamReadAccess } from './team-commands';

export interface MemberTeamView {
  id: string;
  team: TeamDoc;
  membership: TeamMemberDoc;
}

export class ListMemberTeams extends Query<{ result: FindResult<MemberTeamView>; caller: MemberDoc }> {
  constructor(
    readonly organizationId: string,
    readonly memberId: string,
    readonly userId: string,
    readonly title: string | undefined,
    readonly page: { after?: string; limit: number },
  ) {
    super();
  }
}

/**
 * GET /v1/orgs/{organizationId}/members/{userId}/teams: the teams of one member, oldest team
 * first, `title` a case-insensitive substring. Members with a role may list anyone's teams; a guest
 * only their own.
 */
@QueryHandler(ListMemberTeams)
export class ListMemberTeamsHandler implements IQueryHandler<ListMemberTeams> {
  constructor(
    private readonly reads: TeamReadAccess,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ organizationId, memberId, userId, title, page }: ListMemberTeams) {
    const caller = memberId === userId ? (await this.reads.requireMemberOrGuest(organizationId, userId)) : await this.reads.requireReader(organizationId, userId);
    const subject = await this.readModels.get<MemberDoc>('members', memberDocId(organizationId, memberId));
    if (!subject) throw notFound('member not found');
    const where: Filter[] = [
      { field: 'organizationId', op: 'eq', value: organizationId },
      { field: 'userId', op: 'eq', value: memberId },
    ];
    if (title !== undefined) where.push({ field: 'teamTitle', op: 'ilike', value: title });
    const result = await this.readModels.find<TeamMemberDoc>('team_members', { where, sort: { field: 'teamCreatedAt', direction: 'asc' }, ...page });
    const teams = await this.readModels.getMany<TeamDoc>('teams', result.items.map((m) => m.teamId));
    const byId = new Map(teams.map((t) => [t.id, t]));
    const items = result.items.flatMap((membership) => {
      const team = byId.get(membership.teamId);
      return team ? [{ id: membership.id, team, membership }] : [];
    });
    return { result: { ...result, items }, caller };
  }
}
