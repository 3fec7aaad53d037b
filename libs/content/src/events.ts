/**
 * The content context's published language: every event it writes, as types only. Other contexts
 * import these with `import type { ... } from '@docs/content/events'`; nothing here loads code.
 */

// Spaces: settings, placement, grants, change request numbers, and the live content's revisions.
export type {
  SpaceEvent,
  SpaceLifecycleEvent,
  SpaceCreated,
  SpaceUpdated,
  SpaceMergeRulesChanged,
  SpaceDeleted,
  SpaceRestored,
  SpacePurged,
  SpaceMoved,
  SpaceTransferred,
  SpaceUserPermissionSet,
  SpaceUserPermissionRemoved,
  SpaceTeamPermissionSet,
  SpaceTeamPermissionRemoved,
  ChangeRequestNumberAllocated,
  LiveContentChanged,
  SpaceSettings,
  EditMode,
  DefaultLevel,
} from './spaces/space.events';

// Git sync: a space's exports to and imports from a git repository.
export type { GitSyncEvent, GitSyncExported, GitSyncImported } from './git-sync/git-sync.events';

// Change requests: their life, their content's revisions, and their reviewers.
export type {
  ChangeRequestEvent,
  ChangeRequestCreated,
  ChangeRequestSubjectChanged,
  ChangeRequestStatusChanged,
  ChangeRequestContentEdited,
  ChangeRequestUpdatedFromMain,
  ChangeRequestMerged,
  ReviewersRequested,
  ReviewerRemoved,
  ChangeRequestStatus,
} from './change-requests/change-request.events';
export type { ChangeRequestReviewSubmitted, ReviewStatus } from './change-requests/reviews/change-request-review.events';

// Collections.
export type {
  CollectionEvent,
  CollectionCreated,
  CollectionUpdated,
  CollectionMoved,
  CollectionDeleted,
  CollectionSettings,
} from './collections/collection.events';

// Import runs: requested, progressing, then completed, failed or cancelled.
export type {
  ImportRunEvent,
  ImportRunRequested,
  ImportRunProgressed,
  ImportRunCompleted,
  ImportRunFailed,
  ImportRunCancelled,
  ImportRunSource,
  ImportRunTarget,
} from './import-runs/import-run.decider';

// Archive exports: background jobs packing spaces as zip archives.
export type {
  ArchiveExportEvent,
  ArchiveExportRequested,
  ArchiveExportCompleted,
  ArchiveExportFailed,
  ArchiveExportTarget,
} from './archives/archive-export.events';

// What revisions carry: page tree changes (pages) and the files a revision gained.
export type { TreeChange, PageNode } from './page-tree/page-tree.domain';
export type { FileNode } from './page-tree/content-files.domain';

import type { SpaceEvent } from './spaces/space.events';
import type { ChangeRequestEvent } from './change-requests/change-request.events';
import type { CollectionEvent } from './collections/collection.events';
import type { ImportRunEvent } from './import-runs/import-run.decider';
import type { ArchiveExportEvent } from './archives/archive-export.events';
import type { GitSyncEvent } from './git-sync/git-sync.events';
/** Every event the content context writes. */
export type ContentEvent = SpaceEvent | ChangeRequestEvent | CollectionEvent | ImportRunEvent | ArchiveExportEvent | GitSyncEvent;
