export * from './content.module';
export * from './projections';
// For other contexts: the query interface (spaces as a user sees them, change requests, pages of revisions).
export { ContentDirectory } from './application/content-directory';
export type { SpaceAccessView, ChangeRequestRef, PageRef } from './application/content-directory';
// The context's events in the organization audit trail (the app composes every context's catalog).
export { CONTENT_AUDIT_CATALOG, CONTENT_UNAUDITED_EVENT_TYPES } from './audit-catalog';
// The one Space object, and its schema: sites answers it inside each site space.
export { spaceObject } from './spaces/http/space-object';
export type { SpaceFields } from './spaces/http/space-object';
export { SpaceResponse } from './spaces/http/space.response';
