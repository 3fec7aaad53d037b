import { defineProjection, everyPage, ProjectionWriter, touchDoc } from '@docs/platform/projections';
import type { CommentPlace, OpenCommentsChanged } from '@docs/collaboration/events';
import { ChangeRequestEvent } from './change-request.events';
import { SpaceDeleted, SpacePurged, SpaceRestored, SpaceTransferred } from '../spaces/space.events';
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
      const { spaceId, id: changeRequestId, status, createdAt, updatedAt, listedIn } = doc;
      const id = personId(changeRequestId, role, userId);
      w.put(CHANGE_REQUEST_PEOPLE, { id, spaceId, changeRequestId, userId, role, status, createdAt, updatedAt, listedIn });
    }
  }
}

async function touch(
  w: ProjectionWriter,
  changeRequestId: string,
  at: string,
  change: (doc: ChangeRequestDoc) => Partial<ChangeRequestDoc>,
): Promise<void> {
  const doc = await touchDoc(w, CHANGE_REQUESTS, changeRequestId, at, change);
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

/**
 * Moves every change request of a space (and its people) in or out of its organization's lists:
 * the space went to the trash, came back, or moved to another organization. Rare, and a page of
 * documents at a time.
 */
async function relist(w: ProjectionWriter, spaceId: string, change: (doc: ChangeRequestDoc) => Partial<ChangeRequestDoc>): Promise<void> {
  const ofSpace = {
    where: [{ field: 'spaceId', op: 'eq' as const, value: spaceId }],
    sort: { field: 'createdAt', direction: 'asc' as const },
  };
  for await (const docs of everyPage((page) => w.find(CHANGE_REQUESTS, { ...ofSpace, ...page }), 500)) {
    for (const doc of docs) {
      const next = { ...doc, ...change(doc) };
      w.put(CHANGE_REQUESTS, next);
      putPeople(w, next);
    }
  }
}

/** Change requests: subject, status, number, creator, contributors, requested reviewers and revisions. */
export const changeRequestsProjection = defineProjection<
  ChangeRequestEvent | OpenCommentsChanged | SpaceDeleted | SpaceRestored | SpacePurged | SpaceTransferred
>({
  name: 'change_requests',
  // 3: counts open comments from the collaboration context's events.
  // 4: lists by creator and requested reviewer, newest created first too (change_request_people replaces the contributions).
  // 5: `listedIn`, the organization lists (listChangeRequestsForOrganization), following the space's trash and transfers.
  version: 5,
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
        listedIn: data.organizationId,
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
    // The space's place (space events): in the trash or purged, its change requests leave the organization's lists.
    SpaceDeleted: ({ data: { spaceId } }, w) => relist(w, spaceId, () => ({ listedIn: null })),
    SpacePurged: ({ data: { spaceId } }, w) => relist(w, spaceId, () => ({ listedIn: null })),
    SpaceRestored: ({ data: { spaceId, organizationId } }, w) => relist(w, spaceId, () => ({ listedIn: organizationId })),
    SpaceTransferred: ({ data: { spaceId, toOrganizationId } }, w) =>
      relist(w, spaceId, (doc) => ({ organizationId: toOrganizationId, listedIn: doc.listedIn === null ? null : toOrganizationId })),
    // Open comments (collaboration's events; docs/collaboration-design.md, "Counters"). They leave updatedAt alone.
    CommentPosted: ({ data }, w) => commented(w, data, 1),
    CommentResolved: ({ data }, w) => commented(w, data, -1),
    CommentReopened: ({ data }, w) => commented(w, data, 1),
    CommentDeleted: ({ data }, w) => commented(w, data, data.status === 'open' ? -1 : 0),
  },
});
