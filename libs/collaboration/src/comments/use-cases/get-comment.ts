import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CommentView, CommentViews } from '../comment-views';
import { CommentsQuery } from '../comments-scope';

export class GetComment extends CommentsQuery<{ commentId: string }, CommentView> {}

/** getCommentInSpace / getCommentInChangeRequest: anyone who can see the space. */
@QueryHandler(GetComment)
export class GetCommentHandler implements IQueryHandler<GetComment> {
  constructor(private readonly views: CommentViews) {}

  async execute({ props: { commentId }, scope }: GetComment): Promise<CommentView> {
    return this.views.view(scope, await this.views.find(scope, commentId));
  }
}
