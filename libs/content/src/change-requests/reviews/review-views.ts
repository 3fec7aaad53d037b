import { found } from '@docs/platform';
import { OrganizationDirectory, UserDoc } from '@docs/organizations';
import { ChangeRequestReviewDoc } from './change-request-reviews.read-model';

/** A review as the routes present it: the document and the users it names (reviewer, requester), by id. */
export interface ReviewView {
  review: ChangeRequestReviewDoc;
  users: ReadonlyMap<string, UserDoc>;
}

/** The users these reviews name. */
export const reviewUserIds = (docs: Iterable<ChangeRequestReviewDoc>): string[] =>
  [...docs].flatMap((d) => (d.requestedBy !== undefined ? [d.reviewer, d.requestedBy] : [d.reviewer]));

/** The views of these reviews, with the users they name looked up once. */
export async function reviewViews(directory: OrganizationDirectory, docs: readonly ChangeRequestReviewDoc[]): Promise<ReviewView[]> {
  const users = new Map((await directory.usersById([...new Set(reviewUserIds(docs))])).map((u) => [u.id, u]));
  return docs.map((review) => ({ review, users }));
}

/** The view of one review of a change request (`review`, as read in it): 404 when there is none. */
export async function reviewView(directory: OrganizationDirectory, review: ChangeRequestReviewDoc | null): Promise<ReviewView> {
  return (await reviewViews(directory, [found(review, 'review not found')]))[0]!;
}
