export * from './api-specs.module';
export * from './projections';
// The published language: events other contexts' projections may follow (also `@docs/api-specs/events`, types only).
export type * from './events';
// The context's events in the organization audit trail (the app composes every context's catalog).
export { API_SPECS_AUDIT_CATALOG } from './audit-catalog';
