/**
 * The integrations context's published language: every event it writes, as types only. Other
 * contexts import these with `import type { ... } from '@docs/integrations/events'`; nothing here
 * loads code.
 */

// Integrations (stream `integration-<id>`): published, and unpublished.
export type {
  IntegrationEvent,
  IntegrationPublished,
  IntegrationUnpublished,
  IntegrationDefinition,
  StoredImage,
} from './integrations/integration.decider';
// Installations (stream `installation-<id>`).
export type { InstallationEvent, IntegrationInstalled } from './installations/installation.decider';

// Webhook subscriptions (stream `webhookSubscription-<id>`).
export type {
  WebhookSubscriptionEvent,
  WebhookSubscriptionCreated,
  WebhookSubscriptionUpdated,
  WebhookSecretRotated,
  WebhookSubscriptionDeleted,
  WebhookSubscriptionDisabled,
  WebhookRedeliveryRequested,
} from './webhooks/webhook-subscription.events';

import type { IntegrationEvent } from './integrations/integration.decider';
import type { WebhookSubscriptionEvent } from './webhooks/webhook-subscription.events';
import type { InstallationEvent } from './installations/installation.decider';
/** Every event the integrations context writes. */
export type IntegrationsContextEvent = IntegrationEvent | InstallationEvent | WebhookSubscriptionEvent;
