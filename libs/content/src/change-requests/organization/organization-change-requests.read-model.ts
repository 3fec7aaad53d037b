import { Filter, FindResult, mergePages, Page, ReadModels, resolvePage, Sort, Provided, equalTo } from '@docs/platform/projections';
import { CHANGE_REQUEST_STATUSES, ChangeRequestStatus } from '../change-request.events';
import {
  CHANGE_REQUEST_PEOPLE,
  CHANGE_REQUESTS,
  ChangeRequestDoc,
  ChangeRequestFilters,
  ChangeRequestOrder,
} from '../change-requests.read-model';

/**
 * Where an organization's list looks: every change request listed in the organization (what its
 * members with a role see), or those of a few spaces (a guest's granted spaces, or the one
 * `space` asked for), each its own index range.
 */
export type ChangeRequestPlaces = { organizationId: string } | { spaceIds: readonly string[] };

export interface OrganizationChangeRequestFilters {
  /** One or more statuses (each its own range; all four: one range without the status). */
  statuses: readonly ChangeRequestStatus[];
  person?: ChangeRequestFilters['person'];
}

/**
 * The queries of listChangeRequestsForOrganization over the change requests read model: one index
 * range per place and status, merged in order (`mergePages`), so a page costs the ranges' pages
 * (O(ranges · limit · log n)), never the organization's size; `count` is the sum of the ranges'
 * counters.
 */
@Provided()
export class OrganizationChangeRequestsReadModel {
  constructor(private readonly readModels: ReadModels) {}

  async list(
    places: ChangeRequestPlaces,
    { statuses, person }: OrganizationChangeRequestFilters,
    order: ChangeRequestOrder,
    page: Page,
  ): Promise<FindResult<ChangeRequestDoc>> {
    const sort: Sort = { field: order, direction: 'desc' };
    const scopes: Filter[][] =
      'organizationId' in places
        ? [[{ field: 'listedIn', op: 'eq', value: places.organizationId }]]
        : places.spaceIds.map((spaceId) => [{ field: 'spaceId', op: 'eq', value: spaceId }]);
    const wanted = new Set(statuses);
    const byStatus: Filter[][] =
      wanted.size === CHANGE_REQUEST_STATUSES.length ? [[]] : [...wanted].map((status) => [{ field: 'status', op: 'eq', value: status }]);
    const ranges = scopes.flatMap((scope) =>
      byStatus.map((status): Filter[] => [...scope, ...(person ? equalTo({ role: person.role, userId: person.userId }) : []), ...status]),
    );
    if (ranges.length === 0) return { items: [], count: 0 };
    if (person === undefined) {
      const pages = await Promise.all(ranges.map((where) => this.readModels.find(CHANGE_REQUESTS, { where, sort, ...page })));
      return mergePages(pages, sort, page.limit);
    }
    const pages = await Promise.all(ranges.map((where) => this.readModels.find(CHANGE_REQUEST_PEOPLE, { where, sort, ...page })));
    return resolvePage(
      mergePages(pages, sort, page.limit),
      (p) => p.changeRequestId,
      (ids) => this.readModels.getMany(CHANGE_REQUESTS, ids),
    );
  }
}
