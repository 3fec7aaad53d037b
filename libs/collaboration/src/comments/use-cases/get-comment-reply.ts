import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CommentViews, ReplyView } from '../comment-views';
import { CommentsQuery } from '../comments-scope';

export class GetCommentReply extends CommentsQuery<{ commentId: string; replyId: string }, ReplyView> {}

/** getCommentReplyInSpace / getCommentReplyInChangeRequest: anyone who can see the space. */
@QueryHandler(GetCommentReply)
export class GetCommentReplyHandler implements IQueryHandler<GetCommentReply> {
  constructor(private readonly views: CommentViews) {}

  async execute({ props: { commentId, replyId }, scope }: GetCommentReply): Promise<ReplyView> {
    return this.views.replyView(scope, commentId, await this.views.findReply(scope, commentId, replyId));
  }
}
