import { auditCatalog } from '@docs/kernel';
import { InstallationEvent } from './installations/installation.decider';
import { IntegrationEvent } from './integrations/integration.decider';

/** The integrations context's events in the organization audit trail (composed in apps/api/app.module.ts): every one. */
export const INTEGRATIONS_AUDIT_CATALOG = auditCatalog<IntegrationEvent | InstallationEvent>((on) => ({
  ...on({ type: 'integration', idField: 'name' }, ['IntegrationPublished', 'IntegrationUnpublished']),
  ...on({ type: 'installation', idField: 'installationId' }, ['IntegrationInstalled']),
}));
