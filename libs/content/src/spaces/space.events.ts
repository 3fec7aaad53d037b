import { DomainEvent, Role, SpaceMergeRulesConfiguration } from '@docs/kernel';
import { FileNode } from '../page-tree/content-files.domain';
import { TreeChange } from '../page-tree/page-tree.domain';

export const EDIT_MODES = ['live', 'locked'] as const;
export type EditMode = (typeof EDIT_MODES)[number];

/** A role, null (no default), or `inherit`: the parent collection's level. */
export type DefaultLevel = Role | null | 'inherit';

export type SpaceSettings = {
  title: string;
  emoji: string;
  editMode: EditMode;
  defaultLevel: DefaultLevel;
};

export type SpaceIds = { spaceId: string; organizationId: string };
/** `empty`: created without any page (GitBook's `empty: true`); otherwise its first revision holds one empty page. */
export type SpaceCreated = DomainEvent<
  'SpaceCreated',
  SpaceIds & SpaceSettings & { parent: string | null; rank: string; revisionId: string; duplicatedFrom?: string; empty?: true }
>;
export type SpaceUpdated = DomainEvent<'SpaceUpdated', SpaceIds & { changes: Partial<SpaceSettings> }>;
/** The space's merge rules became `mergeRules` (PATCH /v1/spaces/{spaceId} with mergeRules): its own, or `inherit` (its organization's). */
export type SpaceMergeRulesChanged = DomainEvent<'SpaceMergeRulesChanged', SpaceIds & { mergeRules: SpaceMergeRulesConfiguration }>;
export type SpaceDeleted = DomainEvent<'SpaceDeleted', SpaceIds>;
export type SpaceRestored = DomainEvent<'SpaceRestored', SpaceIds>;
export type SpacePurged = DomainEvent<'SpacePurged', SpaceIds>;
export type SpaceMoved = DomainEvent<'SpaceMoved', SpaceIds & { parent: string | null; rank: string }>;
export type SpaceTransferred = DomainEvent<
  'SpaceTransferred',
  SpaceIds & { toOrganizationId: string; rank: string; droppedUsers: string[]; droppedTeams: string[] }
>;
export type SpaceUserPermissionSet = DomainEvent<'SpaceUserPermissionSet', SpaceIds & { userId: string; role: Role }>;
export type SpaceUserPermissionRemoved = DomainEvent<'SpaceUserPermissionRemoved', SpaceIds & { userId: string }>;
export type SpaceTeamPermissionSet = DomainEvent<'SpaceTeamPermissionSet', SpaceIds & { teamId: string; role: Role }>;
export type SpaceTeamPermissionRemoved = DomainEvent<'SpaceTeamPermissionRemoved', SpaceIds & { teamId: string }>;
/** The next change request number of the space, taken by a new change request (numbers never repeat). */
export type ChangeRequestNumberAllocated = DomainEvent<
  'ChangeRequestNumberAllocated',
  SpaceIds & { changeRequestId: string; number: number }
>;
/**
 * The live content became a new revision: `changes` applied to the previous one (`parents[0]`),
 * plus the `files` it gained. A merge names its change request (`parents`: the live revision, then
 * the change request's).
 */
export type LiveContentChanged = DomainEvent<
  'LiveContentChanged',
  SpaceIds & { revisionId: string; parents: string[]; changes: TreeChange[]; files?: FileNode[]; changeRequestId?: string }
>;

/** A space's own life: created, changed, moved within or out of its organization, deleted, restored, purged. */
export type SpaceLifecycleEvent = SpaceCreated | SpaceUpdated | SpaceDeleted | SpaceRestored | SpacePurged | SpaceMoved | SpaceTransferred;

export type SpaceEvent =
  | SpaceLifecycleEvent
  | SpaceMergeRulesChanged
  | SpaceUserPermissionSet
  | SpaceUserPermissionRemoved
  | SpaceTeamPermissionSet
  | SpaceTeamPermissionRemoved
  | ChangeRequestNumberAllocated
  | LiveContentChanged;
