import { Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, PageQuery, pageOf, UseCases } from '@docs/platform';
import { ListFileBacklinks } from './list-file-backlinks';
import { ListPageLinks } from './list-page-links';
import { ContentLocation } from '../revisions/read-content';
import { SpaceScope } from '../spaces/space-scope';
import { ListLinksQuery } from './links-query.dto';
import { LinksPresenter } from './links.presenter';
import { ContentLinkLocationResponse, ContentLinksResponse } from './link.response';
import { InSpace } from '../spaces/http/space-scope.pipe';

const at = (changeRequest: string): ContentLocation => ({ at: 'change-request', changeRequest });

/**
 * The links of a page and the backlinks of a file in a change request (`changeRequestId` is an id or a number): anyone who can see the
 * space.
 */
@ApiController('v1/spaces/:spaceId/change-requests/:changeRequestId/content', 'content')
export class ChangeRequestLinksController {
  constructor(
    private readonly useCases: UseCases,
    private readonly present: LinksPresenter,
  ) {}

  @Endpoint('GET', 'page/:pageId/links', {
    operationId: 'listPageLinksInChangeRequest',
    summary: 'List the links of a page of a change request',
    answers: ContentLinksResponse,
  })
  async pageLinks(
    @InSpace() scope: SpaceScope,
    @Param('changeRequestId') changeRequestId: string,
    @Param('pageId') pageId: string,
    @Query() query: ListLinksQuery,
  ) {
    return this.present.links(
      await this.useCases.query(
        new ListPageLinks({ location: at(changeRequestId), pageId, status: query.status, page: pageOf(query) }, scope),
      ),
    );
  }

  @Endpoint('GET', 'files/:fileId/backlinks', {
    operationId: 'listChangeRequestFileBacklinkLocations',
    summary: 'List the pages of a change request that reference a file',
    answers: [ContentLinkLocationResponse],
  })
  async fileBacklinks(
    @InSpace() scope: SpaceScope,
    @Param('changeRequestId') changeRequestId: string,
    @Param('fileId') fileId: string,
    @Query() query: PageQuery,
  ) {
    return this.present.backlinks(
      await this.useCases.query(new ListFileBacklinks({ location: at(changeRequestId), fileId, page: pageOf(query) }, scope)),
    );
  }
}
