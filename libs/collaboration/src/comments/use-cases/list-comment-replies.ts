import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { CommentsReadModel } from '../comments.read-model';
import { CommentViews, ReplyView } from '../comment-views';
import { CommentsQuery } from '../comments-scope';

export class ListCommentReplies extends CommentsQuery<{ commentId: string; page: Page }, FindResult<ReplyView>> {}

/** listCommentRepliesInSpace / listCommentRepliesInChangeRequest: oldest first; anyone who can see the space. */
@QueryHandler(ListCommentReplies)
export class ListCommentRepliesHandler implements IQueryHandler<ListCommentReplies> {
  constructor(
    private readonly comments: CommentsReadModel,
    private readonly views: CommentViews,
  ) {}

  async execute({ props: { commentId, page }, scope }: ListCommentReplies): Promise<FindResult<ReplyView>> {
    await this.views.find(scope, commentId);
    const result = await this.comments.replies(commentId, page);
    return { ...result, items: await this.views.replyViews(scope, commentId, result.items) };
  }
}
