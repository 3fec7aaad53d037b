import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { OrganizationQuery } from '@docs/organizations';
import { ChangeRequestOrder } from '../change-requests.read-model';
import { ChangeRequestView, ChangeRequestViews } from '../change-request-views';
import { SpaceAccess } from '../../spaces/space-access';
import { SpaceDoc, SpacesReadModel } from '../../spaces/reads/spaces.read-model';
import {
  ChangeRequestPlaces,
  OrganizationChangeRequestFilters,
  OrganizationChangeRequestsReadModel,
} from './organization-change-requests.read-model';

export interface OrganizationListFilters extends OrganizationChangeRequestFilters {
  /** Only this space's change requests. */
  space?: string;
  /** A site, site topic or style guide run was asked for: nothing is linked to one here. */
  linked: boolean;
}

export class ListOrganizationChangeRequests extends OrganizationQuery<
  { filters: OrganizationListFilters; orderBy: ChangeRequestOrder; page: Page },
  FindResult<ChangeRequestView>
> {}

const NONE: FindResult<ChangeRequestView> = { items: [], count: 0 };

/**
 * GET /v1/orgs/{organizationId}/change-requests: the change requests of the organization's active
 * spaces that the caller can see (every space for members with a role; the granted ones for
 * guests), in the statuses asked for (open by default), optionally of one person or one space,
 * most recently updated or created first. Non-members get 404; a space the caller cannot see
 * gives an empty list, never its change requests.
 */
@QueryHandler(ListOrganizationChangeRequests)
export class ListOrganizationChangeRequestsHandler implements IQueryHandler<ListOrganizationChangeRequests> {
  constructor(
    private readonly access: SpaceAccess,
    private readonly spaces: SpacesReadModel,
    private readonly changeRequests: OrganizationChangeRequestsReadModel,
    private readonly views: ChangeRequestViews,
  ) {}

  async execute({ props: { filters, orderBy, page }, scope }: ListOrganizationChangeRequests): Promise<FindResult<ChangeRequestView>> {
    const caller = await this.access.callerIn(scope);
    const seen = await this.access.seenSpaces(scope.organizationId, caller);
    if (filters.linked) return NONE;
    const { places, spaces } = await this.placesOf(scope.organizationId, seen, filters.space);
    const result = await this.changeRequests.list(places, filters, orderBy, page);
    const spaceOf =
      spaces ?? new Map((await this.spaces.spacesById([...new Set(result.items.map((c) => c.spaceId))])).map((s) => [s.id, s]));
    return { ...result, items: await this.views.viewsIn(spaceOf, result.items) };
  }

  /** Where to look, and the spaces there when already read (a guest's, or the one asked for). */
  private async placesOf(
    organizationId: string,
    seen: 'every' | SpaceDoc[],
    space: string | undefined,
  ): Promise<{ places: ChangeRequestPlaces; spaces?: ReadonlyMap<string, SpaceDoc> }> {
    if (seen === 'every' && space === undefined) return { places: { organizationId } };
    const candidates =
      seen === 'every'
        ? (await this.spaces.spacesById([space!])).filter((s) => s.status === 'active' && s.organizationId === organizationId)
        : seen.filter((s) => space === undefined || s.id === space);
    return { places: { spaceIds: candidates.map((s) => s.id) }, spaces: new Map(candidates.map((s) => [s.id, s])) };
  }
}
