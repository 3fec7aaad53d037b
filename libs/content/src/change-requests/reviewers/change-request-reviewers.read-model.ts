import { defineReadModel, Doc, OwnedDocs, ReadModels, Sort, Provided } from '@docs/platform/projections';

/**
 * The requested reviewers read model: one document per change request and user requested to review
 * it (`<changeRequestId>:<userId>`), from the request until it is removed. A user requested again
 * after a removal gets a new document (the new request's time, requester and revision).
 */
export interface ChangeRequestReviewerDoc extends Doc {
  spaceId: string;
  changeRequestId: string;
  /** The user requested to review. */
  userId: string;
  /** Who requested the review, and when. */
  requestedBy: string;
  requestedAt: string;
  /** The change request's revision when the review was requested. */
  revision: string;
}

export const reviewerId = (changeRequestId: string, userId: string) => `${changeRequestId}:${userId}`;

export const CHANGE_REQUEST_REVIEWERS = defineReadModel<ChangeRequestReviewerDoc>({
  name: 'change_request_reviewers',
  // GET .../change-requests/{changeRequestId}/requested-reviewers: oldest request first (ties by id, so by user).
  lists: [['changeRequestId', 'requestedAt']],
  // A purged space's reviewers.
  indexes: [['spaceId']],
});

export const OLDEST_REQUEST_FIRST: Sort = { field: 'requestedAt', direction: 'asc' };

/** The queries over the requested reviewers read model: a change request's, oldest request first. */
@Provided()
export class ChangeRequestReviewersReadModel extends OwnedDocs<ChangeRequestReviewerDoc, 'changeRequestId'> {
  constructor(readModels: ReadModels) {
    super(readModels, CHANGE_REQUEST_REVIEWERS, 'changeRequestId', 'reviewer not found', OLDEST_REQUEST_FIRST);
  }

  /** The requests of these users to review the change request that exist, in the order of `userIds`. */
  async ofUsers(changeRequestId: string, userIds: readonly string[]): Promise<ChangeRequestReviewerDoc[]> {
    const docs = await this.readModels.getMany(
      CHANGE_REQUEST_REVIEWERS,
      userIds.map((u) => reviewerId(changeRequestId, u)),
    );
    const byUser = new Map(docs.map((d) => [d.userId, d]));
    return userIds.flatMap((u) => (byUser.has(u) ? [byUser.get(u)!] : []));
  }
}
