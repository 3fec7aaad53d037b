import { defineProjection, ProjectionWriter } from '@docs/platform/projections';
import type { CommentPlace, OpenCommentsChanged } from '@docs/collaboration/events';
import { ChangeRequestEvent } from './change-request.events';
import { CHANGE_REQUESTS, ChangeRequestDoc, contributionId, CONTRIBUTIONS } from './change-requests.read-model';

/** Each contributor's copy of the change request's status and last update. */
function putContributions(w: ProjectionWriter, doc: ChangeRequestDoc): void {
  for (const userId of doc.contributors) {
    w.put(CONTRIBUTIONS, {
      id: contributionId(doc.id, userId),
      spaceId: doc.spaceId,
      changeRequestId: doc.id,
      userId,
      status: doc.status,
      updatedAt: doc.updatedAt,
    });
  }
}

async function touch(
  w: ProjectionWriter,
  changeRequestId: string,
  at: string,
  change: (doc: ChangeRequestDoc) => Partial<ChangeRequestDoc>,
): Promise<void> {
  const doc = await w.update(CHANGE_REQUESTS, changeRequestId, (doc) => doc && { ...doc, ...change(doc), updatedAt: at });
  if (doc) putContributions(w, doc);
}

const withContributor = (doc: ChangeRequestDoc, userId: string) =>
  doc.contributors.includes(userId) ? doc.contributors : [...doc.contributors, userId];

/** Moves the count of open comments on the change request a comment was posted in (none for a space's own comments). */
const commented = (w: ProjectionWriter, { changeRequestId }: CommentPlace, delta: number) =>
  changeRequestId === undefined || delta === 0
    ? undefined
    : w
        .update(CHANGE_REQUESTS, changeRequestId, (doc) => doc && { ...doc, comments: Math.max(0, doc.comments + delta) })
        .then(() => undefined);

/** Change requests: subject, status, number, creator, contributors and revisions (the reviewers are not listed here). */
export const changeRequestsProjection = defineProjection<ChangeRequestEvent | OpenCommentsChanged>({
  name: 'change_requests',
  // 3: counts open comments from the collaboration context's events.
  version: 3,
  collections: [CHANGE_REQUESTS, CONTRIBUTIONS],
  on: {
    ChangeRequestCreated({ data, metadata: { occurredAt, actor } }, w) {
      const doc: ChangeRequestDoc = {
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
        contributors: [actor],
      };
      w.put(CHANGE_REQUESTS, doc);
      putContributions(w, doc);
    },
    ChangeRequestSubjectChanged: ({ data: { changeRequestId, subject }, metadata: { occurredAt } }, w) =>
      touch(w, changeRequestId, occurredAt, () => ({ subject })),
    ChangeRequestStatusChanged: ({ data: { changeRequestId, status }, metadata: { occurredAt } }, w) =>
      touch(w, changeRequestId, occurredAt, () => ({ status })),
    ChangeRequestContentEdited: ({ data: { changeRequestId, revisionId }, metadata: { occurredAt, actor } }, w) =>
      touch(w, changeRequestId, occurredAt, (doc) => ({ revision: revisionId, contributors: withContributor(doc, actor) })),
    ChangeRequestUpdatedFromMain: ({ data: { changeRequestId, revisionId, parents }, metadata: { occurredAt } }, w) =>
      touch(w, changeRequestId, occurredAt, () => ({ revision: revisionId, revisionMergedAncestor: parents[1] })),
    ChangeRequestMerged: ({ data: { changeRequestId, revisionMerged }, metadata: { occurredAt, actor } }, w) =>
      touch(w, changeRequestId, occurredAt, () => ({ status: 'merged', revisionMerged, mergedBy: actor, mergedAt: occurredAt })),
    // Open comments (collaboration's events; docs/collaboration-design.md, "Counters"). They leave updatedAt alone.
    CommentPosted: ({ data }, w) => commented(w, data, 1),
    CommentResolved: ({ data }, w) => commented(w, data, -1),
    CommentReopened: ({ data }, w) => commented(w, data, 1),
    CommentDeleted: ({ data }, w) => commented(w, data, data.status === 'open' ? -1 : 0),
  },
});
