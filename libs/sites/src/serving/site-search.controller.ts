import { Body, Query } from '@nestjs/common';
import { SearchSpaceResultResponse } from '@docs/content';
import { ApiController, Endpoint, Operation, PageQuery, pageOf, UseCaseRoutes } from '@docs/platform';
import { Site } from '../shared/site-scope';
import { SiteScope } from '../shared/sites-scope';
import { SearchSiteContent } from './search-site-content';
import { SearchSiteBody } from './site-search.dto';
import { SiteSearchPresenter } from './site-search.presenter';

/** Full-text search of what a site shows (the API's side of the served site's search page). */
@ApiController('v1/orgs/:organizationId/sites/:siteId', 'sites')
export class SiteSearchController extends UseCaseRoutes(SiteSearchPresenter) {
  @Endpoint('POST', 'search', { status: 200, answers: [SearchSpaceResultResponse] })
  @Operation(
    'searchSiteContent',
    "Full-text search across the site's spaces the caller can see (within the scope): spaces with their matching pages, best first",
  )
  async search(@Site() scope: SiteScope, @Query() query: PageQuery, @Body() body: SearchSiteBody) {
    return this.presentPage(new SearchSiteContent({ body, page: pageOf(query) }, scope), (hit) => this.present.siteSpace(hit));
  }
}
