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

const at = (revisionId: string): ContentLocation => ({ at: 'revision', revisionId });

/** Any revision of a space, by id (the content history): anyone who can see the space; another space's revision is 404. */
@ApiController('v1/spaces/:spaceId/revisions/:revisionId', 'content')
export class RevisionsController {
  constructor(
    private readonly useCases: UseCases,
    private readonly present: ContentPresenter,
  ) {}

  @Endpoint('GET', '', { operationId: 'getRevisionById', summary: 'Get a revision of a space', answers: RevisionResponse })
  async revision(@InSpace() scope: SpaceScope, @Param('revisionId') revisionId: string, @Query() _query: RevisionReadQuery) {
    return this.present.revision(await this.useCases.query(new GetRevision({ location: at(revisionId) }, scope)));
  }

  @Endpoint('GET', 'pages', { operationId: 'listPagesInRevisionById', summary: 'List the pages of a revision (a tree, without bodies)', answers: RevisionPagesResponse })
  async pages(@InSpace() scope: SpaceScope, @Param('revisionId') revisionId: string, @Query() _query: RevisionReadQuery) {
    return this.present.pages(await this.useCases.query(new ListPages({ location: at(revisionId) }, scope)));
  }

  @Endpoint('GET', 'files', { operationId: 'listFilesInRevisionById', summary: 'List the files of a revision', answers: [RevisionFileResponse] })
  async files(@InSpace() scope: SpaceScope, @Param('revisionId') revisionId: string, @Query() query: ListFilesQuery) {
    const { view, files } = await this.useCases.query(new ListFiles({ location: at(revisionId), page: pageOf(query) }, scope));
    return envelope(files, (file) => this.present.file(view, file));
  }

  @Endpoint('GET', 'files/:fileId', { operationId: 'getFileInRevisionById', summary: 'Get a file of a revision', answers: RevisionFileResponse })
  async file(@InSpace() scope: SpaceScope, @Param('revisionId') revisionId: string, @Param('fileId') fileId: string, @Query() _query: RevisionReadQuery) {
    const { view, file } = await this.useCases.query(new GetFile({ location: at(revisionId), fileId }, scope));
    return this.present.file(view, file);
  }

  @Endpoint('GET', 'page/:pageId', { operationId: 'getPageInRevisionById', summary: 'Get a page of a revision, with its markdown', answers: RevisionPageResponse })
  async page(@InSpace() scope: SpaceScope, @Param('revisionId') revisionId: string, @Param('pageId') pageId: string, @Query() query: PageReadQuery) {
    return this.present.pageWithBody(await this.useCases.query(new GetPage({ location: at(revisionId), pageId, format: query.format }, scope)));
  }

  @Endpoint('GET', 'path/*', { operationId: 'getPageInRevisionByPath', summary: 'Get the page at a path of a revision, with its markdown', answers: RevisionPageResponse })
  @PAGE_PATH_PARAM
  async pageByPath(@InSpace() scope: SpaceScope, @Param('revisionId') revisionId: string, @PagePath() path: string, @Query() query: PageByPathQuery) {
    return this.present.pageWithBody(await this.useCases.query(new GetPageByPath({ location: at(revisionId), path, format: query.format }, scope)));
  }
}
