import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommentWriter } from '../comment-writer';
import { CommentViews, ReplyView } from '../comment-views';
import { CommentsCommand } from '../comments-scope';

export class PostCommentReply extends CommentsCommand<{ commentId: string; markdown: string }, ReplyView> {}

/** postCommentReplyInSpace / postCommentReplyInChangeRequest: anyone with the comment role or more, on a comment open or resolved. */
@CommandHandler(PostCommentReply)
export class PostCommentReplyHandler implements ICommandHandler<PostCommentReply> {
  constructor(
    private readonly writer: CommentWriter,
    private readonly views: CommentViews,
  ) {}

  async execute({ props: { commentId, markdown }, scope }: PostCommentReply): Promise<ReplyView> {
    const replyId = scope.createdId('comment-reply');
    await this.writer.execute(commentId, { type: 'PostCommentReply', replyId, markdown }, scope);
    return this.views.replyView(scope, commentId, await this.views.findReply(scope, commentId, replyId));
  }
}
