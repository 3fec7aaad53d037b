import { DomainEvent } from '@docs/kernel';
import { WebhookEventType } from './webhook-catalogue.domain';

/**
 * A webhook subscription's life (stream `webhookSubscription-<id>`): created by an organization
 * admin for the organization or one of its spaces, changed, its secret rotated, deleted, disabled
 * by the server after days of failed deliveries, and redeliveries asked for. The secret is in the
 * events because the server must sign with it; the audit trail never copies event data.
 */
type Ids = { organizationId: string; subscriptionId: string };

export type WebhookSubscriptionSettings = {
  url: string;
  eventTypes: WebhookEventType[];
  active: boolean;
  description: string;
};

export type WebhookSubscriptionCreated = DomainEvent<
  'WebhookSubscriptionCreated',
  Ids & WebhookSubscriptionSettings & { spaceId: string | null; secret: string }
>;
export type WebhookSubscriptionUpdated = DomainEvent<'WebhookSubscriptionUpdated', Ids & { changes: Partial<WebhookSubscriptionSettings> }>;
export type WebhookSecretRotated = DomainEvent<'WebhookSecretRotated', Ids & { secret: string }>;
export type WebhookSubscriptionDeleted = DomainEvent<'WebhookSubscriptionDeleted', Ids>;
/** The server stopped delivering: every attempt failed since `failingSince` (3 days or more). */
export type WebhookSubscriptionDisabled = DomainEvent<'WebhookSubscriptionDisabled', Ids & { failingSince: string; reason: string }>;
/** An admin asked to deliver again one delivery (`deliveryId`), or every failed one created since `since`. */
export type WebhookRedeliveryRequested = DomainEvent<
  'WebhookRedeliveryRequested',
  Ids & ({ deliveryId: string; since?: undefined } | { since: string; deliveryId?: undefined })
>;

export type WebhookSubscriptionEvent =
  | WebhookSubscriptionCreated
  | WebhookSubscriptionUpdated
  | WebhookSecretRotated
  | WebhookSubscriptionDeleted
  | WebhookSubscriptionDisabled
  | WebhookRedeliveryRequested;
