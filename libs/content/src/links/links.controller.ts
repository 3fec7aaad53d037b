import { Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, PageQuery, pageOf } from '@docs/platform';
import { ListSpaceLinks } from './list-space-links';
import { ContentLocation } from '../revisions/read-content';
import { SpaceScope } from '../spaces/space-scope';
import { ListLinksQuery } from './links-query.dto';
import { LinksRoutes } from './links-routes';
import { ContentLinkLocationResponse, ContentLinksResponse } from './link.response';
import { InSpace } from '../spaces/http/space-scope.pipe';

const LIVE: ContentLocation = { at: 'live' };

/** The links of a space's live content, of one of its pages, and the backlinks of one of its files: anyone who can see the space. */
@ApiController('v1/spaces/:spaceId', 'content')
export class LinksController extends LinksRoutes {
  @Endpoint('GET', 'links', { answers: ContentLinksResponse })
  @Operation('listSpaceLinks', 'List the links of the live content, with their status and stats')
  async spaceLinks(@InSpace() scope: SpaceScope, @Query() query: ListLinksQuery) {
    return this.present.links(await this.useCases.query(new ListSpaceLinks({ status: query.status, page: pageOf(query) }, scope)));
  }

  @Endpoint('GET', 'content/page/:pageId/links', { answers: ContentLinksResponse })
  @Operation('listPageLinksInSpace', 'List the links of a page of the live content')
  async pageLinks(@InSpace() scope: SpaceScope, @Param('pageId') pageId: string, @Query() query: ListLinksQuery) {
    return this.linksOfPage(scope, LIVE, pageId, query);
  }

  @Endpoint('GET', 'content/files/:fileId/backlinks', { answers: [ContentLinkLocationResponse] })
  @Operation('listSpaceFileBacklinkLocations', 'List the pages of the live content that reference a file')
  async fileBacklinks(@InSpace() scope: SpaceScope, @Param('fileId') fileId: string, @Query() query: PageQuery) {
    return this.backlinksOfFile(scope, LIVE, fileId, query);
  }
}
