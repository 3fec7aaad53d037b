import { Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, pageOf, UseCaseRoutes } from '@docs/platform';
import { SearchSpace } from './search-space';
import { SpaceScope } from '../spaces/space-scope';
import { SearchQuery } from './search.dto';
import { SearchPageResultResponse } from './search.response';
import { SearchPresenter } from './search.presenter';
import { InSpace } from '../spaces/http/space-scope.pipe';

/** Full-text search of a space's live content: anyone who can see the space. */
@ApiController('v1/spaces/:spaceId', 'content')
export class SpaceSearchController extends UseCaseRoutes(SearchPresenter) {
  @Endpoint('GET', 'search', { answers: [SearchPageResultResponse] })
  @Operation('searchSpaceContent', 'Full-text search across the live pages of a space: pages with their matching sections, best first')
  async search(@InSpace() scope: SpaceScope, @Query() query: SearchQuery) {
    const search = new SearchSpace({ query: query.query, page: pageOf(query) }, scope);
    return this.presentPage(search, (hit) => this.present.page(hit, query.query));
  }
}
