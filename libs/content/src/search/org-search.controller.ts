import { Query } from '@nestjs/common';
import { ApiController, Endpoint, envelope, pageOf, UseCases } from '@docs/platform';
import { OrganizationScope, OrgScope } from '@docs/organizations';
import { SearchOrganization } from './search-organization';
import { SearchQuery } from './search.dto';
import { SearchSpaceResultResponse } from './search.response';
import { SearchPresenter } from './search.presenter';

/** Full-text search of the live content of the spaces of an organization the caller can see. */
@ApiController('v1/orgs/:organizationId', 'spaces')
export class OrgSearchController {
  constructor(
    private readonly useCases: UseCases,
    private readonly present: SearchPresenter,
  ) {}

  @Endpoint('GET', 'search', {
    operationId: 'searchOrganizationContent',
    summary: 'Full-text search across the spaces of an organization the caller can see: spaces with their matching pages, best first',
    answers: [SearchSpaceResultResponse],
  })
  async search(@OrgScope() scope: OrganizationScope, @Query() query: SearchQuery) {
    const result = await this.useCases.query(new SearchOrganization({ query: query.query, page: pageOf(query) }, scope));
    return envelope(result, (hit) => this.present.space(hit, query.query));
  }
}
