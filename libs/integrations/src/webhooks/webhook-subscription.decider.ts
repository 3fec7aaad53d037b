import { Aggregate, conflict, forbidden, invalid, notFound, Recorded } from '@docs/kernel';
import type { WebhookSubscriptionEvent, WebhookSubscriptionSettings } from './webhook-subscription.events';

export type * from './webhook-subscription.events';

export interface WebhookSubscriptionState {
  status: 'none' | 'active' | 'deleted';
  organizationId?: string;
  subscriptionId?: string;
  active: boolean;
}

/**
 * What the writer looked up: whether the actor administers the organization (only admins manage
 * webhooks), or is the server itself (which disables failing subscriptions).
 */
export interface WebhookFacts {
  admin: boolean;
  system: boolean;
}

export type WebhookSubscriptionCommand =
  | {
      type: 'CreateWebhookSubscription';
      organizationId: string;
      subscriptionId: string;
      spaceId: string | null;
      settings: WebhookSubscriptionSettings;
      secret: string;
    }
  | { type: 'UpdateWebhookSubscription'; organizationId: string; changes: Partial<WebhookSubscriptionSettings> }
  | { type: 'RotateWebhookSecret'; organizationId: string; secret: string }
  | { type: 'DeleteWebhookSubscription'; organizationId: string }
  | { type: 'DisableWebhookSubscription'; organizationId: string; failingSince: string; reason: string }
  | { type: 'RequestWebhookRedelivery'; organizationId: string; deliveryId?: string; since?: string };

export const initialWebhookSubscriptionState = (): WebhookSubscriptionState => ({ status: 'none', active: false });

export function evolveWebhookSubscription(
  state: WebhookSubscriptionState,
  event: Recorded<WebhookSubscriptionEvent>,
): WebhookSubscriptionState {
  switch (event.type) {
    case 'WebhookSubscriptionCreated': {
      const { organizationId, subscriptionId, active } = event.data;
      return { status: 'active', organizationId, subscriptionId, active };
    }
    case 'WebhookSubscriptionUpdated':
      return event.data.changes.active === undefined ? state : { ...state, active: event.data.changes.active };
    case 'WebhookSubscriptionDisabled':
      return { ...state, active: false };
    case 'WebhookSubscriptionDeleted':
      return { ...state, status: 'deleted' };
    case 'WebhookSecretRotated':
    case 'WebhookRedeliveryRequested':
      return state;
  }
}

export function decideWebhookSubscription(
  state: WebhookSubscriptionState,
  command: WebhookSubscriptionCommand,
  facts: WebhookFacts,
): WebhookSubscriptionEvent[] {
  const { organizationId } = command;
  if (command.type === 'DisableWebhookSubscription') {
    if (!facts.system) throw forbidden('only the server disables a webhook subscription; set active to false instead');
  } else if (!facts.admin) throw forbidden('only organization admins can manage webhooks');
  if (command.type === 'CreateWebhookSubscription') {
    if (state.status !== 'none') throw conflict('the webhook subscription already exists');
    const { subscriptionId, spaceId, settings, secret } = command;
    return [{ type: 'WebhookSubscriptionCreated', data: { organizationId, subscriptionId, spaceId, ...settings, secret } }];
  }
  if (state.status !== 'active' || state.organizationId !== organizationId) throw notFound('webhook not found');
  const ids = { organizationId, subscriptionId: state.subscriptionId! };
  switch (command.type) {
    case 'UpdateWebhookSubscription': {
      const changes = Object.fromEntries(Object.entries(command.changes).filter(([, value]) => value !== undefined));
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'WebhookSubscriptionUpdated', data: { ...ids, changes } }];
    }
    case 'RotateWebhookSecret':
      return [{ type: 'WebhookSecretRotated', data: { ...ids, secret: command.secret } }];
    case 'DeleteWebhookSubscription':
      return [{ type: 'WebhookSubscriptionDeleted', data: ids }];
    case 'DisableWebhookSubscription':
      // Already off (an admin deactivated it meanwhile): nothing to record.
      if (!state.active) return [];
      return [{ type: 'WebhookSubscriptionDisabled', data: { ...ids, failingSince: command.failingSince, reason: command.reason } }];
    case 'RequestWebhookRedelivery':
      if (command.deliveryId !== undefined)
        return [{ type: 'WebhookRedeliveryRequested', data: { ...ids, deliveryId: command.deliveryId } }];
      if (command.since === undefined) throw invalid('a redelivery names a deliveryId or a since time');
      return [{ type: 'WebhookRedeliveryRequested', data: { ...ids, since: command.since } }];
  }
}

/** A webhook subscription of an organization, in stream `webhookSubscription-<subscriptionId>`. */
export const webhookSubscriptionAggregate: Aggregate<
  WebhookSubscriptionState,
  WebhookSubscriptionCommand,
  WebhookSubscriptionEvent,
  WebhookFacts
> = {
  category: 'webhookSubscription',
  initialState: initialWebhookSubscriptionState,
  evolve: evolveWebhookSubscription,
  decide: decideWebhookSubscription,
  schemaVersions: {
    WebhookSubscriptionCreated: 1,
    WebhookSubscriptionUpdated: 1,
    WebhookSecretRotated: 1,
    WebhookSubscriptionDeleted: 1,
    WebhookSubscriptionDisabled: 1,
    WebhookRedeliveryRequested: 1,
  },
};
