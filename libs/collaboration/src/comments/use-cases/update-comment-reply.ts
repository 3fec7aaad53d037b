import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ReactionChanges } from '../comment.decider';
import { CommentWriter } from '../comment-writer';
import { CommentViews, ReplyView } from '../comment-views';
import { CommentsCommand } from '../comments-scope';

export class UpdateCommentReply extends CommentsCommand<
  { commentId: string; replyId: string; markdown?: string } & ReactionChanges,
  ReplyView
> {}

/** updateCommentReplyInSpace / updateCommentReplyInChangeRequest: commenters react; only the author edits the body. */
@CommandHandler(UpdateCommentReply)
export class UpdateCommentReplyHandler implements ICommandHandler<UpdateCommentReply> {
  constructor(
    private readonly writer: CommentWriter,
    private readonly views: CommentViews,
  ) {}

  async execute({ props: { commentId, replyId, ...changes }, scope }: UpdateCommentReply): Promise<ReplyView> {
    await this.writer.execute(commentId, { type: 'UpdateCommentReply', replyId, ...changes }, scope);
    return this.views.replyView(scope, commentId, await this.views.findReply(scope, commentId, replyId));
  }
}
