import type { DomainEvent, Recorded } from '@docs/kernel';
import type { SpaceCreated, SpaceTransferred } from '@docs/content/events';
import { defineProjection, handleEach, ProjectionWriter, touchDoc } from '@docs/platform/projections';
import { WEBHOOK_EVENT_SOURCES, WebhookSourceEvent, webhookData, webhookTypeOf } from './webhook-catalogue.domain';
import { WebhookSubscriptionEvent } from './webhook-subscription.decider';
import { MAX_SUBSCRIPTIONS_PER_ORGANIZATION, WEBHOOK_OUTBOX, WEBHOOK_SPACES, WEBHOOK_SUBSCRIPTIONS } from './webhooks.read-model';

/** A log position as a sortable string (positions are 64-bit). */
export const seqOf = (position: bigint, subscriptionId: string): string => `${position.toString().padStart(20, '0')}:${subscriptionId}`;

type SourceEvent = DomainEvent<WebhookSourceEvent, Record<string, unknown> & { spaceId?: string; organizationId?: string }>;

/** The organization an event is about: its own, or its space's (comments name only their space). */
async function organizationOf(data: SourceEvent['data'], w: ProjectionWriter): Promise<string | null> {
  if (typeof data.organizationId === 'string') return data.organizationId;
  if (typeof data.spaceId === 'string') return (await w.get(WEBHOOK_SPACES, data.spaceId))?.organizationId ?? null;
  return null;
}

/**
 * An event of the catalogue: one outbox entry per active subscription of its organization (or of
 * its space) that wants its type, in log order. Whether the subscription's creator may still see
 * it is checked when it is delivered.
 */
async function fanOut(event: Recorded<SourceEvent>, w: ProjectionWriter): Promise<void> {
  const type = webhookTypeOf(event.type)!;
  const organizationId = await organizationOf(event.data, w);
  if (!organizationId) return;
  const { items } = await w.find(WEBHOOK_SUBSCRIPTIONS, {
    where: [{ field: 'organizationId', op: 'eq', value: organizationId }],
    sort: { field: 'createdAt', direction: 'asc' },
    limit: MAX_SUBSCRIPTIONS_PER_ORGANIZATION,
  });
  const spaceId = typeof event.data.spaceId === 'string' ? event.data.spaceId : null;
  for (const subscription of items) {
    if (!subscription.active || !subscription.eventTypes.includes(type)) continue;
    if (subscription.spaceId !== null && subscription.spaceId !== spaceId) continue;
    w.put(WEBHOOK_OUTBOX, {
      id: `${event.id}:${subscription.id}`,
      seq: seqOf(event.position, subscription.id),
      kind: 'event',
      subscriptionId: subscription.id,
      organizationId,
      eventId: event.id,
      occurredAt: event.metadata.occurredAt,
      type,
      data: webhookData(event.data, organizationId, event.metadata.actor),
    });
  }
}

/**
 * Webhooks (docs/integrations-design.md, "Webhooks"): the subscriptions, which organization each
 * space is in, and the outbox of deliveries the delivery processor follows.
 */
export const webhooksProjection = defineProjection<WebhookSubscriptionEvent | SpaceCreated | SpaceTransferred | SourceEvent>({
  name: 'webhooks',
  version: 1,
  collections: [WEBHOOK_SUBSCRIPTIONS, WEBHOOK_SPACES, WEBHOOK_OUTBOX],
  on: {
    ...handleEach(Object.keys(WEBHOOK_EVENT_SOURCES) as WebhookSourceEvent[], fanOut),
    async SpaceCreated(event, w) {
      w.put(WEBHOOK_SPACES, { id: event.data.spaceId, organizationId: event.data.organizationId });
      await fanOut(event as unknown as Recorded<SourceEvent>, w);
    },
    SpaceTransferred({ data: { spaceId, toOrganizationId } }, w) {
      w.put(WEBHOOK_SPACES, { id: spaceId, organizationId: toOrganizationId });
    },
    WebhookSubscriptionCreated({ data, metadata: { occurredAt, actor } }, w) {
      const { subscriptionId, organizationId, spaceId, url, eventTypes, active, description, secret } = data;
      w.put(WEBHOOK_SUBSCRIPTIONS, {
        id: subscriptionId,
        organizationId,
        spaceId,
        url,
        eventTypes,
        active,
        description,
        secret,
        createdBy: actor,
        createdAt: occurredAt,
        updatedAt: occurredAt,
        disabled: null,
      });
    },
    async WebhookSubscriptionUpdated({ data: { subscriptionId, changes }, metadata: { occurredAt } }, w) {
      await w.update(WEBHOOK_SUBSCRIPTIONS, subscriptionId, (doc) => {
        if (!doc) return null;
        const disabled = changes.active === true ? null : doc.disabled;
        return { ...doc, ...changes, disabled, updatedAt: occurredAt };
      });
    },
    async WebhookSecretRotated({ data: { subscriptionId, secret }, metadata: { occurredAt } }, w) {
      await touchDoc(w, WEBHOOK_SUBSCRIPTIONS, subscriptionId, occurredAt, () => ({ secret }));
    },
    async WebhookSubscriptionDisabled({ data: { subscriptionId, reason }, metadata: { occurredAt } }, w) {
      await touchDoc(w, WEBHOOK_SUBSCRIPTIONS, subscriptionId, occurredAt, () => ({ active: false, disabled: { at: occurredAt, reason } }));
    },
    WebhookSubscriptionDeleted({ data: { subscriptionId } }, w) {
      w.delete(WEBHOOK_SUBSCRIPTIONS, subscriptionId);
    },
    WebhookRedeliveryRequested(event, w) {
      const { subscriptionId, organizationId, deliveryId, since } = event.data;
      w.put(WEBHOOK_OUTBOX, {
        id: `${event.id}:${subscriptionId}`,
        seq: seqOf(event.position, subscriptionId),
        kind: 'redeliver',
        subscriptionId,
        organizationId,
        eventId: event.id,
        occurredAt: event.metadata.occurredAt,
        ...(deliveryId !== undefined ? { deliveryId } : { since }),
      });
    },
  },
});
