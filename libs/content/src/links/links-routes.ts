import { Param, Query, Type } from '@nestjs/common';
import { ApiController, Endpoint, Operation, pageOf, PageQuery, UseCaseRoutes } from '@docs/platform';
import { CHANGE_REQUEST_CONTENT, ContentPlace, LIVE_CONTENT, placeParameter } from '../content-reads/content-places';
import { SpaceScope } from '../spaces/space-scope';
import { InSpace } from '../spaces/http/space-scope.pipe';
import { ListFileBacklinks } from './list-file-backlinks';
import { ListPageLinks } from './list-page-links';
import { ListLinksQuery } from './links-query.dto';
import { ContentLinkLocationResponse, ContentLinksResponse } from './link.response';
import { LinksPresenter } from './links.presenter';

/** Where a page's links and a file's backlinks are read, and what their routes say differently. */
interface LinksPlaceRoutes extends ContentPlace {
  /** GitBook's operationIds of the place. */
  operationIds: { pageLinks: string; fileBacklinks: string };
  /** What the summaries read "of". */
  of: string;
}

/**
 * The links of a page and the backlinks of a file at one location (the live content, a change
 * request's), for anyone who can see the space. One definition for every location, which differ by
 * their route parameter and operationIds.
 */
function linksController(place: LinksPlaceRoutes): Type<unknown> {
  const Located = placeParameter(place);

  @ApiController(place.path, 'content')
  class LinksAtController extends UseCaseRoutes(LinksPresenter) {
    @Endpoint('GET', 'page/:pageId/links', { answers: ContentLinksResponse })
    @Operation(place.operationIds.pageLinks, `List the links of a page of ${place.of}`)
    async pageLinks(@InSpace() scope: SpaceScope, @Located() at: string, @Param('pageId') pageId: string, @Query() query: ListLinksQuery) {
      const list = new ListPageLinks({ location: place.locate(at), pageId, status: query.status, page: pageOf(query) }, scope);
      return this.present.links(await this.useCases.query(list));
    }

    @Endpoint('GET', 'files/:fileId/backlinks', { answers: [ContentLinkLocationResponse] })
    @Operation(place.operationIds.fileBacklinks, `List the pages of ${place.of} that reference a file`)
    async fileBacklinks(@InSpace() scope: SpaceScope, @Located() at: string, @Param('fileId') fileId: string, @Query() query: PageQuery) {
      const list = new ListFileBacklinks({ location: place.locate(at), fileId, page: pageOf(query) }, scope);
      return this.present.backlinks(await this.useCases.query(list));
    }
  }
  return LinksAtController;
}

export const LiveLinksController = linksController({
  ...LIVE_CONTENT,
  operationIds: { pageLinks: 'listPageLinksInSpace', fileBacklinks: 'listSpaceFileBacklinkLocations' },
  of: 'the live content',
});

export const ChangeRequestLinksController = linksController({
  ...CHANGE_REQUEST_CONTENT,
  operationIds: { pageLinks: 'listPageLinksInChangeRequest', fileBacklinks: 'listChangeRequestFileBacklinkLocations' },
  of: 'a change request',
});
