import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { OrganizationDirectory } from '@docs/organizations';
import { ChangeRequestViews } from '../change-request-views';
import { SpaceQuery } from '../../spaces/space-scope';
import { ChangeRequestReviewsReadModel } from './change-request-reviews.read-model';
import { ReviewView, reviewView } from './review-views';

export class GetChangeRequestReview extends SpaceQuery<{ changeRequest: string; reviewId: string }, ReviewView> {}

/**
 * GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews/{reviewId}: one review of the
 * change request (404 when it is another's); anyone who can see the space.
 */
@QueryHandler(GetChangeRequestReview)
export class GetChangeRequestReviewHandler implements IQueryHandler<GetChangeRequestReview> {
  constructor(
    private readonly views: ChangeRequestViews,
    private readonly reviews: ChangeRequestReviewsReadModel,
    private readonly directory: OrganizationDirectory,
  ) {}

  async execute({ props: { changeRequest, reviewId }, scope }: GetChangeRequestReview): Promise<ReviewView> {
    const { id } = await this.views.findIn(scope, changeRequest);
    return reviewView(this.directory, await this.reviews.review(id, reviewId));
  }
}
