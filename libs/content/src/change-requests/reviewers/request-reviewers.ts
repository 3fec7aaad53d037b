import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OrganizationDirectory } from '@docs/organizations';
import { ChangeRequestReviewersReadModel } from './change-request-reviewers.read-model';
import { ChangeRequestViews } from '../change-request-views';
import { ChangeRequestWriter } from '../change-request-writer';
import { ReviewerView, reviewerViews } from './list-reviewers';
import { SpaceCommand } from '../../spaces/space-scope';
import { ChangeRequestReviewsReadModel } from '../reviews/change-request-reviews.read-model';

export class RequestReviewers extends SpaceCommand<{ changeRequest: string; users: string[]; subject?: string }, ReviewerView[]> {}

/**
 * POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers: editors and more
 * ask users to review a change request (not merged: 409), and may rename it (`subject`). Every user
 * must be able to see the space (400 naming those who cannot). Users already requested keep their
 * request; the answer is the requests of every user named, in the order given.
 */
@CommandHandler(RequestReviewers)
export class RequestReviewersHandler implements ICommandHandler<RequestReviewers> {
  constructor(
    private readonly writer: ChangeRequestWriter,
    private readonly views: ChangeRequestViews,
    private readonly reviewers: ChangeRequestReviewersReadModel,
    private readonly directory: OrganizationDirectory,
    private readonly reviews: ChangeRequestReviewsReadModel,
  ) {}

  async execute({ props: { changeRequest, users, subject }, scope }: RequestReviewers): Promise<ReviewerView[]> {
    const { id } = await this.views.findIn(scope, changeRequest);
    const userIds = [...new Set(users)];
    await this.writer.execute(id, { type: 'RequestReviewers', userIds, ...(subject !== undefined ? { subject } : {}) }, scope);
    return reviewerViews(this.directory, this.reviews, await this.reviewers.ofUsers(id, userIds));
  }
}
