import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Filter, FindResult, ReadModels } from '@docs/platform';
import { MemberDoc, memberDocId } from '../projections/read-model-types';
import { TeamDoc, TeamMemberDoc } from '../projections/teams.projection';
import { TeamReadAccess } from './team-commands';

export class ListTeams extends Query<{ result: FindResult<TeamDoc>; caller: MemberDoc }> {
  constructor(
    readonly organizationId: string,
    readonly userId: string,
    readonly filter: { owner?: string; title?: string },
    readonly page: { after?: string; limit: number },
  ) {
    super();
  }
}

const EMPTY: FindResult<TeamDoc> = { items: [], count: 0 };

/**
 * GET /v1/orgs/{organizationId}/teams, oldest first. `owner` keeps the teams that member can
 * manage (every team for an org admin, the teams they own otherwise); `title` is a case-insensitive
 * substring of the title. Either way one index range: the organization's teams, or the owner's
 * memberships with role owner (which carry the team's title and creation time), then their teams.
 */
@QueryHandler(ListTeams)
export class ListTeamsHandler implements IQueryHandler<ListTeams> {
  constructor(
    private readonly reads: TeamReadAccess,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ organizationId, userId, filter, page }: ListTeams) {
    const caller = await this.reads.requireReader(organizationId, userId);
    if (filter.owner !== undefined) {
      const owner = await this.readModels.get<MemberDoc>('members', memberDocId(organizationId, filter.owner));
      if (!owner) return { result: EMPTY, caller };
      if (owner.role !== 'admin') return { result: await this.ownedBy(organizationId, filter.owner, filter.title, page), caller };
    }
    const where: Filter[] = [{ field: 'organizationId', op: 'eq', value: organizationId }];
    if (filter.title !== undefined) where.push({ field: 'title', op: 'ilike', value: filter.title });
    const result = await this.readModels.find<TeamDoc>('teams', { where, sort: { field: 'createdAt', direction: 'asc' }, ...page });
    return { result, caller };
  }

  private async ownedBy(organizationId: string, ownerId: string, title: string | undefined, page: { after?: string; limit: number }): Promise<FindResult<TeamDoc>> {
    const where: Filter[] = [
      { field: 'organizationId', op: 'eq', value: organizationId },
      { field: 'userId', op: 'eq', value: ownerId },
      { field: 'role', op: 'eq', value: 'owner' },
    ];
    if (title !== undefined) where.push({ field: 'teamTitle', op: 'ilike', value: title });
    const owned = await this.readModels.find<TeamMemberDoc>('team_members', { where, sort: { field: 'teamCreatedAt', direction: 'asc' }, ...page });
    const teams = await this.readModels.getMany<TeamDoc>('teams', owned.items.map((m) => m.teamId));
    return { ...owned, items: teams };
  }
}
