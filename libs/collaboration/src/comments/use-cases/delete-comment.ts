import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommentWriter } from '../comment-writer';
import { CommentsCommand } from '../comments-scope';

export class DeleteComment extends CommentsCommand<{ commentId: string }> {}

/** deleteCommentInSpace / deleteCommentInChangeRequest: the author or a space admin; its replies go with it. */
@CommandHandler(DeleteComment)
export class DeleteCommentHandler implements ICommandHandler<DeleteComment> {
  constructor(private readonly writer: CommentWriter) {}

  async execute({ props: { commentId }, scope }: DeleteComment): Promise<void> {
    await this.writer.execute(commentId, { type: 'DeleteComment' }, scope);
  }
}
