import { occurred, projectionSpecPerTest } from '@docs/platform/testing';
import { WebhookSubscriptionEvent } from './webhook-subscription.decider';
import { webhooksProjection } from './webhooks.projection';
import { WEBHOOK_OUTBOX, WEBHOOK_SUBSCRIPTIONS } from './webhooks.read-model';

const T1 = '2026-01-01T00:00:00.000Z';
const subscription = (subscriptionId: string, extra: Record<string, unknown> = {}): WebhookSubscriptionEvent =>
  ({
    type: 'WebhookSubscriptionCreated',
    data: {
      organizationId: 'o1',
      subscriptionId,
      spaceId: null,
      url: 'https://hooks.example/x',
      eventTypes: ['space.created', 'comment.created'],
      active: true,
      description: '',
      secret: 'whsec_x',
      ...extra,
    },
  }) as WebhookSubscriptionEvent;
const spaceCreated = (spaceId: string, organizationId = 'o1') => ({
  type: 'SpaceCreated',
  data: { spaceId, organizationId, title: 'S', emoji: '', editMode: 'live', defaultLevel: null, parent: null, rank: 'a', revisionId: 'r1' },
});
const commentPosted = (spaceId: string) => ({
  type: 'CommentPosted',
  data: { commentId: 'c1', spaceId, revision: 'r1', markdown: 'secret words' },
});

describe('webhooks projection', () => {
  const spec = projectionSpecPerTest(webhooksProjection);
  const outbox = async () =>
    (await spec.readModels.find(WEBHOOK_OUTBOX, { sort: { field: 'seq', direction: 'asc' }, limit: 100 })).items.map((e) => [
      e.subscriptionId,
      e.type,
    ]);

  it('writes one outbox entry per active subscription wanting the type, of the event organization or its space', async () => {
    await spec.given(
      occurred(
        T1,
        subscription('all'),
        subscription('off', { active: false }),
        subscription('other', { spaceId: 's9' }),
        subscription('elsewhere', { organizationId: 'o2' }),
        subscription('pages', { eventTypes: ['page.updated'] }),
        spaceCreated('s1'),
        commentPosted('s1'),
      ),
    );
    expect(await outbox()).toEqual([
      ['all', 'space.created'],
      ['all', 'comment.created'],
    ]);
    const [, comment] = (await spec.readModels.find(WEBHOOK_OUTBOX, { sort: { field: 'seq', direction: 'asc' }, limit: 100 })).items;
    expect(comment!.data).toEqual({ commentId: 'c1', spaceId: 's1', organizationId: 'o1', actor: expect.any(String) });
  });

  it("follows a space into its new organization: the old one's subscriptions stop hearing of it", async () => {
    await spec.given(
      occurred(
        T1,
        subscription('all'),
        spaceCreated('s1'),
        {
          type: 'SpaceTransferred',
          data: { spaceId: 's1', organizationId: 'o1', toOrganizationId: 'o2', rank: 'a', droppedUsers: [], droppedTeams: [] },
        },
        commentPosted('s1'),
      ),
    );
    expect(await outbox()).toEqual([['all', 'space.created']]);
  });

  it('keeps the secret in the read model for signing, and marks a disabled subscription', async () => {
    await spec.given(
      occurred(T1, subscription('w1'), {
        type: 'WebhookSubscriptionDisabled',
        data: { organizationId: 'o1', subscriptionId: 'w1', failingSince: T1, reason: 'down' },
      }),
    );
    expect(await spec.readModels.get(WEBHOOK_SUBSCRIPTIONS, 'w1')).toMatchObject({
      secret: 'whsec_x',
      active: false,
      disabled: { at: T1, reason: 'down' },
    });
  });
});
