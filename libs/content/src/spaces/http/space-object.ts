import { INHERITED_MERGE_RULES, SpaceMergeRulesConfiguration } from '@docs/kernel';
import { spacePermissions } from '../spaces.policy';
import { GitSyncSummary, gitSyncState } from '../../git-sync/git-sync-state.domain';

/** What GitBook's Space object is made of: the fields of a space document (content's, or a copy another context keeps). */
export interface SpaceFields {
  id: string;
  organizationId: string;
  title: string;
  /** `""` when unset. */
  emoji: string;
  editMode: string;
  defaultLevel: string | null;
  /** The parent collection, or null at the organization's top level. */
  parent: string | null;
  /** The live revision. */
  revision: string;
  createdAt: string;
  updatedAt: string;
  /** Open comments (the collaboration context moves it). */
  comments: number;
  changeRequests: number;
  changeRequestsOpen: number;
  changeRequestsDraft: number;
  /** Absent: inherit (another context's copy may not follow them). */
  mergeRules?: SpaceMergeRulesConfiguration;
  /** The last git sync; absent: never synced (or a copy that does not follow it). */
  gitSync?: GitSyncSummary;
}

/**
 * GitBook's Space object, with URLs and the permissions of a caller whose effective role in the
 * space is `role` (null or an unknown role: none, every permission false). Content's presenter
 * answers it, and so do contexts that embed a Space (a site space), so the object is written once.
 */
export function spaceObject<S extends SpaceFields>(urls: { publicUrl: string; appUrl: string }, space: S, role: string | null) {
  return {
    object: 'space' as const,
    id: space.id,
    title: space.title,
    emoji: space.emoji,
    visibility: space.parent !== null && space.defaultLevel === 'inherit' ? ('in-collection' as const) : ('private' as const),
    createdAt: space.createdAt,
    updatedAt: space.updatedAt,
    editMode: space.editMode as S['editMode'],
    mergeRules: space.mergeRules ?? INHERITED_MERGE_RULES,
    urls: { location: `${urls.publicUrl}/v1/spaces/${space.id}`, app: `${urls.appUrl}/s/${space.id}` },
    organization: space.organizationId,
    ...(space.parent !== null ? { parent: space.parent } : {}),
    revision: space.revision,
    defaultLevel: space.defaultLevel as S['defaultLevel'],
    comments: space.comments,
    changeRequests: space.changeRequests,
    changeRequestsOpen: space.changeRequestsOpen,
    changeRequestsDraft: space.changeRequestsDraft,
    ...(space.gitSync ? { gitSync: gitSyncState(space.id, space.gitSync) } : {}),
    permissions: spacePermissions(role),
  };
}
