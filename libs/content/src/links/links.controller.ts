import { Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, pageOf, UseCaseRoutes } from '@docs/platform';
import { ListSpaceLinks } from './list-space-links';
import { SpaceScope } from '../spaces/space-scope';
import { ListLinksQuery } from './links-query.dto';
import { ContentLinksResponse } from './link.response';
import { LinksPresenter } from './links.presenter';
import { InSpace } from '../spaces/http/space-scope.pipe';

/** The links of a space's live content: anyone who can see the space (a page's links and a file's backlinks: links-routes.ts). */
@ApiController('v1/spaces/:spaceId', 'content')
export class LinksController extends UseCaseRoutes(LinksPresenter) {
  @Endpoint('GET', 'links', { answers: ContentLinksResponse })
  @Operation('listSpaceLinks', 'List the links of the live content, with their status and stats')
  async spaceLinks(@InSpace() scope: SpaceScope, @Query() query: ListLinksQuery) {
    return this.present.links(await this.useCases.query(new ListSpaceLinks({ status: query.status, page: pageOf(query) }, scope)));
  }
}
