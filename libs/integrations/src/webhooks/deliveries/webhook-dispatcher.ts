import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { idFromSeed } from '@docs/kernel';
import { APP_CONFIG, AppConfig, Clock, FindQuery, ProjectionRunner, systemContext } from '@docs/platform';
import { DeliveryDoc, DELIVERIES, IDLE, LogWriter, QUEUES, WebhookDeliveryLog, CURSORS, ATTEMPTS } from './webhook-delivery-log';
import { dueWindow, recordWindow, WindowRecord, WindowResult } from './delivery-window';
import { DEFAULT_RETRY_POLICY, failedTooLong, RetryPolicy } from './webhook-retries.domain';
import { WebhookSender } from './webhook-sender';
import { WebhookVisibility } from './webhook-visibility';
import { WebhookWriter } from '../webhook-writer';
import { webhooksProjection } from '../webhooks.projection';
import { WebhookOutboxDoc, WebhookSubscriptionDoc, WebhookSubscriptionsReadModel } from '../webhooks.read-model';

/** Outbox entries taken per transaction; deliveries sent (and recorded) per window, and per subscription per run. */
const OUTBOX_BATCH = 200;
export const WINDOW = 50;
const DELIVERIES_PER_RUN = 200;
/** Most failed deliveries one "redeliver since" requeues. */
export const MAX_REDELIVERIES = 1000;
/** An inactive subscription's queue is looked at again after this long. */
const INACTIVE_RECHECK_MS = 60_000;

/** A subscription's next deliveries: its oldest pending ones in log order. */
const pendingOf = (subscriptionId: string, limit: number): FindQuery => ({
  where: [
    { field: 'subscriptionId', op: 'eq', value: subscriptionId },
    { field: 'status', op: 'eq', value: 'pending' },
  ],
  sort: { field: 'seq', direction: 'asc' },
  limit,
});

/** A delivery's id, and its `webhook-id`: the same for a subscription and an event, whatever replays rebuild. */
export const deliveryIdOf = (subscriptionId: string, eventId: string): string =>
  `msg_${idFromSeed(`webhook:${subscriptionId}:${eventId}`)}`;

/**
 * The webhook delivery processor (docs/integrations-design.md, "Webhooks"), in the projector role.
 * Each turn it moves its cursor over the `webhooks` projection's outbox (which follows the global
 * log from its own checkpoint and commits its entries with it), turning entries into pending
 * deliveries of the delivery log in the same transaction as the cursor; then it sends, for each
 * subscription whose next delivery is due, its deliveries in log order, pipelined on the
 * subscription's connection (up to `webhookPipelining` outstanding; a slow or dead receiver holds
 * up only its own subscription), at most `webhookConcurrency` subscriptions at once. A failed
 * attempt is retried with back-off (webhook-retries.domain.ts); a subscription failing for 3
 * days is disabled.
 */
@Injectable()
export class WebhookDispatcher implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Webhooks');
  private timer?: NodeJS.Timeout;
  private turning = false;
  private again = false;
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
    private readonly runner: ProjectionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.role === 'api') return;
    // New outbox entries (events, redeliveries) wake it at once; the poll finds retries that come
    // due and entries a projector in another process committed.
    this.runner.onCommit((projection) => {
      if (projection === webhooksProjection.name) this.wake();
    });
    this.timer = setInterval(() => this.wake(), this.config.webhookPollMs);
    this.timer.unref();
  }

  /** A turn now, or right after the one running (which may have read the outbox before the news). */
  wake(): void {
    if (this.stopped) return;
    if (this.turning) this.again = true;
    else void this.turn();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.allSettled([...this.inFlight.values()]);
  }

  /** One turn: the new outbox entries, a batch at a time, each followed by the due subscriptions. */
  async turn(): Promise<void> {
    if (this.turning || this.stopped) return;
    this.turning = true;
    try {
      // Each batch of new deliveries starts its subscriptions' runs at once: waiting until the outbox
      // was caught up held every delivery of a burst back (bench `webhooks`: p99 530 -> about 200 ms).
      while (!this.stopped && (await this.takeOutbox())) await this.startDue();
      await this.startDue();
    } catch (error) {
      this.logger.error(`webhook deliveries: ${(error as Error).message}`);
    } finally {
      this.turning = false;
      if (this.again) {
        this.again = false;
        setImmediate(() => this.wake());
      }
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
    await this.markDue(w, entry.subscriptionId, entry.organizationId, now, false);
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
    if (targets.length > 0) await this.markDue(w, entry.subscriptionId, entry.organizationId, now, true);
  }

  /** Marks a subscription's queue due now: when idle, or (`urgent`) whatever its next attempt's time. */
  private async markDue(w: LogWriter, subscriptionId: string, organizationId: string, now: string, urgent: boolean): Promise<void> {
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
      const run = this.deliver(queue.id).then(
        () => {
          this.inFlight.delete(queue.id);
          // Its queue may be due again (a share used, entries that came meanwhile), and a slot is free.
          this.wake();
        },
        (error: Error) => {
          // No wake-up: a run that failed is tried again at the next poll, not in a tight loop.
          this.inFlight.delete(queue.id);
          this.logger.error(`webhook ${queue.id}: ${error.message}`);
        },
      );
      this.inFlight.set(queue.id, run);
    }
  }

  /**
   * Sends a subscription's due deliveries in windows: each window read in one `find` (its due
   * pending deliveries in log order), sent in order until the first failure, then recorded in one
   * transaction. Ends when one fails (its retry scheduled), none is due, or the run's share is
   * used (the queue stays due, so the next turn goes on). While the subscription is failing, its
   * windows go one delivery at a time, so a receiver that is down gets one request per retry.
   */
  private async deliver(subscriptionId: string): Promise<void> {
    const sees = new Map<string, Promise<boolean>>();
    let failing = ((await this.log.get(QUEUES, subscriptionId))?.failingSince ?? null) !== null;
    for (let sent = 0; sent < DELIVERIES_PER_RUN && !this.stopped; ) {
      const now = this.clock.now();
      const { items } = await this.log.find(DELIVERIES, pendingOf(subscriptionId, WINDOW));
      const window = dueWindow(items, now.toISOString());
      if (window.length === 0) {
        await this.log.change(async (w) => this.reschedule(w, subscriptionId));
        return;
      }
      const subscription = await this.subscriptions.byId(subscriptionId);
      if (subscription && !subscription.active) {
        await this.log.change(async (w) => this.dueAt(w, subscriptionId, new Date(now.getTime() + INACTIVE_RECHECK_MS).toISOString()));
        return;
      }
      const depth = failing ? 1 : this.config.webhookPipelining;
      const results = subscription
        ? await this.send(subscription, window, sees, depth)
        : window.map((delivery) => ({ delivery, skipped: 'the subscription was deleted', at: this.clock.now() }));
      sent += results.length;
      const recorded = await this.record(subscriptionId, subscription, results);
      if (recorded === null || !recorded.dueNow) return;
      failing = recorded.failingSince !== null;
    }
  }

  /**
   * Sends a window in log order on the subscription's connection, up to `depth` requests
   * outstanding, skipping what the creator can no longer see; the outcomes, in that order. The
   * first failure (or shutdown) ends it: the requests not yet started are not sent, those already
   * written behind the failed one get their real outcome (a 2xx: the receiver has it).
   */
  private async send(
    subscription: WebhookSubscriptionDoc,
    window: DeliveryDoc[],
    sees: Map<string, Promise<boolean>>,
    depth: number,
  ): Promise<WindowResult[]> {
    const send = await this.sender.open(subscription);
    const results: Promise<WindowResult>[] = [];
    const outstanding = new Set<Promise<WindowResult>>();
    let failed = false;
    for (const delivery of window) {
      while (outstanding.size >= depth && !failed) await Promise.race(outstanding);
      if (this.stopped || failed) break;
      const visible = await this.creatorSees(subscription, delivery, sees);
      if (this.stopped || failed) break;
      if (!visible) {
        results.push(
          Promise.resolve({ delivery, skipped: "the subscription's creator can no longer see what it is about", at: this.clock.now() }),
        );
        continue;
      }
      const result: Promise<WindowResult> = send(delivery).then((outcome) => {
        if (!outcome.ok) failed = true;
        outstanding.delete(result);
        return { delivery, outcome, at: this.clock.now() };
      });
      outstanding.add(result);
      results.push(result);
    }
    return Promise.all(results);
  }

  /** Visibility, asked once per space (or once for the organization) per run. */
  private creatorSees(subscription: WebhookSubscriptionDoc, delivery: DeliveryDoc, sees: Map<string, Promise<boolean>>): Promise<boolean> {
    const key = this.visibility.scopeOf(delivery);
    let seen = sees.get(key);
    if (!seen) sees.set(key, (seen = this.visibility.creatorSees(subscription, delivery)));
    return seen;
  }

  /** The queue due when its (new) head is (perhaps already), or idle. */
  private async reschedule(w: LogWriter, subscriptionId: string): Promise<void> {
    const { items } = await w.find(DELIVERIES, pendingOf(subscriptionId, 1));
    await this.dueAt(w, subscriptionId, items[0]?.nextAttemptAt ?? IDLE);
  }

  private async dueAt(w: LogWriter, subscriptionId: string, due: string, failingSince?: string | null): Promise<void> {
    const queue = await w.get(QUEUES, subscriptionId);
    if (!queue) return;
    w.put(QUEUES, { ...queue, due, ...(failingSince !== undefined ? { failingSince } : {}) });
  }

  /**
   * Records a window in one transaction (delivery-window.ts): its attempts, its deliveries' statuses,
   * and the queue: due at the retry when it stopped at a failure, else when its new head is (idle
   * when none is pending: a run that emptied its queue needs no other transaction to say so).
   * Disables the subscription once every attempt has failed for 3 days. The record, with whether
   * more is due now, or null when there is nothing more to send now (an empty window, or the
   * subscription disabled).
   */
  private async record(
    subscriptionId: string,
    subscription: WebhookSubscriptionDoc | null,
    results: WindowResult[],
  ): Promise<(WindowRecord & { dueNow: boolean }) | null> {
    if (results.length === 0) return null;
    const at = results[results.length - 1]!.at.toISOString();
    let recorded!: WindowRecord;
    let due = IDLE;
    await this.log.change(async (w) => {
      const queue = await w.get(QUEUES, subscriptionId);
      recorded = recordWindow(results, queue?.failingSince ?? null, this.policy, Math.random);
      for (const attempt of recorded.attempts) w.put(ATTEMPTS, attempt);
      for (const delivery of recorded.deliveries) w.put(DELIVERIES, delivery);
      if (recorded.retryAt !== null) due = recorded.retryAt;
      else {
        const { items } = await w.find(DELIVERIES, pendingOf(subscriptionId, 1));
        // A head due already goes now, at the window's time (the queue's order among the due ones).
        // biome-ignore lint/complexity/useMathMinMax: the later of two ISO times (strings), not numbers
        if (items[0]) due = items[0].nextAttemptAt > at ? items[0].nextAttemptAt : at;
      }
      if (queue) w.put(QUEUES, { ...queue, due, failingSince: recorded.failingSince });
    });
    const { failingSince } = recorded;
    if (subscription && failingSince !== null && failedTooLong(this.policy, Date.parse(failingSince), Date.parse(at))) {
      await this.disable(subscription, failingSince);
      return null;
    }
    return { ...recorded, dueNow: due === at };
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
