import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommentWriter } from '../comment-writer';
import { CommentView, CommentViews } from '../comment-views';
import { CommentsCommand } from '../comments-scope';

export class PostComment extends CommentsCommand<{ node?: string; page?: string; markdown: string }, CommentView> {}

/**
 * postCommentInSpace / postCommentInChangeRequest: anyone with the comment role or more posts an
 * open comment on the place's current revision (the live one, or the change request's), about a
 * page of that revision when `page` is given (400 naming `page` otherwise).
 */
@CommandHandler(PostComment)
export class PostCommentHandler implements ICommandHandler<PostComment> {
  constructor(
    private readonly writer: CommentWriter,
    private readonly views: CommentViews,
  ) {}

  async execute({ props: { node, page, markdown }, scope }: PostComment): Promise<CommentView> {
    const { revision } = await scope.place();
    const commentId = scope.createdId('comment');
    await this.writer.execute(
      commentId,
      {
        type: 'PostComment',
        commentId,
        revision,
        ...(node !== undefined ? { node } : {}),
        ...(page !== undefined ? { page } : {}),
        markdown,
      },
      scope,
    );
    return this.views.view(scope, await this.views.find(scope, commentId));
  }
}
