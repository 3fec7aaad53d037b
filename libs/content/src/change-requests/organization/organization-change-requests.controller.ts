import { Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, pageOf, UseCaseRoutes } from '@docs/platform';
import { OrganizationScope, OrgScope } from '@docs/organizations';
import { ChangeRequestsPresenter } from '../http/change-requests.presenter';
import { ChangeRequestResponse } from '../http/change-request.response';
import { personFilter } from '../http/change-request.dto';
import { ListOrganizationChangeRequests } from './list-organization-change-requests';
import { ListOrganizationChangeRequestsQuery } from './organization-change-requests.dto';

/** The change requests of an organization's spaces, those the caller can see. */
@ApiController('v1/orgs/:organizationId', 'change-requests')
export class OrganizationChangeRequestsController extends UseCaseRoutes(ChangeRequestsPresenter) {
  @Endpoint('GET', 'change-requests', { answers: [ChangeRequestResponse] })
  @Operation(
    'listChangeRequestsForOrganization',
    "List the change requests of the organization's spaces the caller can see, most recently updated (or created) first",
  )
  async list(@OrgScope() scope: OrganizationScope, @Query() query: ListOrganizationChangeRequestsQuery) {
    const filters = {
      statuses: query.status ?? ['open' as const],
      person: personFilter(query),
      ...(query.space !== undefined ? { space: query.space } : {}),
      linked: query.site !== undefined || query.topic !== undefined || query.styleguideRun !== undefined,
    };
    const list = new ListOrganizationChangeRequests({ filters, orderBy: query.orderBy ?? 'updatedAt', page: pageOf(query) }, scope);
    return this.presentPage(list, (view) => this.present.changeRequest(view));
  }
}
