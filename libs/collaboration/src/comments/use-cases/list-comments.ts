import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { CommentFilters, CommentsReadModel } from '../comments.read-model';
import { CommentView, CommentViews } from '../comment-views';
import { CommentsQuery } from '../comments-scope';

export class ListComments extends CommentsQuery<{ filters: CommentFilters; page: Page }, FindResult<CommentView>> {}

/** listCommentsInSpace / listCommentsInChangeRequest: anyone who can see the space. */
@QueryHandler(ListComments)
export class ListCommentsHandler implements IQueryHandler<ListComments> {
  constructor(
    private readonly comments: CommentsReadModel,
    private readonly views: CommentViews,
  ) {}

  async execute({ props: { filters, page }, scope }: ListComments): Promise<FindResult<CommentView>> {
    const place = await scope.place();
    const result = await this.comments.comments(place.ref, filters, page);
    return { ...result, items: await this.views.views(scope, result.items) };
  }
}
