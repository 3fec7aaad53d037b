import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OrganizationDirectory } from '@docs/organizations';
import { ChangeRequestViews } from '../change-request-views';
import { ChangeRequestWriter } from '../change-request-writer';
import { SpaceCommand } from '../../spaces/space-scope';
import { ReviewStatus } from './change-request-review.events';
import { ChangeRequestReviewsReadModel } from './change-request-reviews.read-model';
import { ReviewView, reviewView } from './review-views';

export class SubmitChangeRequestReview extends SpaceCommand<{ changeRequest: string; status: ReviewStatus }, ReviewView> {}

/**
 * POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews (an id or a number): the
 * caller reviews the change request's current revision (who may: change-request-review.policy.ts;
 * merged or archived: 409). Their previous review of it becomes outdated.
 */
@CommandHandler(SubmitChangeRequestReview)
export class SubmitChangeRequestReviewHandler implements ICommandHandler<SubmitChangeRequestReview> {
  constructor(
    private readonly writer: ChangeRequestWriter,
    private readonly views: ChangeRequestViews,
    private readonly reviews: ChangeRequestReviewsReadModel,
    private readonly directory: OrganizationDirectory,
  ) {}

  async execute({ props: { changeRequest, status }, scope }: SubmitChangeRequestReview): Promise<ReviewView> {
    const { id } = await this.views.findIn(scope, changeRequest);
    const reviewId = scope.createdId('review');
    await this.writer.execute(id, { type: 'SubmitChangeRequestReview', reviewId, status }, scope);
    return reviewView(this.directory, await this.reviews.review(id, reviewId));
  }
}
