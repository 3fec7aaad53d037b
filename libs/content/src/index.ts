export * from './content.module';
export * from './projections';
// The published language: every event of content streams (also `@docs/content/events`, types only).
export type * from './events';
// For other contexts: the query interface (spaces as a user sees them, change requests, pages of revisions).
export { ContentDirectory } from './content-directory';
export type {
  SpaceAccessView,
  ChangeRequestRef,
  PageRef,
  RevisionPageEntry,
  RevisionPages,
  SpaceMatch,
  PageMatch,
  SectionMatch,
} from './content-directory';
// The context's events in the organization audit trail (the app composes every context's catalog).
export { CONTENT_AUDIT_CATALOG, CONTENT_UNAUDITED_EVENT_TYPES } from './audit-catalog';
// The one Space object, and its schema: sites answers it inside each site space.
export { spaceObject } from './spaces/http/space-object';
export type { SpaceFields } from './spaces/http/space-object';
export { SpaceResponse } from './spaces/http/space.response';
// GitBook's search results (searchSiteContent answers them too).
export { SearchSpaceResultResponse } from './search/search.response';
