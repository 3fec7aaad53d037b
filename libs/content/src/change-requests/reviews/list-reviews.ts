import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { OrganizationDirectory } from '@docs/organizations';
import { ChangeRequestViews } from '../change-request-views';
import { SpaceQuery } from '../../spaces/space-scope';
import { ChangeRequestReviewsReadModel } from './change-request-reviews.read-model';
import { ReviewView, reviewViews } from './review-views';

export class ListChangeRequestReviews extends SpaceQuery<
  { changeRequest: string; outdated?: boolean; page: Page },
  FindResult<ReviewView>
> {}

/**
 * GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews (an id or a number): its
 * reviews, oldest first, only the outdated or the current ones with `outdated`; anyone who can see
 * the space.
 */
@QueryHandler(ListChangeRequestReviews)
export class ListChangeRequestReviewsHandler implements IQueryHandler<ListChangeRequestReviews> {
  constructor(
    private readonly views: ChangeRequestViews,
    private readonly reviews: ChangeRequestReviewsReadModel,
    private readonly directory: OrganizationDirectory,
  ) {}

  async execute({ props: { changeRequest, outdated, page }, scope }: ListChangeRequestReviews): Promise<FindResult<ReviewView>> {
    const { id } = await this.views.findIn(scope, changeRequest);
    const result = await this.reviews.list(id, outdated, page);
    return { ...result, items: await reviewViews(this.directory, result.items) };
  }
}
