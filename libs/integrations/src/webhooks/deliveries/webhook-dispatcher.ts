import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { idFromSeed } from '@docs/kernel';
import { APP_CONFIG, AppConfig, Clock, FindQuery, systemContext } from '@docs/platform';
import { DeliveryDoc, DELIVERIES, IDLE, LogWriter, QUEUES, WebhookDeliveryLog, CURSORS, ATTEMPTS } from './webhook-delivery-log';
import { DEFAULT_RETRY_POLICY, failedTooLong, nextAttemptAt, RetryPolicy } from './webhook-retries.domain';
import { AttemptOutcome, WebhookSender } from './webhook-sender';
import { WebhookVisibility } from './webhook-visibility';
import { WebhookWriter } from '../webhook-writer';
import { WebhookOutboxDoc, WebhookSubscriptionDoc, WebhookSubscriptionsReadModel } from '../webhooks.read-model';

/** Outbox entries taken per transaction, and deliveries sent per subscription per turn. */
const OUTBOX_BATCH = 200;
const DELIVERIES_PER_TURN = 50;
/** Most failed deliveries one "redeliver since" requeues. */
export const MAX_REDELIVERIES = 1000;
/** An inactive subscription's queue is looked at again after this long. */
const INACTIVE_RECHECK_MS = 60_000;

/** A subscription's next delivery: its oldest pending one in log order. */
const headOf = (subscriptionId: string): FindQuery => ({
  where: [
    { field: 'subscriptionId', op: 'eq', value: subscriptionId },
    { field: 'status', op: 'eq', value: 'pending' },
  ],
  sort: { field: 'seq', direction: 'asc' },
  limit: 1,
});

/** A delivery's id, and its `webhook-id`: the same for a subscription and an event, whatever replays rebuild. */
export const deliveryIdOf = (subscriptionId: string, eventId: string): string =>
  `msg_${idFromSeed(`webhook:${subscriptionId}:${eventId}`)}`;

/**
 * The webhook delivery processor (docs/integrations-design.md, "Webhooks"), in the projector role.
 * Each turn it moves its cursor over the `webhooks` projection's outbox (which follows the global
 * log from its own checkpoint and commits its entries with it), turning entries into pending
 * deliveries of the delivery log in the same transaction as the cursor; then it sends, for each
 * subscription whose next delivery is due, its deliveries in log order, one at a time (so a slow
 * or dead receiver holds up only its own subscription), at most `webhookConcurrency`
 * subscriptions at once. A failed attempt is retried with back-off (webhook-retries.domain.ts);
 * a subscription failing for 3 days is disabled.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Webhooks');
  private timer?: NodeJS.Timeout;
  private turning = false;
  private stopped = false;
  private readonly inFlight = new Map<string, Promise<void>>();
  /** Tests may shorten the back-off; production uses the default. */
  policy: RetryPolicy = DEFAULT_RETRY_POLICY;

  constructor(
    private readonly log: WebhookDeliveryLog,
    private readonly subscriptions: WebhookSubscriptionsReadModel,
    private readonly sender: WebhookSender,
    private readonly visibility: WebhookVisibility,
    private readonly writer: WebhookWriter,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.role === 'api') return;
    this.timer = setInterval(() => void this.turn(), this.config.webhookPollMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.allSettled([...this.inFlight.values()]);
  }

  /** One turn: the new outbox entries, then the due subscriptions. */
  async turn(): Promise<void> {
    if (this.turning || this.stopped) return;
    this.turning = true;
    try {
      while (!this.stopped && (await this.takeOutbox())) {
        // until the outbox is caught up
      }
      await this.startDue();
    } catch (error) {
      this.logger.error(`webhook deliveries: ${(error as Error).message}`);
    } finally {
      this.turning = false;
    }
  }

  /** Turns the next outbox entries into deliveries (or requeued ones); false when there were none. */
  private async takeOutbox(): Promise<boolean> {
    const cursor = (await this.log.get(CURSORS, 'outbox'))?.seq ?? '';
    const { items } = await this.subscriptions.outboxAfter(cursor, OUTBOX_BATCH);
    if (items.length === 0) return false;
    const now = this.clock.nowIso();
    await this.log.change(async (w) => {
      // Read again inside the change: nobody else moves the cursor, but a change is the place to be sure.
      const current = (await w.get(CURSORS, 'outbox'))?.seq ?? '';
      if (current !== cursor) return;
      for (const entry of items) {
        if (entry.kind === 'event') await this.enqueue(w, entry, now);
        else await this.requeue(w, entry, now);
      }
      w.put(CURSORS, { id: 'outbox', seq: items[items.length - 1]!.seq });
    });
    return true;
  }

  private async enqueue(w: LogWriter, entry: WebhookOutboxDoc, now: string): Promise<void> {
    const id = deliveryIdOf(entry.subscriptionId, entry.eventId);
    if (await w.get(DELIVERIES, id)) return;
    w.put(DELIVERIES, {
      id,
      subscriptionId: entry.subscriptionId,
      organizationId: entry.organizationId,
      seq: entry.seq,
      eventId: entry.eventId,
      type: entry.type!,
      data: entry.data!,
      createdAt: entry.occurredAt,
      status: 'pending',
      attempts: 0,
      retries: 0,
      firstAttemptAt: null,
      nextAttemptAt: now,
      lastAttemptAt: null,
      reason: null,
      updatedAt: now,
    });
    await this.wake(w, entry.subscriptionId, entry.organizationId, now, false);
  }

  /** A redelivery asked for: the delivery named, or every failed one since a time, pending again from now. */
  private async requeue(w: LogWriter, entry: WebhookOutboxDoc, now: string): Promise<void> {
    let targets: DeliveryDoc[];
    if (entry.deliveryId !== undefined) {
      const one = await w.get(DELIVERIES, entry.deliveryId);
      targets = one && one.subscriptionId === entry.subscriptionId && one.status !== 'pending' ? [one] : [];
    } else {
      const failed = await w.find(DELIVERIES, {
        where: [
          { field: 'subscriptionId', op: 'eq', value: entry.subscriptionId },
          { field: 'status', op: 'eq', value: 'failed' },
          { field: 'createdAt', op: 'gte', value: entry.since! },
        ],
        sort: { field: 'createdAt', direction: 'asc' },
        limit: MAX_REDELIVERIES,
      });
      targets = failed.items;
    }
    for (const delivery of targets) {
      w.put(DELIVERIES, {
        ...delivery,
        status: 'pending',
        retries: 0,
        firstAttemptAt: null,
        nextAttemptAt: now,
        reason: null,
        updatedAt: now,
      });
    }
    if (targets.length > 0) await this.wake(w, entry.subscriptionId, entry.organizationId, now, true);
  }

  /** Marks a subscription's queue due now: when idle, or (`urgent`) whatever its next attempt's time. */
  private async wake(w: LogWriter, subscriptionId: string, organizationId: string, now: string, urgent: boolean): Promise<void> {
    const queue = await w.get(QUEUES, subscriptionId);
    if (queue && queue.due !== IDLE && !urgent) return;
    w.put(QUEUES, { id: subscriptionId, organizationId, due: now, failingSince: queue?.failingSince ?? null });
  }

  /** Starts a delivery run for each due subscription not already running, within the concurrency. */
  private async startDue(): Promise<void> {
    const free = this.config.webhookConcurrency - this.inFlight.size;
    if (free <= 0) return;
    const { items } = await this.log.find(QUEUES, {
      where: [{ field: 'due', op: 'lte', value: this.clock.nowIso() }],
      sort: { field: 'due', direction: 'asc' },
      limit: free + this.inFlight.size,
    });
    for (const queue of items) {
      if (this.inFlight.size >= this.config.webhookConcurrency || this.stopped) break;
      if (this.inFlight.has(queue.id)) continue;
      const run = this.deliver(queue.id)
        .catch((error: Error) => this.logger.error(`webhook ${queue.id}: ${error.message}`))
        .finally(() => this.inFlight.delete(queue.id));
      this.inFlight.set(queue.id, run);
    }
  }

  /** Sends a subscription's due deliveries in order, until one fails, none is due, or the turn's share is used. */
  private async deliver(subscriptionId: string): Promise<void> {
    for (let sent = 0; sent < DELIVERIES_PER_TURN && !this.stopped; sent++) {
      const head = await this.head(subscriptionId);
      const now = this.clock.now();
      if (!head || head.nextAttemptAt > now.toISOString()) {
        await this.log.change(async (w) => this.reschedule(w, subscriptionId));
        return;
      }
      const subscription = await this.subscriptions.byId(subscriptionId);
      if (!subscription) {
        await this.settle(head, { status: 'skipped', reason: 'the subscription was deleted' });
        continue;
      }
      if (!subscription.active) {
        await this.log.change(async (w) => this.dueAt(w, subscriptionId, new Date(now.getTime() + INACTIVE_RECHECK_MS).toISOString()));
        return;
      }
      if (!(await this.visibility.creatorSees(subscription, head))) {
        await this.settle(head, { status: 'skipped', reason: "the subscription's creator can no longer see what it is about" });
        continue;
      }
      const outcome = await this.sender.send(subscription, head);
      if (!(await this.record(subscription, head, outcome))) return;
    }
  }

  private async head(subscriptionId: string): Promise<DeliveryDoc | undefined> {
    return (await this.log.find(DELIVERIES, headOf(subscriptionId))).items[0];
  }

  /** The queue due when its (new) head is (perhaps already), or idle. */
  private async reschedule(w: LogWriter, subscriptionId: string): Promise<void> {
    const { items } = await w.find(DELIVERIES, headOf(subscriptionId));
    await this.dueAt(w, subscriptionId, items[0]?.nextAttemptAt ?? IDLE);
  }

  private async dueAt(w: LogWriter, subscriptionId: string, due: string, failingSince?: string | null): Promise<void> {
    const queue = await w.get(QUEUES, subscriptionId);
    if (!queue) return;
    w.put(QUEUES, { ...queue, due, ...(failingSince !== undefined ? { failingSince } : {}) });
  }

  private async settle(delivery: DeliveryDoc, change: Pick<DeliveryDoc, 'status' | 'reason'>): Promise<void> {
    const now = this.clock.nowIso();
    await this.log.change(async (w) => w.put(DELIVERIES, { ...delivery, ...change, updatedAt: now }));
  }

  /**
   * Records an attempt and what follows: delivered, retried later, or failed for good (the next
   * delivery goes on then); disables the subscription once every attempt has failed for 3 days.
   * True when the subscription's next delivery may be sent now.
   */
  private async record(subscription: WebhookSubscriptionDoc, delivery: DeliveryDoc, outcome: AttemptOutcome): Promise<boolean> {
    const now = this.clock.now();
    const at = now.toISOString();
    const first = delivery.firstAttemptAt ?? at;
    const retries = delivery.retries + 1;
    const next = outcome.ok ? null : nextAttemptAt(this.policy, Date.parse(first), now.getTime(), retries, Math.random());
    const status: DeliveryDoc['status'] = outcome.ok ? 'delivered' : next === null ? 'failed' : 'pending';
    let failingSince: string | null = null;
    await this.log.change(async (w) => {
      const attempt = delivery.attempts + 1;
      w.put(ATTEMPTS, {
        id: `${delivery.id}:${String(attempt).padStart(6, '0')}`,
        deliveryId: delivery.id,
        subscriptionId: subscription.id,
        at,
        status: outcome.status,
        durationMs: outcome.durationMs,
        response: outcome.response,
        error: outcome.error,
      });
      w.put(DELIVERIES, {
        ...delivery,
        status,
        attempts: attempt,
        retries,
        firstAttemptAt: first,
        nextAttemptAt: next === null ? delivery.nextAttemptAt : new Date(next).toISOString(),
        lastAttemptAt: at,
        updatedAt: at,
      });
      const queue = await w.get(QUEUES, subscription.id);
      failingSince = outcome.ok ? null : (queue?.failingSince ?? at);
      const due = next === null ? at : new Date(next).toISOString();
      await this.dueAt(w, subscription.id, due, failingSince);
    });
    if (failingSince !== null && failedTooLong(this.policy, Date.parse(failingSince), now.getTime())) {
      await this.disable(subscription, failingSince);
      return false;
    }
    return next === null;
  }

  private async disable(subscription: WebhookSubscriptionDoc, failingSince: string): Promise<void> {
    const reason = `every delivery attempt failed since ${failingSince}`;
    this.logger.warn(`webhook ${subscription.id} disabled: ${reason}`);
    await this.writer.execute(
      subscription.id,
      { type: 'DisableWebhookSubscription', organizationId: subscription.organizationId, failingSince, reason },
      systemContext(`webhooks-${randomUUID()}`),
    );
    // Failures before the disabling do not count against it once an admin turns it on again.
    await this.log.change(async (w) => this.dueAt(w, subscription.id, this.clock.nowIso(), null));
  }
}
