import { auditCatalog } from '@docs/kernel';
import { InstallationEvent } from './installations/installation.decider';
import { IntegrationEvent } from './integrations/integration.decider';
import { WebhookSubscriptionEvent } from './webhooks/webhook-subscription.events';

/** The integrations context's events in the organization audit trail (composed in apps/api/projections.ts): every one. */
export const INTEGRATIONS_AUDIT_CATALOG = auditCatalog<IntegrationEvent | InstallationEvent | WebhookSubscriptionEvent>((on) => ({
  ...on({ type: 'integration', idField: 'name' }, ['IntegrationPublished', 'IntegrationUnpublished']),
  ...on({ type: 'installation', idField: 'installationId' }, ['IntegrationInstalled']),
  ...on({ type: 'webhook', idField: 'subscriptionId' }, [
    'WebhookSubscriptionCreated',
    'WebhookSubscriptionUpdated',
    'WebhookSecretRotated',
    'WebhookSubscriptionDeleted',
    'WebhookSubscriptionDisabled',
    'WebhookRedeliveryRequested',
  ]),
}));
