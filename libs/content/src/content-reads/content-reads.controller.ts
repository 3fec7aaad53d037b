import { applyDecorators, Param, Query, Type, UseInterceptors } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { ApiController, JsonTextAnswers, Endpoint, Operation, envelope, ListEnvelope, pageOf, UseCaseRoutes } from '@docs/platform';
import { SpaceScope } from '../spaces/space-scope';
import { InSpace } from '../spaces/http/space-scope.pipe';
import { CHANGE_REQUEST_CONTENT, ContentPlace, LIVE_CONTENT, placeParameter, REVISION_CONTENT } from './content-places';
import { ContentPresenter } from './content.presenter';
import {
  ListFilesQuery,
  PAGE_PATH_PARAM,
  PageByPathQuery,
  PagePath,
  PageReadQuery,
  RevisionReadQuery,
  RevisionTreeQuery,
} from './content-query.dto';
import { GetFile } from './get-file';
import { GetPage } from './get-page';
import { GetPageByPath } from './get-page-by-path';
import { GetRevision } from './get-revision';
import { ListFiles } from './list-files';
import { ListPages } from './list-pages';
import { bodyForm } from './page-bodies';
import { RevisionFileResponse, RevisionPageResponse, RevisionPagesResponse, RevisionResponse } from './revision.response';

/** Where a set of content read routes lives, and what its routes say differently: the rest is the same for every location. */
interface ContentPlaceRoutes extends ContentPlace {
  /** GitBook's operationIds of the place. */
  operationIds: { revision: string; pages: string; files: string; file: string; page: string; pageByPath: string };
  /** The summary of the revision route, and what the other summaries read "of". */
  summaries: { revision: string; of: string };
}

const ERROR_BODY = { $ref: '#/components/schemas/ErrorBody' };

/** What converting bodies (format=document, format.markdown.refs=stable) may answer besides (page-bodies.ts). */
const CONVERTED_BODIES = applyDecorators(
  ApiResponse({
    status: 422,
    description:
      'format=document or format.markdown.refs=stable: the markdown of a page could not be converted within the ' +
      'time or memory budget (the message names the pages); read it as markdown',
    schema: ERROR_BODY,
  }),
  ApiResponse({ status: 503, description: "The server's work threads are busy converting bodies: retry later", schema: ERROR_BODY }),
);

/** How a read asks for its pages' bodies. */
const formOf = (query: RevisionTreeQuery) => bodyForm(query.format, query['format.markdown.refs']);

/**
 * The content of one location (the live revision, a change request's, any revision by id): its
 * revision, pages, files, and a page by id or by path, for anyone who can see the space. One
 * definition for every location, which differ by their route parameter and operationIds.
 */
function contentReadsController(place: ContentPlaceRoutes): Type<unknown> {
  const Located = placeParameter(place);
  const ids = place.operationIds;
  const of = place.summaries.of;

  @ApiController(place.path, 'content')
  // With format=document, pages' documents are written as the work threads' JSON text (JsonText).
  @UseInterceptors(JsonTextAnswers)
  class ContentReadsController extends UseCaseRoutes(ContentPresenter) {
    @Endpoint('GET', '', { answers: RevisionResponse })
    @Operation(ids.revision, place.summaries.revision)
    @CONVERTED_BODIES
    async revision(@InSpace() scope: SpaceScope, @Located() at: string, @Query() query: RevisionTreeQuery): Promise<RevisionResponse> {
      const view = await this.useCases.query(new GetRevision({ location: place.locate(at), form: formOf(query) }, scope));
      return this.present.revision(view);
    }

    @Endpoint('GET', 'pages', { answers: RevisionPagesResponse })
    @Operation(ids.pages, `List the pages of ${of} (a tree, each page with its body)`)
    @CONVERTED_BODIES
    async pages(@InSpace() scope: SpaceScope, @Located() at: string, @Query() query: RevisionTreeQuery): Promise<RevisionPagesResponse> {
      const view = await this.useCases.query(new ListPages({ location: place.locate(at), form: formOf(query) }, scope));
      return this.present.pages(view);
    }

    @Endpoint('GET', 'files', { answers: [RevisionFileResponse] })
    @Operation(ids.files, `List the files of ${of}`)
    async files(
      @InSpace() scope: SpaceScope,
      @Located() at: string,
      @Query() query: ListFilesQuery,
    ): Promise<ListEnvelope<RevisionFileResponse>> {
      const { view, files } = await this.useCases.query(new ListFiles({ location: place.locate(at), page: pageOf(query) }, scope));
      return envelope(files, (file) => this.present.file(view, file));
    }

    @Endpoint('GET', 'files/:fileId', { answers: RevisionFileResponse })
    @Operation(ids.file, `Get a file of ${of}`)
    async file(
      @InSpace() scope: SpaceScope,
      @Located() at: string,
      @Param('fileId') fileId: string,
      @Query() _query: RevisionReadQuery,
    ): Promise<RevisionFileResponse> {
      const { view, file } = await this.useCases.query(new GetFile({ location: place.locate(at), fileId }, scope));
      return this.present.file(view, file);
    }

    @Endpoint('GET', 'page/:pageId', { answers: RevisionPageResponse })
    @Operation(ids.page, `Get a page of ${of}, with its body (markdown or document)`)
    @CONVERTED_BODIES
    async page(
      @InSpace() scope: SpaceScope,
      @Located() at: string,
      @Param('pageId') pageId: string,
      @Query() query: PageReadQuery,
    ): Promise<RevisionPageResponse> {
      const view = await this.useCases.query(new GetPage({ location: place.locate(at), pageId, form: formOf(query) }, scope));
      return this.present.pageWithBody(view);
    }

    @Endpoint('GET', 'path/*', { answers: RevisionPageResponse })
    @Operation(ids.pageByPath, `Get the page at a path of ${of}, with its body (markdown or document)`)
    @CONVERTED_BODIES
    @PAGE_PATH_PARAM
    async pageByPath(
      @InSpace() scope: SpaceScope,
      @Located() at: string,
      @PagePath() path: string,
      @Query() query: PageByPathQuery,
    ): Promise<RevisionPageResponse> {
      const view = await this.useCases.query(new GetPageByPath({ location: place.locate(at), path, form: formOf(query) }, scope));
      return this.present.pageWithBody(view);
    }
  }
  return ContentReadsController;
}

/** The live content of a space (its current revision). */
export const LiveContentController = contentReadsController({
  ...LIVE_CONTENT,
  operationIds: {
    revision: 'getCurrentRevision',
    pages: 'listPages',
    files: 'listFiles',
    file: 'getFileById',
    page: 'getPageById',
    pageByPath: 'getPageByPath',
  },
  summaries: { revision: 'Get the live revision of a space', of: 'the live revision' },
});

/**
 * The content of a change request (its current revision; `changeRequestId` is an id or a number).
 * The edit route (POST …/content) is the change requests controller's.
 */
export const ChangeRequestContentController = contentReadsController({
  ...CHANGE_REQUEST_CONTENT,
  operationIds: {
    revision: 'getRevisionOfChangeRequestById',
    pages: 'listPagesInChangeRequest',
    files: 'listFilesInChangeRequestById',
    file: 'getFileInChangeRequestById',
    page: 'getPageInChangeRequestById',
    pageByPath: 'getPageInChangeRequestByPath',
  },
  summaries: { revision: 'Get the current revision of a change request', of: 'a change request' },
});

/** Any revision of a space, by id (the content history); another space's revision is 404. */
export const RevisionsController = contentReadsController({
  ...REVISION_CONTENT,
  operationIds: {
    revision: 'getRevisionById',
    pages: 'listPagesInRevisionById',
    files: 'listFilesInRevisionById',
    file: 'getFileInRevisionById',
    page: 'getPageInRevisionById',
    pageByPath: 'getPageInRevisionByPath',
  },
  summaries: { revision: 'Get a revision of a space', of: 'a revision' },
});
