import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { OrganizationDirectory, UserDoc } from '@docs/organizations';
import { ChangeRequestReviewerDoc, ChangeRequestReviewersReadModel } from './change-request-reviewers.read-model';
import { ChangeRequestViews } from '../change-request-views';
import { SpaceQuery } from '../../spaces/space-scope';
import { ChangeRequestReviewDoc, ChangeRequestReviewsReadModel } from '../reviews/change-request-reviews.read-model';
import { reviewUserIds } from '../reviews/review-views';

/**
 * A requested reviewer as the routes present it: the request, the reviewer's latest review of the
 * change request (absent: none yet) and the users they name (reviewer, requesters), by id.
 */
export interface ReviewerView {
  reviewer: ChangeRequestReviewerDoc;
  review?: ChangeRequestReviewDoc;
  users: ReadonlyMap<string, UserDoc>;
}

/** The views of these requests (of one change request), with their reviews and the users they name looked up once. */
export async function reviewerViews(
  directory: OrganizationDirectory,
  reviews: ChangeRequestReviewsReadModel,
  docs: readonly ChangeRequestReviewerDoc[],
): Promise<ReviewerView[]> {
  const latest = docs[0]
    ? await reviews.latestOf(
        docs[0].changeRequestId,
        docs.map((d) => d.userId),
      )
    : new Map<string, ChangeRequestReviewDoc>();
  const ids = [...new Set([...docs.flatMap((d) => [d.userId, d.requestedBy]), ...reviewUserIds(latest.values())])];
  const users = new Map((await directory.usersById(ids)).map((u) => [u.id, u]));
  return docs.map((reviewer) => {
    const review = latest.get(reviewer.userId);
    return review ? { reviewer, review, users } : { reviewer, users };
  });
}

export class ListReviewers extends SpaceQuery<{ changeRequest: string; page: Page }, FindResult<ReviewerView>> {}

/**
 * GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers (an id or a
 * number): the users requested to review it, oldest request first, each with their latest review
 * of it; anyone who can see the space.
 */
@QueryHandler(ListReviewers)
export class ListReviewersHandler implements IQueryHandler<ListReviewers> {
  constructor(
    private readonly views: ChangeRequestViews,
    private readonly reviewers: ChangeRequestReviewersReadModel,
    private readonly directory: OrganizationDirectory,
    private readonly reviews: ChangeRequestReviewsReadModel,
  ) {}

  async execute({ props: { changeRequest, page }, scope }: ListReviewers): Promise<FindResult<ReviewerView>> {
    const { id } = await this.views.findIn(scope, changeRequest);
    const result = await this.reviewers.list(id, page);
    return { ...result, items: await reviewerViews(this.directory, this.reviews, result.items) };
  }
}
