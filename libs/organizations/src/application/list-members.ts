import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult } from '@docs/platform';
import { MemberFilters, OrganizationsReadModel } from '../projections/organizations.read-model';
import { MemberView, MemberViews } from './member-views';
import { OrganizationQuery } from './organization-scope';

/** Guests see no other member (the organization's `permissions.listMembers` is false for them). */
export const GUESTS_CANNOT_SEE_MEMBERS = 'guests cannot list or view other organization members';

export class ListMembers extends OrganizationQuery<{ filters: MemberFilters; page: { after?: string; limit: number } }, FindResult<MemberView>> {}

/**
 * GET /v1/orgs/{organizationId}/members: non-guest members may list. Sorted by `sort` (default
 * joinedAt; lastSeenAt lists only members seen at least once) in `order` (default desc).
 */
@QueryHandler(ListMembers)
export class ListMembersHandler implements IQueryHandler<ListMembers> {
  constructor(
    private readonly read: OrganizationsReadModel,
    private readonly views: MemberViews,
  ) {}

  async execute({ props: { filters, page }, scope }: ListMembers): Promise<FindResult<MemberView>> {
    await scope.requireRole(GUESTS_CANNOT_SEE_MEMBERS);
    const result = await this.read.members(scope.organizationId, filters, page);
    return { ...result, items: await this.views.all(result.items) };
  }
}
