import { Role } from '@docs/kernel';
import { defineProjection, everyItem, Filter, ProjectionWriter, touchDoc } from '@docs/platform/projections';
import type { TeamDeleted } from '@docs/organizations';
import type { CommentPlace, OpenCommentsChanged } from '@docs/collaboration/events';
import {
  ChangeRequestCreated,
  ChangeRequestMerged,
  ChangeRequestStatus,
  ChangeRequestStatusChanged,
} from '../../change-requests/change-request.events';
import { SpaceEvent } from '../space.events';
import type { GitSyncEvent } from '../../git-sync/git-sync.events';
import { GrantKind, grantId, SPACE_GRANTS, SpaceDoc, SpaceGrantDoc, SPACES, TEAM_SPACES } from './spaces.read-model';

const PAGE = 500;

/** Every grant matching `where` (paged through, so no size limit). Reads see the batch's own writes. */
function allGrants(w: ProjectionWriter, where: Filter[]): Promise<SpaceGrantDoc[]> {
  return everyItem((page) => w.find(SPACE_GRANTS, { where, ...page }), PAGE);
}

const grantsOfSpace = (w: ProjectionWriter, spaceId: string) => allGrants(w, [{ field: 'spaceId', op: 'eq', value: spaceId }]);

/** What every new space starts with: active, and nothing counted yet. */
const NEW_SPACE = {
  status: 'active',
  deletedAt: null,
  comments: 0,
  changeRequests: 0,
  changeRequestsOpen: 0,
  changeRequestsDraft: 0,
} as const;

const touch = (w: ProjectionWriter, spaceId: string, at: string, change?: (doc: SpaceDoc) => Partial<SpaceDoc>) =>
  touchDoc(w, SPACES, spaceId, at, change);

/** Sets a grant; true when it is new. */
async function setGrant(
  w: ProjectionWriter,
  data: { spaceId: string; organizationId: string },
  kind: GrantKind,
  principalId: string,
  role: Role,
  at: string,
): Promise<boolean> {
  const id = grantId(data.spaceId, kind, principalId);
  let added = false;
  await w.update(SPACE_GRANTS, id, (existing) => {
    added = existing === null;
    return {
      id,
      spaceId: data.spaceId,
      organizationId: data.organizationId,
      kind,
      principalId,
      role,
      grantedAt: existing?.grantedAt ?? at,
      updatedAt: at,
    };
  });
  return added;
}

const isActive = async (w: ProjectionWriter, spaceId: string) => (await w.get(SPACES, spaceId))?.status === 'active';

/** Moves how many active spaces are granted to a team (TEAM_SPACES, for the teams' `spaces`). */
const countTeamSpaces = (w: ProjectionWriter, teamId: string, delta: number) =>
  w.update(TEAM_SPACES, teamId, (doc) => ({ id: teamId, spaces: Math.max(0, (doc?.spaces ?? 0) + delta) })).then(() => undefined);

/** The teams granted a space, each counted `delta` (its space became active, or stopped being). */
async function countTeamsOf(w: ProjectionWriter, spaceId: string, delta: number, only?: ReadonlySet<string>): Promise<void> {
  for (const grant of await grantsOfSpace(w, spaceId)) {
    if (grant.kind === 'team' && (!only || only.has(grant.principalId))) await countTeamSpaces(w, grant.principalId, delta);
  }
}

/** How a change request moving from one status to another (null: none, it is new) moves the space's counters. */
function countChangeRequests(doc: SpaceDoc, from: ChangeRequestStatus | null, to: ChangeRequestStatus): Partial<SpaceDoc> {
  const delta = (status: ChangeRequestStatus) => (to === status ? 1 : 0) - (from === status ? 1 : 0);
  return {
    changeRequests: doc.changeRequests + (from === null ? 1 : 0),
    changeRequestsOpen: doc.changeRequestsOpen + delta('open'),
    changeRequestsDraft: doc.changeRequestsDraft + delta('draft'),
  };
}

const counted = (w: ProjectionWriter, spaceId: string, from: ChangeRequestStatus | null, to: ChangeRequestStatus) =>
  w.update(SPACES, spaceId, (doc) => doc && { ...doc, ...countChangeRequests(doc, from, to) }).then(() => undefined);

/** Moves the count of open comments on the space itself (a change request's comments count on the change request). */
const commented = (w: ProjectionWriter, { spaceId, changeRequestId }: CommentPlace, delta: number) =>
  changeRequestId !== undefined || delta === 0
    ? undefined
    : w.update(SPACES, spaceId, (doc) => doc && { ...doc, comments: Math.max(0, doc.comments + delta) }).then(() => undefined);

/**
 * Spaces (settings, place, lifecycle, counters) and their direct user and team grants, and how many
 * active spaces each team is granted (TEAM_SPACES). A purge drops the space and its grants; a
 * deleted team's grants go with it.
 */
export const spacesProjection = defineProjection<
  SpaceEvent | TeamDeleted | ChangeRequestCreated | ChangeRequestStatusChanged | ChangeRequestMerged | OpenCommentsChanged | GitSyncEvent
>({
  name: 'spaces',
  // 2: counts open comments from the collaboration context's events. 3: TEAM_SPACES. 4: mergeRules. 5: gitSync.
  version: 5,
  collections: [SPACES, SPACE_GRANTS, TEAM_SPACES],
  on: {
    SpaceCreated({ data, metadata: { occurredAt } }, w) {
      w.put(SPACES, {
        id: data.spaceId,
        organizationId: data.organizationId,
        title: data.title,
        emoji: data.emoji,
        editMode: data.editMode,
        defaultLevel: data.defaultLevel,
        parent: data.parent,
        rank: data.rank,
        revision: data.revisionId,
        ...NEW_SPACE,
        createdAt: occurredAt,
        updatedAt: occurredAt,
      });
    },
    SpaceUpdated: ({ data: { spaceId, changes }, metadata: { occurredAt } }, w) =>
      touch(w, spaceId, occurredAt, () => changes).then(() => undefined),
    SpaceMergeRulesChanged: ({ data: { spaceId, mergeRules }, metadata: { occurredAt } }, w) =>
      touch(w, spaceId, occurredAt, () => ({ mergeRules })).then(() => undefined),
    LiveContentChanged: ({ data: { spaceId, revisionId }, metadata: { occurredAt } }, w) =>
      touch(w, spaceId, occurredAt, () => ({ revision: revisionId })).then(() => undefined),
    GitSyncExported: ({ data: { spaceId, url, startedAt }, metadata: { occurredAt } }, w) =>
      w
        .update(SPACES, spaceId, (doc) => doc && { ...doc, gitSync: { url, direction: 'export' as const, startedAt, endedAt: occurredAt } })
        .then(() => undefined),
    GitSyncImported: ({ data: { spaceId, url, startedAt }, metadata: { occurredAt } }, w) =>
      w
        .update(SPACES, spaceId, (doc) => doc && { ...doc, gitSync: { url, direction: 'import' as const, startedAt, endedAt: occurredAt } })
        .then(() => undefined),
    async SpaceDeleted({ data: { spaceId }, metadata: { occurredAt } }, w) {
      if (await isActive(w, spaceId)) await countTeamsOf(w, spaceId, -1);
      await touch(w, spaceId, occurredAt, () => ({ status: 'deleted', deletedAt: occurredAt }));
    },
    async SpaceRestored({ data: { spaceId }, metadata: { occurredAt } }, w) {
      const doc = await w.get(SPACES, spaceId);
      if (doc && doc.status !== 'active') await countTeamsOf(w, spaceId, 1);
      await touch(w, spaceId, occurredAt, () => ({ status: 'active', deletedAt: null }));
    },
    async SpacePurged({ data: { spaceId } }, w) {
      if (await isActive(w, spaceId)) await countTeamsOf(w, spaceId, -1);
      w.delete(SPACES, spaceId);
      for (const grant of await grantsOfSpace(w, spaceId)) w.delete(SPACE_GRANTS, grant.id);
    },
    SpaceMoved: ({ data: { spaceId, parent, rank }, metadata: { occurredAt } }, w) =>
      touch(w, spaceId, occurredAt, () => ({ parent, rank })).then(() => undefined),
    async SpaceTransferred({ data: { spaceId, toOrganizationId, rank, droppedUsers, droppedTeams }, metadata: { occurredAt } }, w) {
      if (await isActive(w, spaceId)) await countTeamsOf(w, spaceId, -1, new Set(droppedTeams));
      await touch(w, spaceId, occurredAt, () => ({ organizationId: toOrganizationId, parent: null, rank }));
      const dropped = new Set([
        ...droppedUsers.map((u) => grantId(spaceId, 'user', u)),
        ...droppedTeams.map((t) => grantId(spaceId, 'team', t)),
      ]);
      for (const grant of await grantsOfSpace(w, spaceId)) {
        if (dropped.has(grant.id)) w.delete(SPACE_GRANTS, grant.id);
        else w.put(SPACE_GRANTS, { ...grant, organizationId: toOrganizationId });
      }
    },
    SpaceUserPermissionSet: ({ data, metadata: { occurredAt } }, w) =>
      setGrant(w, data, 'user', data.userId, data.role, occurredAt).then(() => undefined),
    SpaceUserPermissionRemoved({ data: { spaceId, userId } }, w) {
      w.delete(SPACE_GRANTS, grantId(spaceId, 'user', userId));
    },
    async SpaceTeamPermissionSet({ data, metadata: { occurredAt } }, w) {
      if ((await setGrant(w, data, 'team', data.teamId, data.role, occurredAt)) && (await isActive(w, data.spaceId)))
        await countTeamSpaces(w, data.teamId, 1);
    },
    async SpaceTeamPermissionRemoved({ data: { spaceId, teamId } }, w) {
      const id = grantId(spaceId, 'team', teamId);
      if ((await w.get(SPACE_GRANTS, id)) && (await isActive(w, spaceId))) await countTeamSpaces(w, teamId, -1);
      w.delete(SPACE_GRANTS, id);
    },
    // The change request counters (changeRequests: any status; changeRequestsOpen, changeRequestsDraft). They leave updatedAt alone.
    ChangeRequestCreated: ({ data: { spaceId } }, w) => counted(w, spaceId, null, 'open'),
    ChangeRequestStatusChanged: ({ data: { spaceId, from, status } }, w) => counted(w, spaceId, from, status),
    ChangeRequestMerged: ({ data: { spaceId, from } }, w) => counted(w, spaceId, from, 'merged'),
    // Open comments (collaboration's events; docs/collaboration-design.md, "Counters"). They leave updatedAt alone.
    CommentPosted: ({ data }, w) => commented(w, data, 1),
    CommentResolved: ({ data }, w) => commented(w, data, -1),
    CommentReopened: ({ data }, w) => commented(w, data, 1),
    CommentDeleted: ({ data }, w) => commented(w, data, data.status === 'open' ? -1 : 0),
    // A deleted team grants nothing: its grants leave the lists (the spaces' streams keep them, harmlessly).
    async TeamDeleted({ data: { organizationId, teamId } }, w) {
      const where: Filter[] = [
        { field: 'organizationId', op: 'eq', value: organizationId },
        { field: 'principalId', op: 'eq', value: teamId },
      ];
      for (const grant of await allGrants(w, where)) if (grant.kind === 'team') w.delete(SPACE_GRANTS, grant.id);
      w.delete(TEAM_SPACES, teamId);
    },
  },
});
