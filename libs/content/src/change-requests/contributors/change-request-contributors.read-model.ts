import { defineReadModel, Doc, OwnedDocs, ReadModels, Sort, Provided } from '@docs/platform/projections';

/**
 * How a contributor changed a change request, as GitBook's ChangeRequestUserContributor names it.
 * Only `edit` is kept here: GitBook's document lists "users who have contributed content edits", and
 * the people who commented have a list of their own (getCommentersByChangeRequestId).
 */
export type ContributionKind = 'edit';

/**
 * One user's contributions to one change request (`<changeRequestId>:<userId>`): creating it (its
 * first contribution, so its creator is always a contributor) and every batch of content edits. The
 * same facts as the change request's `contributors`, which the `contributor` filter of the change
 * request lists reads (change_request_people).
 */
export interface ChangeRequestContributorDoc extends Doc {
  spaceId: string;
  changeRequestId: string;
  userId: string;
  /** How many contributions: creating the change request, then one per batch of content edits. */
  count: number;
  /** The last contribution. */
  updatedAt: string;
  actionType: ContributionKind;
}

export const contributorId = (changeRequestId: string, userId: string) => `${changeRequestId}:${userId}`;

export const CHANGE_REQUEST_CONTRIBUTORS = defineReadModel<ChangeRequestContributorDoc>({
  name: 'change_request_contributors',
  // GET .../change-requests/{changeRequestId}/contributors: the most recent contribution first.
  lists: [['changeRequestId', 'updatedAt']],
  // A purged space's contributors.
  indexes: [['spaceId']],
});

export const LATEST_CONTRIBUTION_FIRST: Sort = { field: 'updatedAt', direction: 'desc' };

/** The queries over the contributors read model: a change request's, the most recent contribution first (ties by id, so by user). */
@Provided()
export class ChangeRequestContributorsReadModel extends OwnedDocs<ChangeRequestContributorDoc, 'changeRequestId'> {
  constructor(readModels: ReadModels) {
    super(readModels, CHANGE_REQUEST_CONTRIBUTORS, 'changeRequestId', 'contributor not found', LATEST_CONTRIBUTION_FIRST);
  }
}
