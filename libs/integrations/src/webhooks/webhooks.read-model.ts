import { defineReadModel, Doc, FindResult, OwnedDocs, Provided, ReadModels } from '@docs/platform/projections';
import { WebhookEventType } from './webhook-catalogue.domain';

/** A webhook subscription. `secret` signs its deliveries and is never answered after creation. */
export interface WebhookSubscriptionDoc extends Doc {
  organizationId: string;
  spaceId: string | null;
  url: string;
  eventTypes: WebhookEventType[];
  active: boolean;
  description: string;
  secret: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  /** Set when the server disabled it after days of failures (cleared when an admin activates it again). */
  disabled: { at: string; reason: string } | null;
}

/** Which organization each space is in (comments name only their space). */
export interface WebhookSpaceDoc extends Doc {
  organizationId: string;
}

/**
 * One entry of the outbox the delivery processor follows (webhook-dispatcher.ts): a delivery to
 * make (`event`) or a redelivery asked for (`redeliver`), in log order by `seq` (the event's
 * position, zero-padded, then the subscription). Rebuilt identically by a replay: the processor's
 * own cursor, outside the projection, keeps it from acting twice on one entry.
 */
export interface WebhookOutboxDoc extends Doc {
  seq: string;
  kind: 'event' | 'redeliver';
  subscriptionId: string;
  organizationId: string;
  /** The log event behind it. */
  eventId: string;
  occurredAt: string;
  /** `event`: the webhook event type and payload data. */
  type?: WebhookEventType;
  data?: Record<string, unknown>;
  /** `redeliver`: one delivery, or every failed one created since. */
  deliveryId?: string;
  since?: string;
}

export const WEBHOOK_SUBSCRIPTIONS = defineReadModel<WebhookSubscriptionDoc>({
  name: 'webhook_subscriptions',
  lists: [['organizationId', 'createdAt']],
});
export const WEBHOOK_SPACES = defineReadModel<WebhookSpaceDoc>({ name: 'webhook_spaces' });
export const WEBHOOK_OUTBOX = defineReadModel<WebhookOutboxDoc>({ name: 'webhook_outbox', indexes: ['seq'] });

/** At most this many subscriptions per organization (each event is matched against them all). */
export const MAX_SUBSCRIPTIONS_PER_ORGANIZATION = 25;

/** The webhook subscriptions of an organization: one (404 otherwise) and the list, oldest first. */
@Provided()
export class WebhookSubscriptionsReadModel extends OwnedDocs<WebhookSubscriptionDoc, 'organizationId'> {
  constructor(readModels: ReadModels) {
    super(readModels, WEBHOOK_SUBSCRIPTIONS, 'organizationId', 'webhook not found');
  }

  /** The subscription whatever its organization, or null (the delivery processor). */
  byId(subscriptionId: string): Promise<WebhookSubscriptionDoc | null> {
    return this.readModels.get(WEBHOOK_SUBSCRIPTIONS, subscriptionId);
  }

  count(organizationId: string): Promise<number> {
    return this.readModels.count(WEBHOOK_SUBSCRIPTIONS, { where: [{ field: 'organizationId', op: 'eq', value: organizationId }] });
  }

  /** Outbox entries after `seq`, in order. */
  outboxAfter(seq: string, limit: number): Promise<FindResult<WebhookOutboxDoc>> {
    return this.readModels.find(WEBHOOK_OUTBOX, {
      where: [{ field: 'seq', op: 'gt', value: seq }],
      sort: { field: 'seq', direction: 'asc' },
      limit,
    });
  }
}
