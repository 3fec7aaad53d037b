import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChangeRequestViews } from '../change-request-views';
import { ChangeRequestWriter } from '../change-request-writer';
import { SpaceCommand } from '../../spaces/space-scope';

export class RemoveReviewer extends SpaceCommand<{ changeRequest: string; userId: string }> {}

/**
 * DELETE /v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers/{userId}:
 * editors and more withdraw a review request; 404 when none is pending from that user.
 */
@CommandHandler(RemoveReviewer)
export class RemoveReviewerHandler implements ICommandHandler<RemoveReviewer> {
  constructor(
    private readonly writer: ChangeRequestWriter,
    private readonly views: ChangeRequestViews,
  ) {}

  async execute({ props: { changeRequest, userId }, scope }: RemoveReviewer): Promise<void> {
    const { id } = await this.views.findIn(scope, changeRequest);
    await this.writer.execute(id, { type: 'RemoveReviewer', userId }, scope);
  }
}
