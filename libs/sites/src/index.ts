export * from './sites.module';
export * from './projections';
// The published language: the events of site streams (also `@docs/sites/events`, types only).
export type * from './events';
// The context's events in the organization audit trail (the app composes every context's catalog).
export { SITES_AUDIT_CATALOG } from './audit-catalog';
