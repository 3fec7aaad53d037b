import { Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, PageQuery } from '@docs/platform';
import { ContentLocation } from '../revisions/read-content';
import { SpaceScope } from '../spaces/space-scope';
import { ListLinksQuery } from './links-query.dto';
import { LinksRoutes } from './links-routes';
import { ContentLinkLocationResponse, ContentLinksResponse } from './link.response';
import { InSpace } from '../spaces/http/space-scope.pipe';

const at = (changeRequest: string): ContentLocation => ({ at: 'change-request', changeRequest });

/**
 * The links of a page and the backlinks of a file in a change request (`changeRequestId` is an id or a number): anyone who can see the
 * space.
 */
@ApiController('v1/spaces/:spaceId/change-requests/:changeRequestId/content', 'content')
export class ChangeRequestLinksController extends LinksRoutes {
  @Endpoint('GET', 'page/:pageId/links', { answers: ContentLinksResponse })
  @Operation('listPageLinksInChangeRequest', 'List the links of a page of a change request')
  async pageLinks(
    @InSpace() scope: SpaceScope,
    @Param('changeRequestId') changeRequestId: string,
    @Param('pageId') pageId: string,
    @Query() query: ListLinksQuery,
  ) {
    return this.linksOfPage(scope, at(changeRequestId), pageId, query);
  }

  @Endpoint('GET', 'files/:fileId/backlinks', { answers: [ContentLinkLocationResponse] })
  @Operation('listChangeRequestFileBacklinkLocations', 'List the pages of a change request that reference a file')
  async fileBacklinks(
    @InSpace() scope: SpaceScope,
    @Param('changeRequestId') changeRequestId: string,
    @Param('fileId') fileId: string,
    @Query() query: PageQuery,
  ) {
    return this.backlinksOfFile(scope, at(changeRequestId), fileId, query);
  }
}
