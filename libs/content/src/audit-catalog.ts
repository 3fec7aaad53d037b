import { auditCatalog } from '@docs/organizations';
import { ChangeRequestEvent } from './change-requests/change-request.events';
import { CollectionEvent } from './collections/collection.events';
import { ChangeRequestNumberAllocated, SpaceEvent } from './spaces/space.events';

/**
 * The content context's events in the organization audit trail (composed in apps/api/app.module.ts).
 * Not audited: `ChangeRequestNumberAllocated`, bookkeeping of the space stream that the
 * `ChangeRequestCreated` of the same request records.
 */
export type ContentAuditedEvent = Exclude<SpaceEvent, ChangeRequestNumberAllocated> | ChangeRequestEvent | CollectionEvent;

/** The context's events the audit trail leaves out, so the operator CLI knows every event type (`events types`). */
export const CONTENT_UNAUDITED_EVENT_TYPES: readonly ChangeRequestNumberAllocated['type'][] = ['ChangeRequestNumberAllocated'];

const space = { type: 'space', idField: 'spaceId' } as const;
const changeRequest = { type: 'change-request', idField: 'changeRequestId' } as const;
const collection = { type: 'collection', idField: 'collectionId' } as const;

export const CONTENT_AUDIT_CATALOG = auditCatalog<ContentAuditedEvent>({
  SpaceCreated: { label: 'Space created', target: space },
  SpaceUpdated: { label: 'Space updated', target: space },
  SpaceDeleted: { label: 'Space deleted', target: space },
  SpaceRestored: { label: 'Space restored', target: space },
  SpacePurged: { label: 'Space permanently deleted', target: space },
  SpaceMoved: { label: 'Space moved', target: space },
  SpaceTransferred: { label: 'Space transferred to another organization', target: space },
  SpaceUserPermissionSet: { label: 'Space user permission set', target: space },
  SpaceUserPermissionRemoved: { label: 'Space user permission removed', target: space },
  SpaceTeamPermissionSet: { label: 'Space team permission set', target: space },
  SpaceTeamPermissionRemoved: { label: 'Space team permission removed', target: space },
  LiveContentChanged: { label: 'Space content changed', target: space },
  ChangeRequestCreated: { label: 'Change request created', target: changeRequest },
  ChangeRequestSubjectChanged: { label: 'Change request subject changed', target: changeRequest },
  ChangeRequestStatusChanged: { label: 'Change request status changed', target: changeRequest },
  ChangeRequestContentEdited: { label: 'Change request content edited', target: changeRequest },
  ChangeRequestUpdatedFromMain: { label: 'Change request updated from the main content', target: changeRequest },
  ChangeRequestMerged: { label: 'Change request merged', target: changeRequest },
  ReviewersRequested: { label: 'Change request reviewers requested', target: changeRequest },
  ReviewerRemoved: { label: 'Change request reviewer removed', target: changeRequest },
  CollectionCreated: { label: 'Collection created', target: collection },
  CollectionUpdated: { label: 'Collection updated', target: collection },
  CollectionMoved: { label: 'Collection moved', target: collection },
  CollectionDeleted: { label: 'Collection deleted', target: collection },
});
