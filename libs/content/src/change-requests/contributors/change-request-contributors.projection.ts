import { defineProjection, deleteWhere, ProjectionWriter } from '@docs/platform/projections';
import { ChangeRequestContentEdited, ChangeRequestCreated } from '../change-request.events';
import { SpacePurged } from '../../spaces/space.events';
import { CHANGE_REQUEST_CONTRIBUTORS, ChangeRequestContributorDoc, contributorId } from './change-request-contributors.read-model';

/** One more contribution of `userId` to the change request, at `at`. */
async function contributed(
  w: ProjectionWriter,
  { spaceId, changeRequestId }: { spaceId: string; changeRequestId: string },
  userId: string,
  at: string,
): Promise<void> {
  await w.update(
    CHANGE_REQUEST_CONTRIBUTORS,
    contributorId(changeRequestId, userId),
    (doc): ChangeRequestContributorDoc =>
      doc
        ? { ...doc, count: doc.count + 1, updatedAt: at }
        : { id: contributorId(changeRequestId, userId), spaceId, changeRequestId, userId, count: 1, updatedAt: at, actionType: 'edit' },
  );
}

/**
 * Who contributed to each change request (getContributorsByChangeRequestId): its creator, then
 * everyone who edited its content, each with how often and when last. Pulling the live content in
 * (an update from main) is no one's contribution: it brings others' work.
 */
export const changeRequestContributorsProjection = defineProjection<ChangeRequestCreated | ChangeRequestContentEdited | SpacePurged>({
  name: 'change_request_contributors',
  version: 1,
  collections: [CHANGE_REQUEST_CONTRIBUTORS],
  on: {
    ChangeRequestCreated: ({ data, metadata: { occurredAt, actor } }, w) => contributed(w, data, actor, occurredAt),
    ChangeRequestContentEdited: ({ data, metadata: { occurredAt, actor } }, w) => contributed(w, data, actor, occurredAt),
    async SpacePurged({ data: { spaceId } }, w) {
      await deleteWhere(w, CHANGE_REQUEST_CONTRIBUTORS, 'spaceId', spaceId);
    },
  },
});
