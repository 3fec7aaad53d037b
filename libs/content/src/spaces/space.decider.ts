import {
  Aggregate,
  atLeast,
  changedFields,
  conflict,
  forbidden,
  INHERITED_MERGE_RULES,
  invalid,
  mergeRulesOf,
  mergeRuleUsers,
  notFound,
  Recorded,
  Role,
  sameMergeRules,
  SpaceMergeRulesConfiguration,
  withEntry,
} from '@docs/kernel';
import { FileNode } from '../page-tree/content-files.domain';
import { TreeChange } from '../page-tree/page-tree.domain';
import { CallerFacts, effectiveRole } from './space-access.domain';
import { SpaceEvent, SpaceIds, SpaceSettings } from './space.events';
import { requireSpacePermission } from './spaces.policy';

export interface SpaceState {
  status: 'none' | 'active' | 'deleted' | 'purged';
  spaceId: string;
  organizationId: string;
  settings: SpaceSettings;
  parent: string | null;
  deletedAt: string | null;
  users: ReadonlyMap<string, Role>;
  teams: ReadonlyMap<string, Role>;
  /** The live revision. */
  revision: string;
  /** The last change request number taken. */
  changeRequests: number;
  mergeRules: SpaceMergeRulesConfiguration;
}

/** Grants to set: a role, or null to remove the grant. */
export type GrantChanges = { users: ReadonlyMap<string, Role | null>; teams: ReadonlyMap<string, Role | null> };

export type SpaceCommand =
  | ({
      type: 'CreateSpace';
      parent: string | null;
      rank: string;
      revisionId: string;
      duplicatedFrom?: string;
      empty?: true;
      /** A duplicate's: the grants it starts with, and its content (a second revision on the empty first one). */
      grants?: GrantChanges;
      content?: { revisionId: string; changes: TreeChange[]; files: FileNode[] };
    } & SpaceIds &
      SpaceSettings)
  | { type: 'UpdateSpace'; changes: Partial<SpaceSettings>; mergeRules?: SpaceMergeRulesConfiguration }
  | { type: 'DeleteSpace' }
  | { type: 'RestoreSpace'; retentionCutoff: string }
  | { type: 'PurgeSpace'; retentionCutoff: string }
  | { type: 'MoveSpace'; parent: string | null; rank: string }
  | { type: 'TransferSpace'; toOrganizationId: string; rank: string }
  | ({ type: 'UpdateSpacePermissions' } & GrantChanges)
  | { type: 'AllocateChangeRequestNumber'; changeRequestId: string }
  /** Advances the live content from `expectedRevision` (a concurrent change in between is a 409). */
  | {
      type: 'ChangeLiveContent';
      revisionId: string;
      expectedRevision: string;
      parents: string[];
      changes: TreeChange[];
      files?: FileNode[];
      changeRequestId?: string;
    };

/**
 * What decisions need from outside the stream: the caller (in the space's organization), the
 * level a space with `defaultLevel: inherit` takes from its collection, and per command the things
 * it names: collections (with their organization), the organization's members and teams, and the
 * caller's role in a transfer's target organization.
 */
export interface SpaceFacts {
  caller: CallerFacts;
  inheritedLevel: Role | null;
  collections?: ReadonlyMap<string, { organizationId: string }>;
  orgMembers?: ReadonlySet<string>;
  orgTeams?: ReadonlySet<string>;
  target?: { orgRole: Role | null | undefined; members: ReadonlySet<string> };
}

export function initialSpaceState(): SpaceState {
  return {
    status: 'none',
    spaceId: '',
    organizationId: '',
    settings: { title: '', emoji: '', editMode: 'live', defaultLevel: null },
    parent: null,
    deletedAt: null,
    users: new Map(),
    teams: new Map(),
    revision: '',
    changeRequests: 0,
    mergeRules: INHERITED_MERGE_RULES,
  };
}

const withGrant = <K>(grants: ReadonlyMap<K, Role>, key: K, role: Role | null) => withEntry(grants, key, role ?? undefined);

export function evolveSpace(state: SpaceState, event: Recorded<SpaceEvent>): SpaceState {
  switch (event.type) {
    case 'SpaceCreated': {
      const { spaceId, organizationId, title, emoji, editMode, defaultLevel, parent, revisionId } = event.data;
      return {
        ...initialSpaceState(),
        status: 'active',
        spaceId,
        organizationId,
        settings: { title, emoji, editMode, defaultLevel },
        parent,
        revision: revisionId,
      };
    }
    case 'SpaceUpdated':
      return { ...state, settings: { ...state.settings, ...event.data.changes } };
    case 'SpaceMergeRulesChanged':
      return { ...state, mergeRules: event.data.mergeRules };
    case 'SpaceDeleted':
      return { ...state, status: 'deleted', deletedAt: event.metadata.occurredAt };
    case 'SpaceRestored':
      return { ...state, status: 'active', deletedAt: null };
    case 'SpacePurged':
      return { ...state, status: 'purged' };
    case 'SpaceMoved':
      return { ...state, parent: event.data.parent };
    case 'SpaceTransferred': {
      const users = new Map(state.users);
      for (const userId of event.data.droppedUsers) users.delete(userId);
      const teams = new Map(state.teams);
      for (const teamId of event.data.droppedTeams) teams.delete(teamId);
      return { ...state, organizationId: event.data.toOrganizationId, parent: null, users, teams };
    }
    case 'SpaceUserPermissionSet':
      return { ...state, users: withGrant(state.users, event.data.userId, event.data.role) };
    case 'SpaceUserPermissionRemoved':
      return { ...state, users: withGrant(state.users, event.data.userId, null) };
    case 'SpaceTeamPermissionSet':
      return { ...state, teams: withGrant(state.teams, event.data.teamId, event.data.role) };
    case 'SpaceTeamPermissionRemoved':
      return { ...state, teams: withGrant(state.teams, event.data.teamId, null) };
    case 'ChangeRequestNumberAllocated':
      return { ...state, changeRequests: event.data.number };
    case 'LiveContentChanged':
      return { ...state, revision: event.data.revisionId };
  }
}

/** The caller's effective role in the space as it stands. */
export function callerRole(state: SpaceState, facts: SpaceFacts): Role | null {
  const defaultLevel = state.settings.defaultLevel === 'inherit' ? facts.inheritedLevel : state.settings.defaultLevel;
  return effectiveRole({ defaultLevel, users: state.users, teams: state.teams }, facts.caller);
}

function requireCollection(facts: SpaceFacts, organizationId: string, parent: string | null): void {
  if (parent === null) return;
  if (facts.collections?.get(parent)?.organizationId !== organizationId)
    throw invalid(`parent: no collection ${parent} in this organization`);
}

function decideCreate(state: SpaceState, command: Extract<SpaceCommand, { type: 'CreateSpace' }>, facts: SpaceFacts): SpaceEvent[] {
  if (facts.caller.orgRole === undefined) throw notFound('organization not found');
  if (!atLeast(facts.caller.orgRole, 'create')) throw forbidden('creating spaces needs the create or admin role in the organization');
  if (state.status !== 'none') throw conflict('space already exists');
  requireCollection(facts, command.organizationId, command.parent);
  const { type: _type, grants, content, ...data } = command;
  const ids: SpaceIds = { spaceId: data.spaceId, organizationId: data.organizationId };
  // A duplicate is created whole, in one append: its grants and its content come with it.
  const events: SpaceEvent[] = [{ type: 'SpaceCreated', data }];
  for (const [userId, role] of grants?.users ?? [])
    if (role !== null) events.push({ type: 'SpaceUserPermissionSet', data: { ...ids, userId, role } });
  for (const [teamId, role] of grants?.teams ?? [])
    if (role !== null) events.push({ type: 'SpaceTeamPermissionSet', data: { ...ids, teamId, role } });
  if (content) {
    const files = content.files.length > 0 ? { files: content.files } : {};
    events.push({
      type: 'LiveContentChanged',
      data: { ...ids, revisionId: content.revisionId, parents: [data.revisionId], changes: content.changes, ...files },
    });
  }
  return events;
}

/** The grants a transfer drops: users who are not members of the target organization, and every team (teams belong to an organization). */
function transferDrops(state: SpaceState, members: ReadonlySet<string>) {
  return { droppedUsers: [...state.users.keys()].filter((userId) => !members.has(userId)), droppedTeams: [...state.teams.keys()] };
}

/** The keys granted a role (removals need no membership: a grant outlives its holder's membership or team). */
const granted = <K>(changes: ReadonlyMap<K, Role | null>): K[] => [...changes].filter(([, role]) => role !== null).map(([key]) => key);

/** The changes that change something: a role the holder does not have yet, or the removal of one they have. */
const effective = (changes: ReadonlyMap<string, Role | null>, current: ReadonlyMap<string, Role>) =>
  [...changes].filter(([key, role]) => role !== (current.get(key) ?? null));

function decidePermissions(state: SpaceState, command: GrantChanges, facts: SpaceFacts, ids: SpaceIds): SpaceEvent[] {
  const outsiders = granted(command.users).filter((userId) => !facts.orgMembers?.has(userId));
  if (outsiders.length > 0) throw invalid(`users: not members of the organization: ${outsiders.join(', ')}`);
  const unknownTeams = granted(command.teams).filter((teamId) => !facts.orgTeams?.has(teamId));
  if (unknownTeams.length > 0) throw invalid(`teams: no such teams in the organization: ${unknownTeams.join(', ')}`);
  return [
    ...effective(command.users, state.users).map(
      ([userId, role]): SpaceEvent =>
        role === null
          ? { type: 'SpaceUserPermissionRemoved', data: { ...ids, userId } }
          : { type: 'SpaceUserPermissionSet', data: { ...ids, userId, role } },
    ),
    ...effective(command.teams, state.teams).map(
      ([teamId, role]): SpaceEvent =>
        role === null
          ? { type: 'SpaceTeamPermissionRemoved', data: { ...ids, teamId } }
          : { type: 'SpaceTeamPermissionSet', data: { ...ids, teamId, role } },
    ),
  ];
}

export function decideSpace(state: SpaceState, command: SpaceCommand, facts: SpaceFacts): SpaceEvent[] {
  if (command.type === 'CreateSpace') return decideCreate(state, command, facts);
  if (state.status === 'none' || state.status === 'purged') throw notFound('space not found');
  const ids: SpaceIds = { spaceId: state.spaceId, organizationId: state.organizationId };
  const role = callerRole(state, facts);
  if (state.status === 'deleted') {
    // A space in the trash is invisible, except to its admins restoring it (or the purge).
    if (command.type === 'PurgeSpace') {
      if (state.deletedAt! >= command.retentionCutoff) throw conflict('the space is still within its retention period');
      return [{ type: 'SpacePurged', data: ids }];
    }
    if (command.type !== 'RestoreSpace') throw notFound('space not found');
    requireSpacePermission(role, 'admin', 'restoring a space');
    if (state.deletedAt! < command.retentionCutoff) throw notFound('space not found');
    return [{ type: 'SpaceRestored', data: ids }];
  }
  switch (command.type) {
    case 'UpdateSpace': {
      requireSpacePermission(role, 'admin', 'changing the space settings');
      const changes = changedFields(state.settings, command.changes);
      if (changes.defaultLevel === 'inherit' && state.parent === null)
        throw invalid('defaultLevel: inherit is only for spaces in a collection');
      const events: SpaceEvent[] = Object.keys(changes).length === 0 ? [] : [{ type: 'SpaceUpdated', data: { ...ids, changes } }];
      const { mergeRules } = command;
      if (mergeRules !== undefined && !sameMergeRules(mergeRules, state.mergeRules)) {
        const outsiders = mergeRuleUsers(mergeRules).filter((userId) => !facts.orgMembers?.has(userId));
        if (outsiders.length > 0) throw invalid(`mergeRules: users not members of the organization: ${outsiders.join(', ')}`);
        events.push({ type: 'SpaceMergeRulesChanged', data: { ...ids, mergeRules: mergeRulesOf(mergeRules) } });
      }
      return events;
    }
    case 'DeleteSpace':
      requireSpacePermission(role, 'admin', 'deleting a space');
      return [{ type: 'SpaceDeleted', data: ids }];
    case 'RestoreSpace':
      requireSpacePermission(role, 'admin', 'restoring a space');
      throw conflict('the space is not deleted');
    case 'PurgeSpace':
      throw conflict('only deleted spaces are purged');
    case 'MoveSpace':
      requireSpacePermission(role, 'admin', 'moving a space');
      requireCollection(facts, state.organizationId, command.parent);
      return [{ type: 'SpaceMoved', data: { ...ids, parent: command.parent, rank: command.rank } }];
    case 'TransferSpace': {
      requireSpacePermission(role, 'admin', 'transferring a space');
      if (command.toOrganizationId === state.organizationId) throw conflict('the space is already in that organization');
      if (facts.target?.orgRole !== 'admin') throw invalid('organization: you must be an admin of the target organization');
      const dropped = transferDrops(state, facts.target.members);
      return [{ type: 'SpaceTransferred', data: { ...ids, toOrganizationId: command.toOrganizationId, rank: command.rank, ...dropped } }];
    }
    case 'UpdateSpacePermissions':
      requireSpacePermission(role, 'admin', 'changing who has access to the space');
      return decidePermissions(state, command, facts, ids);
    case 'AllocateChangeRequestNumber':
      requireSpacePermission(role, 'edit', 'creating change requests');
      return [
        {
          type: 'ChangeRequestNumberAllocated',
          data: { ...ids, changeRequestId: command.changeRequestId, number: state.changeRequests + 1 },
        },
      ];
    case 'ChangeLiveContent': {
      requireSpacePermission(
        role,
        command.changeRequestId ? 'merge' : 'edit',
        command.changeRequestId ? 'merging' : 'editing the live content',
      );
      if (state.settings.editMode === 'locked') throw conflict('the space is locked: its content cannot change');
      if (state.revision !== command.expectedRevision) throw conflict('the live content changed meanwhile; retry');
      const { type: _type, expectedRevision: _expected, ...change } = command;
      return [{ type: 'LiveContentChanged', data: { ...ids, ...change } }];
    }
  }
}

/** A space of an organization, in stream `space-<spaceId>`: settings, place, lifecycle and grants. */
export const spaceAggregate: Aggregate<SpaceState, SpaceCommand, SpaceEvent, SpaceFacts> = {
  category: 'space',
  initialState: initialSpaceState,
  evolve: evolveSpace,
  decide: decideSpace,
  schemaVersions: {
    SpaceCreated: 1,
    SpaceUpdated: 1,
    SpaceMergeRulesChanged: 1,
    SpaceDeleted: 1,
    SpaceRestored: 1,
    SpacePurged: 1,
    SpaceMoved: 1,
    SpaceTransferred: 1,
    SpaceUserPermissionSet: 1,
    SpaceUserPermissionRemoved: 1,
    SpaceTeamPermissionSet: 1,
    SpaceTeamPermissionRemoved: 1,
    ChangeRequestNumberAllocated: 1,
    LiveContentChanged: 1,
  },
};
