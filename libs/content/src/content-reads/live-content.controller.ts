import { Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, envelope, pageOf, UseCases } from '@docs/platform';
import { GetFile } from './get-file';
import { GetPage } from './get-page';
import { GetPageByPath } from './get-page-by-path';
import { GetRevision } from './get-revision';
import { ListFiles } from './list-files';
import { ListPages } from './list-pages';
import { ContentLocation } from '../revisions/read-content';
import { SpaceScope } from '../spaces/space-scope';
import { ContentPresenter } from './content.presenter';
import { ListFilesQuery, PAGE_PATH_PARAM, PageByPathQuery, PagePath, PageReadQuery, RevisionReadQuery } from './content-query.dto';
import { RevisionFileResponse, RevisionPageResponse, RevisionPagesResponse, RevisionResponse } from './revision.response';
import { InSpace } from '../spaces/http/space-scope.pipe';

const LIVE: ContentLocation = { at: 'live' };

/** The live content of a space (its current revision): anyone who can see the space. */
@ApiController('v1/spaces/:spaceId/content', 'content')
export class LiveContentController {
  constructor(
    private readonly useCases: UseCases,
    private readonly present: ContentPresenter,
  ) {}

  @Endpoint('GET', '', { operationId: 'getCurrentRevision', summary: 'Get the live revision of a space', answers: RevisionResponse })
  async revision(@InSpace() scope: SpaceScope, @Query() _query: RevisionReadQuery) {
    return this.present.revision(await this.useCases.query(new GetRevision({ location: LIVE }, scope)));
  }

  @Endpoint('GET', 'pages', { operationId: 'listPages', summary: 'List the pages of the live revision (a tree, without bodies)', answers: RevisionPagesResponse })
  async pages(@InSpace() scope: SpaceScope, @Query() _query: RevisionReadQuery) {
    return this.present.pages(await this.useCases.query(new ListPages({ location: LIVE }, scope)));
  }

  @Endpoint('GET', 'files', { operationId: 'listFiles', summary: 'List the files of the live revision', answers: [RevisionFileResponse] })
  async files(@InSpace() scope: SpaceScope, @Query() query: ListFilesQuery) {
    const { view, files } = await this.useCases.query(new ListFiles({ location: LIVE, page: pageOf(query) }, scope));
    return envelope(files, (file) => this.present.file(view, file));
  }

  @Endpoint('GET', 'files/:fileId', { operationId: 'getFileById', summary: 'Get a file of the live revision', answers: RevisionFileResponse })
  async file(@InSpace() scope: SpaceScope, @Param('fileId') fileId: string, @Query() _query: RevisionReadQuery) {
    const { view, file } = await this.useCases.query(new GetFile({ location: LIVE, fileId }, scope));
    return this.present.file(view, file);
  }

  @Endpoint('GET', 'page/:pageId', { operationId: 'getPageById', summary: 'Get a page of the live revision, with its markdown', answers: RevisionPageResponse })
  async page(@InSpace() scope: SpaceScope, @Param('pageId') pageId: string, @Query() query: PageReadQuery) {
    return this.present.pageWithBody(await this.useCases.query(new GetPage({ location: LIVE, pageId, format: query.format }, scope)));
  }

  @Endpoint('GET', 'path/*', { operationId: 'getPageByPath', summary: 'Get the page at a path of the live revision, with its markdown', answers: RevisionPageResponse })
  @PAGE_PATH_PARAM
  async pageByPath(@InSpace() scope: SpaceScope, @PagePath() path: string, @Query() query: PageByPathQuery) {
    return this.present.pageWithBody(await this.useCases.query(new GetPageByPath({ location: LIVE, path, format: query.format }, scope)));
  }
}
