import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { organizationPermissions } from '../organizations/organization.policy';
import { FindResult, Page } from '@docs/platform';
import { MemberFilters, OrganizationsReadModel } from '../organizations/organizations.read-model';
import { GUESTS_CANNOT_SEE_MEMBERS } from '../shared/guests';
import { MemberView, MemberViews } from './member-views';
import { OrganizationQuery } from '../shared/organization-scope';

export class ListMembers extends OrganizationQuery<{ filters: MemberFilters; page: Page }, FindResult<MemberView>> {}

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
    await scope.requireAllowed((role) => organizationPermissions({ role }).listMembers, GUESTS_CANNOT_SEE_MEMBERS);
    const result = await this.read.members(scope.organizationId, filters, page);
    return { ...result, items: await this.views.all(result.items) };
  }
}
