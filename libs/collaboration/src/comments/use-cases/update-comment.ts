import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ReactionChanges } from '../comment.decider';
import { CommentWriter } from '../comment-writer';
import { CommentView, CommentViews } from '../comment-views';
import { CommentsCommand } from '../comments-scope';

export class UpdateComment extends CommentsCommand<
  { commentId: string; resolved?: boolean; markdown?: string } & ReactionChanges,
  CommentView
> {}

/**
 * updateCommentInSpace / updateCommentInChangeRequest: commenters resolve, reopen and react; only
 * the author edits the body. One decision: a refused part refuses the whole update.
 */
@CommandHandler(UpdateComment)
export class UpdateCommentHandler implements ICommandHandler<UpdateComment> {
  constructor(
    private readonly writer: CommentWriter,
    private readonly views: CommentViews,
  ) {}

  async execute({ props: { commentId, ...changes }, scope }: UpdateComment): Promise<CommentView> {
    await this.writer.execute(commentId, { type: 'UpdateComment', ...changes }, scope);
    return this.views.view(scope, await this.views.find(scope, commentId));
  }
}
