import type { AttemptDoc, DeliveryDoc } from './webhook-delivery-log';
import { nextAttemptAt, RetryPolicy } from './webhook-retries.domain';
import type { AttemptOutcome } from './webhook-sender';

/** What became of one delivery of a window: sent (with the attempt's outcome), or skipped without a send. */
export type WindowResult =
  | { delivery: DeliveryDoc; outcome: AttemptOutcome; at: Date }
  | { delivery: DeliveryDoc; skipped: string; at: Date };

/** The writes that record a window, all in one transaction, and what the subscription's queue does next. */
export interface WindowRecord {
  attempts: AttemptDoc[];
  deliveries: DeliveryDoc[];
  /** Since when every attempt has failed after this window (null: the last attempt succeeded). */
  failingSince: string | null;
  /**
   * When the queue is due again: the retry time of the window's first delivery left pending for a
   * retry (the head of the queue from then on), else null (go on now).
   */
  retryAt: string | null;
}

/** The due prefix of a subscription's pending deliveries (in log order): the window sent in one go. */
export const dueWindow = (pending: readonly DeliveryDoc[], now: string): DeliveryDoc[] => {
  const end = pending.findIndex((delivery) => delivery.nextAttemptAt > now);
  return end === -1 ? [...pending] : pending.slice(0, end);
};

/**
 * The record of a window sent in log order (pipelined: the first failure ends the sending, but the
 * requests already written behind it have outcomes too, in any mix): each attempt, each delivery's
 * new status (delivered; pending again with its retry time; failed for good once retried for a
 * day; skipped), and the queue's failing streak, taken in order from `failingSince` (a success
 * ends it, a failure starts it if none runs). `random` in [0, 1) jitters retries.
 */
export function recordWindow(
  results: readonly WindowResult[],
  failingSince: string | null,
  policy: RetryPolicy,
  random: () => number,
): WindowRecord {
  const record: WindowRecord = { attempts: [], deliveries: [], failingSince, retryAt: null };
  for (const result of results) {
    const { delivery, at } = result;
    const iso = at.toISOString();
    if ('skipped' in result) {
      record.deliveries.push({ ...delivery, status: 'skipped', reason: result.skipped, updatedAt: iso });
      continue;
    }
    const { outcome } = result;
    const first = delivery.firstAttemptAt ?? iso;
    const retries = delivery.retries + 1;
    const attempt = delivery.attempts + 1;
    const next = outcome.ok ? null : nextAttemptAt(policy, Date.parse(first), at.getTime(), retries, random());
    record.attempts.push({
      id: `${delivery.id}:${String(attempt).padStart(6, '0')}`,
      deliveryId: delivery.id,
      subscriptionId: delivery.subscriptionId,
      at: iso,
      status: outcome.status,
      durationMs: outcome.durationMs,
      response: outcome.response,
      error: outcome.error,
    });
    record.deliveries.push({
      ...delivery,
      status: outcome.ok ? 'delivered' : next === null ? 'failed' : 'pending',
      attempts: attempt,
      retries,
      firstAttemptAt: first,
      nextAttemptAt: next === null ? delivery.nextAttemptAt : new Date(next).toISOString(),
      lastAttemptAt: iso,
      updatedAt: iso,
    });
    record.failingSince = outcome.ok ? null : (record.failingSince ?? iso);
    if (next !== null) record.retryAt ??= new Date(next).toISOString();
  }
  return record;
}
