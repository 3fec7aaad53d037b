import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommentWriter } from '../comment-writer';
import { CommentsCommand } from '../comments-scope';

export class DeleteCommentReply extends CommentsCommand<{ commentId: string; replyId: string }> {}

/** deleteCommentReplyInSpace / deleteCommentReplyInChangeRequest: the reply's author or a space admin. */
@CommandHandler(DeleteCommentReply)
export class DeleteCommentReplyHandler implements ICommandHandler<DeleteCommentReply> {
  constructor(private readonly writer: CommentWriter) {}

  async execute({ props: { commentId, replyId }, scope }: DeleteCommentReply): Promise<void> {
    await this.writer.execute(commentId, { type: 'DeleteCommentReply', replyId }, scope);
  }
}
