/**
 * `webhooks list [--org <id>]`, `webhooks deliveries <webhookId> [--status <s>]` and
 * `webhooks redeliver <webhookId> (--delivery <id> | --since <time>)` (docs/webhooks.md): the
 * subscriptions (never their secrets), a subscription's delivery log, newest event first, and a
 * redelivery request, recorded as the operator (`cli:<user>@<host>`), which the delivery processor
 * of a running server carries out.
 */
import { randomUUID } from 'node:crypto';
import { FindQuery, notFound, ReadModels, Recorded, streamOf } from '@docs/platform';
import { WEBHOOK_DELIVERIES, WEBHOOK_SUBSCRIPTIONS, webhookSubscriptionAggregate } from '@docs/integrations';
import type { CliDeps } from '../cli-commands';
import { withStores } from '../cli-commands';
import { Printer } from '../output';

/** How many rows a list prints at most. */
const LIMIT = 1000;

export async function webhooksList(deps: CliDeps, organizationId?: string): Promise<void> {
  const p = new Printer(deps.out, deps.format, [
    { key: 'id' },
    { key: 'organizationId', header: 'organization' },
    { key: 'url', max: 60 },
    { key: 'events', max: 50 },
    { key: 'active' },
    { key: 'disabled', max: 40 },
  ]);
  await withStores(deps, async ({ readStore }) => {
    const readModels = new ReadModels(readStore, await deps.registry());
    const query: FindQuery = {
      ...(organizationId ? { where: [{ field: 'organizationId', op: 'eq', value: organizationId }] } : {}),
      sort: { field: 'createdAt', direction: 'asc' },
      limit: LIMIT,
    };
    for (const w of (await readModels.find(WEBHOOK_SUBSCRIPTIONS, query)).items) {
      const disabled = w.disabled ? `${w.disabled.at}: ${w.disabled.reason}` : '';
      p.row({ id: w.id, organizationId: w.organizationId, url: w.url, events: w.eventTypes.join(','), active: w.active, disabled });
    }
  });
  p.flush('(no webhooks)');
}

export async function webhooksDeliveries(deps: CliDeps, webhookId: string, status?: string): Promise<void> {
  const p = new Printer(deps.out, deps.format, [
    { key: 'id' },
    { key: 'type' },
    { key: 'status' },
    { key: 'attempts', align: 'right' },
    { key: 'createdAt', header: 'event at' },
    { key: 'lastAttemptAt', header: 'last attempt' },
    { key: 'reason', max: 40 },
  ]);
  await withStores(deps, async ({ readStore }) => {
    const where: FindQuery['where'] = [{ field: 'subscriptionId', op: 'eq', value: webhookId }];
    if (status) where.push({ field: 'status', op: 'eq', value: status });
    const found = await readStore.find<Record<string, unknown> & { id: string }>(WEBHOOK_DELIVERIES.name, {
      where,
      sort: { field: 'createdAt', direction: 'desc' },
      limit: LIMIT,
    });
    for (const d of found.items) {
      const { id, type, attempts, createdAt, lastAttemptAt, reason } = d;
      p.row({ id, type, status: d.status, attempts, createdAt, lastAttemptAt: lastAttemptAt ?? '', reason: reason ?? '' });
    }
  });
  p.flush('(no deliveries)');
}

export async function webhooksRedeliver(deps: CliDeps, webhookId: string, target: { delivery?: string; since?: string }): Promise<void> {
  await withStores(deps, async ({ events, readStore }) => {
    const subscription = await new ReadModels(readStore, await deps.registry()).get(WEBHOOK_SUBSCRIPTIONS, webhookId);
    if (!subscription) throw notFound(`no webhook ${webhookId}`);
    const since = target.since === undefined ? undefined : new Date(target.since).toISOString();
    const aggregate = webhookSubscriptionAggregate;
    const stream = streamOf(aggregate, webhookId);
    const recorded = await events.readStream(stream);
    const state = recorded.reduce((s, e) => aggregate.evolve(s, e as Recorded<never>), aggregate.initialState());
    const command = {
      type: 'RequestWebhookRedelivery' as const,
      organizationId: subscription.organizationId,
      deliveryId: target.delivery,
      since,
    };
    const decided = aggregate.decide(state, command, { admin: true, system: false });
    const correlationId = `cli-${randomUUID()}`;
    const metadata = {
      schemaVersion: 1,
      actor: deps.actor,
      correlationId,
      causationId: correlationId,
      occurredAt: new Date().toISOString(),
    };
    const { position } = await events.append(
      stream,
      decided.map(({ type, data }) => ({ type, data, metadata })),
      recorded.length === 0 ? 'no_stream' : recorded[recorded.length - 1]!.revision,
    );
    deps.out.line(
      JSON.stringify({ webhook: webhookId, delivery: target.delivery ?? null, since: since ?? null, position: String(position) }),
    );
  });
}
