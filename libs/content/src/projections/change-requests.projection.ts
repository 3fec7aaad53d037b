import { defineProjection, ProjectionWriter } from '@docs/platform';
import { ChangeRequestEvent } from '../domain/change-request';
import { CHANGE_REQUESTS, ChangeRequestDoc } from './change-requests.read-model';

const touch = (w: ProjectionWriter, changeRequestId: string, at: string, change: (doc: ChangeRequestDoc) => Partial<ChangeRequestDoc>) =>
  w.update(CHANGE_REQUESTS, changeRequestId, (doc) => doc && { ...doc, ...change(doc), updatedAt: at }).then(() => undefined);

/** Change requests: subject, status, number, creator and revisions (the reviewers are not listed here). */
export const changeRequestsProjection = defineProjection<ChangeRequestEvent>({
  name: 'change_requests',
  version: 1,
  collections: [CHANGE_REQUESTS],
  on: {
    ChangeRequestCreated({ data, metadata: { occurredAt, actor } }, w) {
      w.put(CHANGE_REQUESTS, {
        id: data.changeRequestId,
        spaceId: data.spaceId,
        organizationId: data.organizationId,
        number: data.number,
        status: 'open',
        subject: data.subject,
        createdBy: actor,
        createdAt: occurredAt,
        updatedAt: occurredAt,
        revision: data.revisionInitial,
        revisionInitial: data.revisionInitial,
        revisionMergedAncestor: data.revisionInitial,
        comments: 0,
      });
    },
    ChangeRequestSubjectChanged: ({ data: { changeRequestId, subject }, metadata: { occurredAt } }, w) => touch(w, changeRequestId, occurredAt, () => ({ subject })),
    ChangeRequestStatusChanged: ({ data: { changeRequestId, status }, metadata: { occurredAt } }, w) => touch(w, changeRequestId, occurredAt, () => ({ status })),
    ChangeRequestContentEdited: ({ data: { changeRequestId, revisionId }, metadata: { occurredAt } }, w) =>
      touch(w, changeRequestId, occurredAt, () => ({ revision: revisionId })),
    ChangeRequestUpdatedFromMain: ({ data: { changeRequestId, revisionId, parents }, metadata: { occurredAt } }, w) =>
      touch(w, changeRequestId, occurredAt, () => ({ revision: revisionId, revisionMergedAncestor: parents[1] })),
    ChangeRequestMerged: ({ data: { changeRequestId, revisionMerged }, metadata: { occurredAt, actor } }, w) =>
      touch(w, changeRequestId, occurredAt, () => ({ status: 'merged', revisionMerged, mergedBy: actor, mergedAt: occurredAt })),
  },
});
