import { defineProjection, ProjectionWriter } from '@docs/platform/projections';
import type { CommentPlace, OpenCommentsChanged } from '@docs/collaboration/events';
import { ChangeRequestEvent } from './change-request.events';
import { CHANGE_REQUEST_PEOPLE, CHANGE_REQUESTS, ChangeRequestDoc, ChangeRequestRole, personId } from './change-requests.read-model';

/** Each person's copy (creator, contributors, requested reviewers) of the change request's status, creation and last update. */
function putPeople(w: ProjectionWriter, doc: ChangeRequestDoc): void {
  const people: [ChangeRequestRole, string[]][] = [
    ['creator', [doc.createdBy]],
    ['contributor', doc.contributors],
    ['reviewer', doc.reviewers],
  ];
  for (const [role, userIds] of people) {
    for (const userId of userIds) {
      const { spaceId, id: changeRequestId, status, createdAt, updatedAt } = doc;
      const id = personId(changeRequestId, role, userId);
      w.put(CHANGE_REQUEST_PEOPLE, { id, spaceId, changeRequestId, userId, role, status, createdAt, updatedAt });
    }
  }
}

async function touch(
  w: ProjectionWriter,
  changeRequestId: string,
  at: string,
  change: (doc: ChangeRequestDoc) => Partial<ChangeRequestDoc>,
): Promise<void> {
  const doc = await w.update(CHANGE_REQUESTS, changeRequestId, (doc) => doc && { ...doc, ...change(doc), updatedAt: at });
  if (doc) putPeople(w, doc);
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

/** Changes who is requested to review the change request; it leaves updatedAt alone. */
async function reviewers(w: ProjectionWriter, changeRequestId: string, change: (reviewers: string[]) => string[]): Promise<void> {
  const doc = await w.update(CHANGE_REQUESTS, changeRequestId, (doc) => doc && { ...doc, reviewers: change(doc.reviewers) });
  if (doc) putPeople(w, doc);
}

/** Change requests: subject, status, number, creator, contributors, requested reviewers and revisions. */
export const changeRequestsProjection = defineProjection<ChangeRequestEvent | OpenCommentsChanged>({
  name: 'change_requests',
  // 3: counts open comments from the collaboration context's events.
  // 4: lists by creator and requested reviewer, newest created first too (change_request_people replaces the contributions).
  version: 4,
  collections: [CHANGE_REQUESTS, CHANGE_REQUEST_PEOPLE],
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
        reviewers: [],
      };
      w.put(CHANGE_REQUESTS, doc);
      putPeople(w, doc);
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
    // The decider names only users not requested yet.
    ReviewersRequested: ({ data: { changeRequestId, userIds } }, w) => reviewers(w, changeRequestId, (r) => [...r, ...userIds]),
    async ReviewerRemoved({ data: { changeRequestId, userId } }, w) {
      await reviewers(w, changeRequestId, (r) => r.filter((u) => u !== userId));
      w.delete(CHANGE_REQUEST_PEOPLE, personId(changeRequestId, 'reviewer', userId));
    },
    // Open comments (collaboration's events; docs/collaboration-design.md, "Counters"). They leave updatedAt alone.
    CommentPosted: ({ data }, w) => commented(w, data, 1),
    CommentResolved: ({ data }, w) => commented(w, data, -1),
    CommentReopened: ({ data }, w) => commented(w, data, 1),
    CommentDeleted: ({ data }, w) => commented(w, data, data.status === 'open' ? -1 : 0),
  },
});
