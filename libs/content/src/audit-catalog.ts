import { auditCatalog } from '@docs/kernel';
import { ChangeRequestEvent } from './change-requests/change-request.events';
import { CollectionEvent } from './collections/collection.events';
import { GitSyncEvent } from './git-sync/git-sync.events';
import { ChangeRequestNumberAllocated, SpaceEvent } from './spaces/space.events';

/**
 * The content context's events in the organization audit trail (composed in apps/api/app.module.ts).
 * Not audited: `ChangeRequestNumberAllocated`, bookkeeping of the space stream that the
 * `ChangeRequestCreated` of the same request records.
 */
export type ContentAuditedEvent = Exclude<SpaceEvent, ChangeRequestNumberAllocated> | ChangeRequestEvent | CollectionEvent | GitSyncEvent;

/** The context's events the audit trail leaves out, so the operator CLI knows every event type (`events types`). */
export const CONTENT_UNAUDITED_EVENT_TYPES: readonly ChangeRequestNumberAllocated['type'][] = ['ChangeRequestNumberAllocated'];

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
  ...on({ type: 'space', idField: 'spaceId' }, ['GitSyncExported', 'GitSyncImported'], {
    GitSyncExported: 'Space content exported to a git repository',
    GitSyncImported: 'Space content imported from a git repository',
  }),
}));
