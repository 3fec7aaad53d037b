import { deciderSpec } from '@docs/kernel/testing';
import { WebhookSubscriptionCommand, webhookSubscriptionAggregate, WebhookSubscriptionEvent } from './webhook-subscription.decider';

const admin = { admin: true, system: false };
const member = { admin: false, system: false };
const server = { admin: false, system: true };
const ids = { organizationId: 'o1', subscriptionId: 'w1' };
const settings = { url: 'https://hooks.example/a', eventTypes: ['page.updated' as const], active: true, description: '' };
const create: WebhookSubscriptionCommand = {
  type: 'CreateWebhookSubscription',
  ...ids,
  spaceId: null,
  settings,
  secret: 'whsec_a',
};
const created: WebhookSubscriptionEvent = {
  type: 'WebhookSubscriptionCreated',
  data: { ...ids, spaceId: null, ...settings, secret: 'whsec_a' },
};
const disable: WebhookSubscriptionCommand = {
  type: 'DisableWebhookSubscription',
  organizationId: 'o1',
  failingSince: 't0',
  reason: 'down',
};

describe('webhook subscription decider', () => {
  const subscription = deciderSpec(webhookSubscriptionAggregate);

  it('lets admins create a subscription once', () => {
    subscription.given([]).when(create, admin).then([created]);
    subscription
      .given([created])
      .when(create, admin)
      .thenFails('conflict', /already exists/);
    subscription
      .given([])
      .when(create, member)
      .thenFails('forbidden', /admins/);
  });

  it('records only the settings that are sent, and nothing for an empty change', () => {
    subscription
      .given([created])
      .when({ type: 'UpdateWebhookSubscription', organizationId: 'o1', changes: { active: false, url: undefined } }, admin)
      .then([{ type: 'WebhookSubscriptionUpdated', data: { ...ids, changes: { active: false } } }]);
    subscription.given([created]).when({ type: 'UpdateWebhookSubscription', organizationId: 'o1', changes: {} }, admin).then([]);
  });

  it('hides a subscription of another organization or a deleted one (404)', () => {
    const deleted: WebhookSubscriptionEvent = { type: 'WebhookSubscriptionDeleted', data: ids };
    subscription.given([created]).when({ type: 'DeleteWebhookSubscription', organizationId: 'o2' }, admin).thenFails('not_found');
    subscription
      .given([created, deleted])
      .when({ type: 'RotateWebhookSecret', organizationId: 'o1', secret: 'whsec_b' }, admin)
      .thenFails('not_found');
  });

  it('is disabled by the server only, and only while active', () => {
    const disabled: WebhookSubscriptionEvent = {
      type: 'WebhookSubscriptionDisabled',
      data: { ...ids, failingSince: 't0', reason: 'down' },
    };
    subscription.given([created]).when(disable, server).then([disabled]);
    subscription
      .given([created])
      .when(disable, admin)
      .thenFails('forbidden', /only the server/);
    subscription.given([created, disabled]).when(disable, server).then([]);
  });

  it('asks for a redelivery of one delivery or of failed ones since a time', () => {
    subscription
      .given([created])
      .when({ type: 'RequestWebhookRedelivery', organizationId: 'o1', deliveryId: 'msg_1' }, admin)
      .then([{ type: 'WebhookRedeliveryRequested', data: { ...ids, deliveryId: 'msg_1' } }]);
    subscription
      .given([created])
      .when({ type: 'RequestWebhookRedelivery', organizationId: 'o1', since: '2026-01-01T00:00:00.000Z' }, admin)
      .then([{ type: 'WebhookRedeliveryRequested', data: { ...ids, since: '2026-01-01T00:00:00.000Z' } }]);
    subscription.given([created]).when({ type: 'RequestWebhookRedelivery', organizationId: 'o1' }, admin).thenFails('invalid');
  });
});
