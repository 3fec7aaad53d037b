import { Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, pageOf, UseCaseRoutes } from '@docs/platform';
import { OrganizationScope, OrgScope } from '@docs/organizations';
import { SearchOrganization } from './search-organization';
import { SearchQuery } from './search.dto';
import { SearchSpaceResultResponse } from './search.response';
import { SearchPresenter } from './search.presenter';

/** Full-text search of the live content of the spaces of an organization the caller can see. */
@ApiController('v1/orgs/:organizationId', 'spaces')
export class OrgSearchController extends UseCaseRoutes(SearchPresenter) {
  @Endpoint('GET', 'search', { answers: [SearchSpaceResultResponse] })
  @Operation(
    'searchOrganizationContent',
    'Full-text search across the spaces of an organization the caller can see: spaces with their matching pages, best first',
  )
  async search(@OrgScope() scope: OrganizationScope, @Query() query: SearchQuery) {
    const search = new SearchOrganization({ query: query.query, page: pageOf(query) }, scope);
    return this.presentPage(search, (hit) => this.present.space(hit, query.query));
  }
}
