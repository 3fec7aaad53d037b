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

const at = (changeRequest: string): ContentLocation => ({ at: 'change-request', changeRequest });

/**
 * The content of a change request (its current revision; `changeRequestId` is an id or a number):
 * anyone who can see the space. The edit route (POST …/content) is the change requests controller's.
 */
@ApiController('v1/spaces/:spaceId/change-requests/:changeRequestId/content', 'content')
export class ChangeRequestContentController {
  constructor(
    private readonly useCases: UseCases,
    private readonly present: ContentPresenter,
  ) {}

  @Endpoint('GET', '', { operationId: 'getRevisionOfChangeRequestById', summary: 'Get the current revision of a change request', answers: RevisionResponse })
  async revision(@InSpace() scope: SpaceScope, @Param('changeRequestId') changeRequestId: string, @Query() _query: RevisionReadQuery) {
    return this.present.revision(await this.useCases.query(new GetRevision({ location: at(changeRequestId) }, scope)));
  }

  @Endpoint('GET', 'pages', { operationId: 'listPagesInChangeRequest', summary: 'List the pages of a change request (a tree, without bodies)', answers: RevisionPagesResponse })
  async pages(@InSpace() scope: SpaceScope, @Param('changeRequestId') changeRequestId: string, @Query() _query: RevisionReadQuery) {
    return this.present.pages(await this.useCases.query(new ListPages({ location: at(changeRequestId) }, scope)));
  }

  @Endpoint('GET', 'files', { operationId: 'listFilesInChangeRequestById', summary: 'List the files of a change request', answers: [RevisionFileResponse] })
  async files(@InSpace() scope: SpaceScope, @Param('changeRequestId') changeRequestId: string, @Query() query: ListFilesQuery) {
    const { view, files } = await this.useCases.query(new ListFiles({ location: at(changeRequestId), page: pageOf(query) }, scope));
    return envelope(files, (file) => this.present.file(view, file));
  }

  @Endpoint('GET', 'files/:fileId', { operationId: 'getFileInChangeRequestById', summary: 'Get a file of a change request', answers: RevisionFileResponse })
  async file(
    @InSpace() scope: SpaceScope,
    @Param('changeRequestId') changeRequestId: string,
    @Param('fileId') fileId: string,
    @Query() _query: RevisionReadQuery,
  ) {
    const { view, file } = await this.useCases.query(new GetFile({ location: at(changeRequestId), fileId }, scope));
    return this.present.file(view, file);
  }

  @Endpoint('GET', 'page/:pageId', { operationId: 'getPageInChangeRequestById', summary: 'Get a page of a change request, with its markdown', answers: RevisionPageResponse })
  async page(
    @InSpace() scope: SpaceScope,
    @Param('changeRequestId') changeRequestId: string,
    @Param('pageId') pageId: string,
    @Query() query: PageReadQuery,
  ) {
    return this.present.pageWithBody(await this.useCases.query(new GetPage({ location: at(changeRequestId), pageId, format: query.format }, scope)));
  }

  @Endpoint('GET', 'path/*', { operationId: 'getPageInChangeRequestByPath', summary: 'Get the page at a path of a change request, with its markdown', answers: RevisionPageResponse })
  @PAGE_PATH_PARAM
  async pageByPath(
    @InSpace() scope: SpaceScope,
    @Param('changeRequestId') changeRequestId: string,
    @PagePath() path: string,
    @Query() query: PageByPathQuery,
  ) {
    return this.present.pageWithBody(await this.useCases.query(new GetPageByPath({ location: at(changeRequestId), path, format: query.format }, scope)));
  }
}
