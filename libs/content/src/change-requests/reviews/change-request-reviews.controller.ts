import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, pageOf, UseCaseRoutes } from '@docs/platform';
import { SpaceScope } from '../../spaces/space-scope';
import { InSpace } from '../../spaces/http/space-scope.pipe';
import { ChangeRequestReviewsPresenter } from './change-request-reviews.presenter';
import { GetChangeRequestReview } from './get-review';
import { ListChangeRequestReviews } from './list-reviews';
import { SubmitChangeRequestReview } from './submit-review';
import { ListReviewsQuery, ReviewFormatQuery, SubmitReviewBody } from './review.dto';
import { ChangeRequestReviewResponse } from './review.response';

/** The reviews of a change request (`{changeRequestId}`: its id or its number). */
@ApiController('v1/spaces/:spaceId/change-requests/:changeRequestId/reviews', 'change-requests-reviews')
export class ChangeRequestReviewsController extends UseCaseRoutes(ChangeRequestReviewsPresenter) {
  @Endpoint('POST', '', { status: 201, answers: ChangeRequestReviewResponse, located: true })
  @Operation('submitChangeRequestReview', "Review the change request's current revision: approved or changes-requested")
  async submit(@InSpace() scope: SpaceScope, @Param('changeRequestId') changeRequestId: string, @Body() body: SubmitReviewBody) {
    const view = await this.useCases.command(new SubmitChangeRequestReview({ changeRequest: changeRequestId, status: body.status }, scope));
    return this.present.review(view);
  }

  @Endpoint('GET', '', { answers: [ChangeRequestReviewResponse] })
  @Operation('getReviewsByChangeRequestId', 'List the reviews of a change request, oldest first')
  async list(@InSpace() scope: SpaceScope, @Param('changeRequestId') changeRequestId: string, @Query() query: ListReviewsQuery) {
    const list = new ListChangeRequestReviews({ changeRequest: changeRequestId, outdated: query.outdated, page: pageOf(query) }, scope);
    return this.presentPage(list, (view) => this.present.review(view));
  }

  @Endpoint('GET', ':reviewId', { answers: ChangeRequestReviewResponse })
  @Operation('getChangeRequestReviewById', 'Get a review of a change request by its id')
  async get(
    @InSpace() scope: SpaceScope,
    @Param('changeRequestId') changeRequestId: string,
    @Param('reviewId') reviewId: string,
    @Query() _query: ReviewFormatQuery,
  ) {
    return this.present.review(await this.useCases.query(new GetChangeRequestReview({ changeRequest: changeRequestId, reviewId }, scope)));
  }
}
