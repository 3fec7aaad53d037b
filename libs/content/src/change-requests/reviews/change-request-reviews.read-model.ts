import { defineReadModel, Doc, Filter, FindQuery, FindResult, Page, ReadModels, Sort, Provided } from '@docs/platform/projections';
import { ReviewStatus } from './change-request-review.events';

/** The reviews read model: one document per review submitted on a change request, kept until its space is purged. */
export interface ChangeRequestReviewDoc extends Doc {
  spaceId: string;
  changeRequestId: string;
  /** Who reviewed, and who had requested it from them (absent: reviewed without a request). */
  reviewer: string;
  requestedBy?: string;
  status: ReviewStatus;
  /** The change request's revision the review was made against. */
  revision: string;
  /** The change request got a new revision since, or the reviewer reviewed it again. */
  outdated: boolean;
  createdAt: string;
  /** Its event's revision in the change request's stream: orders a reviewer's reviews, even those of one instant. */
  sequence: number;
  /** When it became outdated (createdAt until then). */
  updatedAt: string;
}

export const CHANGE_REQUEST_REVIEWS = defineReadModel<ChangeRequestReviewDoc>({
  name: 'change_request_reviews',
  lists: [
    // GET .../reviews: oldest first (ties by id); with ?outdated=true|false.
    ['changeRequestId', 'createdAt'],
    ['changeRequestId', 'outdated', 'createdAt'],
    // A reviewer's latest review (the requested reviewers answer it; a new review outdates the previous one).
    ['changeRequestId', 'reviewer', 'sequence'],
  ],
  // A purged space's reviews.
  indexes: [['spaceId']],
});

export const OLDEST_REVIEW_FIRST: Sort = { field: 'createdAt', direction: 'asc' };
export const LATEST_REVIEW_FIRST: Sort = { field: 'sequence', direction: 'desc' };

/** The query of a reviewer's latest review of a change request (its page holds that review, if any). */
export const latestReview = (changeRequestId: string, reviewer: string): FindQuery => ({
  where: [
    { field: 'changeRequestId', op: 'eq', value: changeRequestId },
    { field: 'reviewer', op: 'eq', value: reviewer },
  ],
  sort: LATEST_REVIEW_FIRST,
  limit: 1,
});

/** The queries over the reviews read model. */
@Provided()
export class ChangeRequestReviewsReadModel {
  constructor(private readonly readModels: ReadModels) {}

  /** The review, when it is one of the change request's. */
  review(changeRequestId: string, reviewId: string): Promise<ChangeRequestReviewDoc | null> {
    return this.readModels.getIn(CHANGE_REQUEST_REVIEWS, reviewId, 'changeRequestId', changeRequestId);
  }

  /** A page of the change request's reviews, oldest first; only the outdated or the current ones when `outdated` is given. */
  list(changeRequestId: string, outdated: boolean | undefined, page: Page): Promise<FindResult<ChangeRequestReviewDoc>> {
    const where: Filter[] = [{ field: 'changeRequestId', op: 'eq', value: changeRequestId }];
    if (outdated !== undefined) where.push({ field: 'outdated', op: 'eq', value: outdated });
    return this.readModels.find(CHANGE_REQUEST_REVIEWS, { where, sort: OLDEST_REVIEW_FIRST, ...page });
  }

  /** Each user's latest review of the change request (users who never reviewed it are left out): one index range per user. */
  async latestOf(changeRequestId: string, userIds: readonly string[]): Promise<Map<string, ChangeRequestReviewDoc>> {
    const latest = await Promise.all(
      [...new Set(userIds)].map((reviewer) => this.readModels.find(CHANGE_REQUEST_REVIEWS, latestReview(changeRequestId, reviewer))),
    );
    return new Map(latest.flatMap(({ items: [doc] }): [string, ChangeRequestReviewDoc][] => (doc ? [[doc.reviewer, doc]] : [])));
  }
}
