export * from './integrations.module';
export * from './projections';
// The published language: events other contexts' projections may follow (also `@docs/integrations/events`, types only).
export type * from './events';
// The context's events in the organization audit trail (the app composes every context's catalog).
export { INTEGRATIONS_AUDIT_CATALOG } from './audit-catalog';
