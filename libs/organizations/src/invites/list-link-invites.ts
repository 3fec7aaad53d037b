import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { LinkInviteDoc, OrganizationsReadModel } from '../organizations/organizations.read-model';
import { OrganizationQuery } from '../shared/organization-scope';

export class ListLinkInvites extends OrganizationQuery<{ page: Page }, FindResult<LinkInviteDoc>> {}

/** GET /v1/orgs/{organizationId}/link-invites: admins only, oldest first. */
@QueryHandler(ListLinkInvites)
export class ListLinkInvitesHandler implements IQueryHandler<ListLinkInvites> {
  constructor(private readonly read: OrganizationsReadModel) {}

  async execute({ props: { page }, scope }: ListLinkInvites): Promise<FindResult<LinkInviteDoc>> {
    await scope.requireAdmin();
    return this.read.linkInvites(scope.organizationId, page);
  }
}
