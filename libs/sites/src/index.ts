export * from './sites.module';
export * from './projections';
// What the served site asks for a path no page has (301/308 to the redirect's target).
export { SiteRedirectsReadModel } from './redirects/redirects.read-model';
// The published language: the events of site streams (also `@docs/sites/events`, types only).
export type * from './events';
// The context's events in the organization audit trail (the app composes every context's catalog).
export { SITES_AUDIT_CATALOG } from './audit-catalog';
