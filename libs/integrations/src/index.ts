export * from './integrations.module';
export * from './projections';
// The published language: events other contexts' projections may follow.
export type { IntegrationEvent, IntegrationPublished, IntegrationUnpublished } from './domain/integration';
export type { InstallationEvent, IntegrationInstalled } from './domain/installation';
// The context's events in the organization audit trail (the app composes every context's catalog).
export { INTEGRATIONS_AUDIT_CATALOG } from './audit-catalog';
