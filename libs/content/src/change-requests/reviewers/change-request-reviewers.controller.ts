import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, pageOf, PageQuery, UseCaseRoutes } from '@docs/platform';
import { ListReviewers } from './list-reviewers';
import { RemoveReviewer } from './remove-reviewer';
import { RequestReviewers } from './request-reviewers';
import { SpaceScope } from '../../spaces/space-scope';
import { ChangeRequestReviewersPresenter } from './change-request-reviewers.presenter';
import { RequestReviewersBody } from './reviewer.dto';
import { ChangeRequestRequestedReviewerResponse, RequestedReviewersResponse } from './reviewer.response';
import { InSpace } from '../../spaces/http/space-scope.pipe';

/** The users requested to review a change request (`{changeRequestId}`: its id or its number). */
@ApiController('v1/spaces/:spaceId/change-requests/:changeRequestId/requested-reviewers', 'change-request-reviewers')
export class ChangeRequestReviewersController extends UseCaseRoutes(ChangeRequestReviewersPresenter) {
  @Endpoint('GET', '', { answers: [ChangeRequestRequestedReviewerResponse] })
  @Operation('getRequestedReviewersByChangeRequestId', 'List the users requested to review a change request, oldest request first')
  async list(@InSpace() scope: SpaceScope, @Param('changeRequestId') changeRequestId: string, @Query() query: PageQuery) {
    const list = new ListReviewers({ changeRequest: changeRequestId, page: pageOf(query) }, scope);
    return this.presentPage(list, (view) => this.present.reviewer(view));
  }

  @Endpoint('POST', '', { status: 200, answers: RequestedReviewersResponse })
  @Operation('requestReviewersForChangeRequest', 'Request reviews of a change request from users (and optionally rename it)')
  async request(@InSpace() scope: SpaceScope, @Param('changeRequestId') changeRequestId: string, @Body() body: RequestReviewersBody) {
    const views = await this.useCases.command(
      new RequestReviewers({ changeRequest: changeRequestId, users: body.users, subject: body.subject }, scope),
    );
    return { users: views.map((view) => this.present.reviewer(view)) };
  }

  @Endpoint('DELETE', ':userId', { status: 205, answers: null })
  @Operation('removeRequestedReviewerFromChangeRequest', 'Withdraw the review request of a user (404 when none is pending)')
  async remove(@InSpace() scope: SpaceScope, @Param('changeRequestId') changeRequestId: string, @Param('userId') userId: string) {
    await this.useCases.command(new RemoveReviewer({ changeRequest: changeRequestId, userId }, scope));
  }
}
