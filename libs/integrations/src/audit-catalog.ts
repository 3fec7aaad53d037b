import { auditCatalog } from '@docs/organizations';
import { InstallationEvent } from './installations/installation.decider';
import { IntegrationEvent } from './integrations/integration.decider';

/** The integrations context's events in the organization audit trail (composed in apps/api/app.module.ts): every one. */
export const INTEGRATIONS_AUDIT_CATALOG = auditCatalog<IntegrationEvent | InstallationEvent>({
  IntegrationPublished: { label: 'Integration published', target: { type: 'integration', idField: 'name' } },
  IntegrationUnpublished: { label: 'Integration unpublished', target: { type: 'integration', idField: 'name' } },
  IntegrationInstalled: { label: 'Integration installed', target: { type: 'installation', idField: 'installationId' } },
});
