import fc from 'fast-check';
import { dueWindow, recordWindow, WindowResult } from './delivery-window';
import type { DeliveryDoc } from './webhook-delivery-log';
import { DEFAULT_RETRY_POLICY } from './webhook-retries.domain';
import type { AttemptOutcome } from './webhook-sender';

const T0 = Date.parse('2026-11-27T10:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

const delivery = (n: number, over: Partial<DeliveryDoc> = {}): DeliveryDoc => ({
  id: `msg_${n}`,
  subscriptionId: 'sub_1',
  organizationId: 'org_1',
  seq: String(n).padStart(20, '0'),
  eventId: `evt_${n}`,
  type: 'space.created',
  data: { spaceId: `space_${n}` },
  createdAt: iso(T0),
  status: 'pending',
  attempts: 0,
  retries: 0,
  firstAttemptAt: null,
  nextAttemptAt: iso(T0),
  lastAttemptAt: null,
  reason: null,
  updatedAt: iso(T0),
  ...over,
});

const ok: AttemptOutcome = { ok: true, status: 204, durationMs: 3, response: '', error: null };
const refused: AttemptOutcome = { ok: false, status: 503, durationMs: 4, response: 'busy', error: 'the receiver answered 503' };
const sent = (d: DeliveryDoc, outcome: AttemptOutcome, at = T0 + 1000): WindowResult => ({ delivery: d, outcome, at: new Date(at) });

describe('delivery windows', () => {
  it('takes the due prefix of the pending deliveries, in their order', () => {
    const pending = [delivery(1), delivery(2), delivery(3, { nextAttemptAt: iso(T0 + 5000) }), delivery(4)];
    expect(dueWindow(pending, iso(T0)).map((d) => d.id)).toEqual(['msg_1', 'msg_2']);
    expect(dueWindow(pending, iso(T0 + 5000)).map((d) => d.id)).toEqual(['msg_1', 'msg_2', 'msg_3', 'msg_4']);
    expect(dueWindow([delivery(1, { nextAttemptAt: iso(T0 + 1) })], iso(T0))).toEqual([]);
  });

  it('records a failure mid-window: the sent ones delivered, the failed one pending for a retry, in order', () => {
    const window = [delivery(1), delivery(2), delivery(3)];
    const record = recordWindow(
      [sent(window[0]!, ok), sent(window[1]!, ok), sent(window[2]!, refused)],
      null,
      DEFAULT_RETRY_POLICY,
      () => 0.5,
    );
    expect(record.deliveries.map((d) => [d.id, d.status, d.attempts])).toEqual([
      ['msg_1', 'delivered', 1],
      ['msg_2', 'delivered', 1],
      ['msg_3', 'pending', 1],
    ]);
    expect(record.attempts.map((a) => [a.id, a.status])).toEqual([
      ['msg_1:000001', 204],
      ['msg_2:000001', 204],
      ['msg_3:000001', 503],
    ]);
    // The first retry comes 5 s (jitter 0.5: none) after the failed attempt; the queue waits for it.
    expect(record.deliveries[2]!.nextAttemptAt).toBe(iso(T0 + 6000));
    expect(record.retryAt).toBe(iso(T0 + 6000));
    expect(record.failingSince).toBe(iso(T0 + 1000));
  });

  it('records outcomes written behind a failure (pipelined): successes delivered, failures retried, the queue awaiting the first', () => {
    const window = [delivery(1), delivery(2), delivery(3), delivery(4)];
    const record = recordWindow(
      [sent(window[0]!, ok), sent(window[1]!, refused, T0 + 1000), sent(window[2]!, ok, T0 + 1100), sent(window[3]!, refused, T0 + 1200)],
      null,
      DEFAULT_RETRY_POLICY,
      () => 0.5,
    );
    expect(record.deliveries.map((d) => [d.id, d.status, d.nextAttemptAt])).toEqual([
      ['msg_1', 'delivered', iso(T0)],
      ['msg_2', 'pending', iso(T0 + 6000)],
      ['msg_3', 'delivered', iso(T0)],
      ['msg_4', 'pending', iso(T0 + 6200)],
    ]);
    expect(record.attempts.map((a) => a.status)).toEqual([204, 503, 204, 503]);
    // The queue is due when its new head (msg_2) is; the streak is the last failure's (msg_3's success ended msg_2's).
    expect(record.retryAt).toBe(iso(T0 + 6000));
    expect(record.failingSince).toBe(iso(T0 + 1200));
  });

  it('keeps a failing streak going, ends it on a success, and goes on after a delivery that failed for good', () => {
    const streak = iso(T0 - 3600_000);
    expect(recordWindow([sent(delivery(1), refused)], streak, DEFAULT_RETRY_POLICY, () => 0).failingSince).toBe(streak);
    expect(recordWindow([sent(delivery(1), ok)], streak, DEFAULT_RETRY_POLICY, () => 0).failingSince).toBeNull();
    const dayOld = delivery(1, { firstAttemptAt: iso(T0 - 25 * 3600_000), attempts: 9, retries: 9 });
    const record = recordWindow([sent(dayOld, refused)], streak, DEFAULT_RETRY_POLICY, () => 0);
    expect(record.deliveries[0]).toMatchObject({ status: 'failed', attempts: 10, retries: 10, nextAttemptAt: dayOld.nextAttemptAt });
    expect(record.retryAt).toBeNull();
  });

  it('skips without an attempt', () => {
    const record = recordWindow([{ delivery: delivery(1), skipped: 'gone', at: new Date(T0) }], null, DEFAULT_RETRY_POLICY, () => 0);
    expect(record.attempts).toEqual([]);
    expect(record.deliveries[0]).toMatchObject({ status: 'skipped', reason: 'gone', attempts: 0 });
    expect(record.retryAt).toBeNull();
  });

  it("records every result of a window once, in its order, each attempt numbered after the delivery's earlier ones", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.nat(5)), { minLength: 1, maxLength: 60 }), (shape) => {
        const results = shape.map(([succeeded, before], i) =>
          sent(delivery(i, { attempts: before, retries: before }), succeeded ? ok : refused, T0 + i),
        );
        const record = recordWindow(results, null, DEFAULT_RETRY_POLICY, () => 0.3);
        expect(record.deliveries.map((d) => d.id)).toEqual(results.map((r) => r.delivery.id));
        expect(record.deliveries.map((d) => d.status)).toEqual(shape.map(([succeeded]) => (succeeded ? 'delivered' : 'pending')));
        expect(record.attempts.map((a) => a.id)).toEqual(shape.map(([, before], i) => `msg_${i}:${String(before + 1).padStart(6, '0')}`));
        const last = shape[shape.length - 1]![0];
        expect(record.failingSince === null).toBe(last);
        // Failing since the first failure after the last success.
        const streakStart = shape.findIndex(([succeeded], i) => !succeeded && shape.slice(i).every(([s]) => !s));
        if (!last) expect(record.failingSince).toBe(iso(T0 + streakStart));
        // Due again when the first failed one is: the head of the queue.
        const firstFailure = shape.findIndex(([succeeded]) => !succeeded);
        expect(record.retryAt).toBe(firstFailure === -1 ? null : record.deliveries[firstFailure]!.nextAttemptAt);
      }),
      { numRuns: 50 },
    );
  });
});
