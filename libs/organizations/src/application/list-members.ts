import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { Filter, FindResult, ReadModels, Sort } from '@docs/platform';
import { Role } from '../domain/roles';
import { MemberDoc } from '../projections/read-model-types';
import { MemberAccess } from './member-access';
import { MemberView, MemberViews } from './member-views';

export type MemberSort = 'joinedAt' | 'lastSeenAt' | 'name';

export interface MemberFilters {
  order?: 'asc' | 'desc';
  /** A role, or `guest` for members without one. */
  role?: Role | 'guest';
  /** Case-insensitive substring of the display name or the e-mail address. */
  search?: string;
  sort?: MemberSort;
}

export class ListMembers extends Query<FindResult<MemberView>> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
    readonly filters: MemberFilters,
    readonly page: { after?: string; limit: number },
  ) {
    super();
  }
}

const SORT_FIELDS: Record<MemberSort, string> = { joinedAt: 'joinedAt', lastSeenAt: 'lastSeenAt', name: 'nameKey' };

/**
 * GET /v1/orgs/{organizationId}/members: non-guest members may list. Sorted by `sort` (default
 * joinedAt; lastSeenAt lists only members seen at least once) in `order` (default desc), the
 * member id breaking ties, so pages are stable.
 */
@QueryHandler(ListMembers)
export class ListMembersHandler implements IQueryHandler<ListMembers> {
  constructor(
    private readonly access: MemberAccess,
    private readonly readModels: ReadModels,
    private readonly views: MemberViews,
  ) {}

  async execute({ organizationId, callerId, filters, page }: ListMembers): Promise<FindResult<MemberView>> {
    await this.access.requireMemberReader(organizationId, callerId);
    const sortBy = filters.sort ?? 'joinedAt';
    const where: Filter[] = [{ field: 'organizationId', op: 'eq', value: organizationId }];
    if (filters.role) where.push({ field: 'roleKey', op: 'eq', value: filters.role });
    if (filters.search) {
      where.push({ op: 'or', any: [[{ field: 'displayName', op: 'ilike', value: filters.search }], [{ field: 'email', op: 'ilike', value: filters.search }]] });
    }
    if (sortBy === 'lastSeenAt') where.push({ field: 'lastSeenAt', op: 'exists', value: true });
    const sort: Sort = { field: SORT_FIELDS[sortBy], direction: filters.order ?? 'desc' };
    const result = await this.readModels.find<MemberDoc>('members', { where, sort, ...page });
    return { ...result, items: await this.views.all(result.items) };
  }
}
