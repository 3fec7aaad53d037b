import { defineProjection, deleteWhere } from '@docs/platform/projections';
import { ReviewerRemoved, ReviewersRequested } from '../change-request.events';
import { SpacePurged } from '../../spaces/space.events';
import { CHANGE_REQUEST_REVIEWERS, reviewerId } from './change-request-reviewers.read-model';

/** Who is requested to review each change request: one document per request, removed with it or with the space. */
export const changeRequestReviewersProjection = defineProjection<ReviewersRequested | ReviewerRemoved | SpacePurged>({
  name: 'change_request_reviewers',
  version: 1,
  collections: [CHANGE_REQUEST_REVIEWERS],
  on: {
    // The decider names only users not requested yet, so each is a new request.
    ReviewersRequested({ data: { spaceId, changeRequestId, userIds, revision }, metadata: { occurredAt, actor } }, w) {
      for (const userId of userIds) {
        w.put(CHANGE_REQUEST_REVIEWERS, {
          id: reviewerId(changeRequestId, userId),
          spaceId,
          changeRequestId,
          userId,
          requestedBy: actor,
          requestedAt: occurredAt,
          revision,
        });
      }
    },
    ReviewerRemoved({ data: { changeRequestId, userId } }, w) {
      w.delete(CHANGE_REQUEST_REVIEWERS, reviewerId(changeRequestId, userId));
    },
    async SpacePurged({ data: { spaceId } }, w) {
      await deleteWhere(w, CHANGE_REQUEST_REVIEWERS, 'spaceId', spaceId);
    },
  },
});
