import { applyDecorators, Param, Query } from '@nestjs/common';
import { ApiExtension, ApiResponse } from '@nestjs/swagger';
import { ApiController, Endpoint, Operation, UseCaseRoutes } from '@docs/platform';
import { SpaceScope } from '../spaces/space-scope';
import { InSpace } from '../spaces/http/space-scope.pipe';
import { DEFAULT_CHANGES_LIMIT } from './changes-view';
import { DiffPage } from './diff-page';
import { GetChangeRequestChanges } from './get-change-request-changes';
import { GetRevisionChanges } from './get-revision-changes';
import { PageDiffResponse } from './page-diff.response';
import { THREAD_BUDGET } from './page-line-diffs';
import {
  ChangeRequestChangesQuery,
  ChangeRequestPageDiffQuery,
  RevisionChangesQuery,
  RevisionPageDiffQuery,
  DEFAULT_DIFF_CONTEXT,
} from './revision-changes.dto';
import { RevisionChangesPresenter } from './revision-changes.presenter';
import { RevisionSemanticChangesResponse } from './revision-changes.response';

const LINE_DIFF = 'A line diff of page markdown for reviewers: GitBook lists semantic changes only';

const ERROR_BODY = { $ref: '#/components/schemas/ErrorBody' };

/**
 * A line diff route: marked as an operation GitBook's API does not have, in the served document
 * (DESIGN.md, "Beyond GitBook's API"), with what its bounded work may answer besides.
 */
const LineDiffRoute = () =>
  applyDecorators(
    ApiExtension('x-docs-extension', { gitbook: false, why: LINE_DIFF }),
    ApiResponse({
      status: 422,
      description:
        `The two versions of the page differ in more than ${THREAD_BUDGET.maxEditLines.toLocaleString('en-US')} lines, or too much ` +
        `to diff within ${THREAD_BUDGET.timeoutMs / 1000} s: read the page in each revision`,
      schema: ERROR_BODY,
    }),
    ApiResponse({ status: 503, description: "The server's work threads are busy: retry later", schema: ERROR_BODY }),
  );

/**
 * What a change request or a revision changes (GitBook's semantic changes: pages added, removed,
 * moved, renamed and edited, files added and removed), and the line diff of a page's markdown
 * between two revisions (this server's extension).
 */
@ApiController('v1/spaces/:spaceId', 'revision-changes')
export class RevisionChangesController extends UseCaseRoutes(RevisionChangesPresenter) {
  @Endpoint('GET', 'change-requests/:changeRequestId/changes', { answers: RevisionSemanticChangesResponse })
  @Operation('getChangeRequestChanges', 'What a change request changes, from the live revision it is based on to its current revision')
  async changeRequestChanges(
    @InSpace() scope: SpaceScope,
    @Param('changeRequestId') changeRequestId: string,
    @Query() query: ChangeRequestChangesQuery,
  ): Promise<RevisionSemanticChangesResponse> {
    const limit = query.limit ?? DEFAULT_CHANGES_LIMIT;
    return this.present.changes(await this.useCases.query(new GetChangeRequestChanges({ changeRequest: changeRequestId, limit }, scope)));
  }

  @Endpoint('GET', 'revisions/:revisionId/changes', { answers: RevisionSemanticChangesResponse })
  @Operation('getRevisionSemanticChanges', 'What a revision changed from its parent (for a merge: `mergedFrom`, the change request)')
  async revisionChanges(
    @InSpace() scope: SpaceScope,
    @Param('revisionId') revisionId: string,
    @Query() query: RevisionChangesQuery,
  ): Promise<RevisionSemanticChangesResponse> {
    const limit = query.limit ?? DEFAULT_CHANGES_LIMIT;
    return this.present.changes(await this.useCases.query(new GetRevisionChanges({ revisionId, limit }, scope)));
  }

  @Endpoint('GET', 'revisions/:revisionId/pages/:pageId/diff', { answers: PageDiffResponse })
  @Operation('getPageDiffBetweenRevisions', "Extension: the line diff of a page's markdown from the revision `from` to this one")
  @LineDiffRoute()
  async revisionPageDiff(
    @InSpace() scope: SpaceScope,
    @Param('revisionId') revisionId: string,
    @Param('pageId') pageId: string,
    @Query() query: RevisionPageDiffQuery,
  ): Promise<PageDiffResponse> {
    const sides = { revisionId, from: query.from };
    return this.present.pageDiff(
      await this.useCases.query(new DiffPage({ sides, pageId, context: query.context ?? DEFAULT_DIFF_CONTEXT }, scope)),
    );
  }

  @Endpoint('GET', 'change-requests/:changeRequestId/pages/:pageId/diff', { answers: PageDiffResponse })
  @Operation(
    'getPageDiffInChangeRequest',
    "Extension: the line diff of a page's markdown from a change request's base to its current revision",
  )
  @LineDiffRoute()
  async changeRequestPageDiff(
    @InSpace() scope: SpaceScope,
    @Param('changeRequestId') changeRequestId: string,
    @Param('pageId') pageId: string,
    @Query() query: ChangeRequestPageDiffQuery,
  ): Promise<PageDiffResponse> {
    const sides = { changeRequest: changeRequestId };
    return this.present.pageDiff(
      await this.useCases.query(new DiffPage({ sides, pageId, context: query.context ?? DEFAULT_DIFF_CONTEXT }, scope)),
    );
  }
}
