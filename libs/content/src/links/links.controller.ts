import { Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, PageQuery, pageOf, UseCases } from '@docs/platform';
import { ListFileBacklinks } from './list-file-backlinks';
import { ListPageLinks } from './list-page-links';
import { ListSpaceLinks } from './list-space-links';
import { ContentLocation } from '../revisions/read-content';
import { SpaceScope } from '../spaces/space-scope';
import { ListLinksQuery } from './links-query.dto';
import { LinksPresenter } from './links.presenter';
import { ContentLinkLocationResponse, ContentLinksResponse } from './link.response';
import { InSpace } from '../spaces/http/space-scope.pipe';

const LIVE: ContentLocation = { at: 'live' };

/** The links of a space's live content, of one of its pages, and the backlinks of one of its files: anyone who can see the space. */
@ApiController('v1/spaces/:spaceId', 'content')
export class LinksController {
  constructor(
    private readonly useCases: UseCases,
    private readonly present: LinksPresenter,
  ) {}

  @Endpoint('GET', 'links', {
    operationId: 'listSpaceLinks',
    summary: 'List the links of the live content, with their status and stats',
    answers: ContentLinksResponse,
  })
  async spaceLinks(@InSpace() scope: SpaceScope, @Query() query: ListLinksQuery) {
    return this.present.links(await this.useCases.query(new ListSpaceLinks({ status: query.status, page: pageOf(query) }, scope)));
  }

  @Endpoint('GET', 'content/page/:pageId/links', {
    operationId: 'listPageLinksInSpace',
    summary: 'List the links of a page of the live content',
    answers: ContentLinksResponse,
  })
  async pageLinks(@InSpace() scope: SpaceScope, @Param('pageId') pageId: string, @Query() query: ListLinksQuery) {
    return this.present.links(
      await this.useCases.query(new ListPageLinks({ location: LIVE, pageId, status: query.status, page: pageOf(query) }, scope)),
    );
  }

  @Endpoint('GET', 'content/files/:fileId/backlinks', {
    operationId: 'listSpaceFileBacklinkLocations',
    summary: 'List the pages of the live content that reference a file',
    answers: [ContentLinkLocationResponse],
  })
  async fileBacklinks(@InSpace() scope: SpaceScope, @Param('fileId') fileId: string, @Query() query: PageQuery) {
    return this.present.backlinks(await this.useCases.query(new ListFileBacklinks({ location: LIVE, fileId, page: pageOf(query) }, scope)));
  }
}
