import { auditCatalog } from '@docs/kernel';
import { ArchiveExportEvent } from './archives/archive-export.events';
import { ChangeRequestEvent } from './change-requests/change-request.events';
import { CollectionEvent } from './collections/collection.events';
import { ImportRunEvent, ImportRunProgressed } from './import-runs/import-run.decider';
import { GitSyncEvent } from './git-sync/git-sync.events';
import { ChangeRequestNumberAllocated, SpaceEvent } from './spaces/space.events';

/**
 * The content context's events in the organization audit trail (composed in apps/api/projections.ts).
 * Not audited: `ChangeRequestNumberAllocated`, bookkeeping of the space stream that the
 * `ChangeRequestCreated` of the same request records, and `ImportRunProgressed`, a running import's
 * counts (its start, end and cancellation are audited).
 */
export type ContentAuditedEvent =
  | Exclude<SpaceEvent, ChangeRequestNumberAllocated>
  | ChangeRequestEvent
  | CollectionEvent
  | Exclude<ImportRunEvent, ImportRunProgressed>
  | ArchiveExportEvent
  | GitSyncEvent;

/** The context's events the audit trail leaves out, so the operator CLI knows every event type (`events types`). */
export const CONTENT_UNAUDITED_EVENT_TYPES: readonly (ChangeRequestNumberAllocated | ImportRunProgressed)['type'][] = [
  'ChangeRequestNumberAllocated',
  'ImportRunProgressed',
];

export const CONTENT_AUDIT_CATALOG = auditCatalog<ContentAuditedEvent>((on) => ({
  ...on(
    { type: 'space', idField: 'spaceId' },
    [
      'SpaceCreated',
      'SpaceUpdated',
      'SpaceMergeRulesChanged',
      'SpaceDeleted',
      'SpaceRestored',
      'SpacePurged',
      'SpaceMoved',
      'SpaceTransferred',
      'SpaceUserPermissionSet',
      'SpaceUserPermissionRemoved',
      'SpaceTeamPermissionSet',
      'SpaceTeamPermissionRemoved',
      'LiveContentChanged',
    ],
    {
      SpacePurged: 'Space permanently deleted',
      SpaceTransferred: 'Space transferred to another organization',
      LiveContentChanged: 'Space content changed',
    },
  ),
  ...on(
    { type: 'change-request', idField: 'changeRequestId' },
    [
      'ChangeRequestCreated',
      'ChangeRequestSubjectChanged',
      'ChangeRequestStatusChanged',
      'ChangeRequestContentEdited',
      'ChangeRequestUpdatedFromMain',
      'ChangeRequestMerged',
      'ReviewersRequested',
      'ReviewerRemoved',
      'ChangeRequestReviewSubmitted',
    ],
    {
      ChangeRequestUpdatedFromMain: 'Change request updated from the main content',
      ReviewersRequested: 'Change request reviewers requested',
      ReviewerRemoved: 'Change request reviewer removed',
      ChangeRequestReviewSubmitted: 'Change request reviewed',
    },
  ),
  ...on({ type: 'collection', idField: 'collectionId' }, [
    'CollectionCreated',
    'CollectionUpdated',
    'CollectionMoved',
    'CollectionDeleted',
  ]),
  ...on(
    { type: 'import-run', idField: 'importRunId' },
    ['ImportRunRequested', 'ImportRunCompleted', 'ImportRunFailed', 'ImportRunCancelled'],
    {
      ImportRunRequested: 'Import started',
      ImportRunCompleted: 'Import completed',
      ImportRunFailed: 'Import failed',
      ImportRunCancelled: 'Import cancelled',
    },
  ),
  ...on({ type: 'archive-export', idField: 'exportId' }, ['ArchiveExportRequested', 'ArchiveExportCompleted', 'ArchiveExportFailed'], {
    ArchiveExportRequested: 'Archive export requested',
    ArchiveExportCompleted: 'Archive export completed',
    ArchiveExportFailed: 'Archive export failed',
  }),
  ...on({ type: 'space', idField: 'spaceId' }, ['GitSyncExported', 'GitSyncImported'], {
    GitSyncExported: 'Space content exported to a git repository',
    GitSyncImported: 'Space content imported from a git repository',
  }),
}));
