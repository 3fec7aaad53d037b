import { Child } from './ipc';
import type { HttpFigures } from './scenarios';
import type { Seeded } from './seed';
import type { Receipts } from './webhook-receiver';

/** `webhooks` (issue #29): events, subscriptions on the local receiver, and how many spaces are created at once. */
export const WEBHOOKS = { events: 1000, subscriptions: 10, appenders: 10, deadlineMs: 120_000 };

/** The receiver, in its own process (webhook-receiver.ts). */
async function startReceiver(): Promise<{ child: Child; url: string }> {
  const child = Child.start('webhook receiver', 'webhook-receiver.js');
  const { url } = (await child.ready) as { url: string };
  return { child, url };
}

async function post(url: string, path: string, token: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * `webhooks`: 10 subscriptions of one organization to `space.created`, on a receiver on 127.0.0.1;
 * 1,000 spaces created (10 at a time) while `beside` runs (the `write` scenario), then a wait until
 * every delivery has arrived (at most 2 minutes). The row: deliveries/s (from the first append to
 * the last receipt), p50 / p99 / max from an event's append to its receipt, deliveries missing as
 * failures. The server must allow http to 127.0.0.1 (OUTBOUND_ALLOW_HOSTS).
 */
export async function measureWebhooks<T>(url: string, seeded: Seeded, beside: () => Promise<T>): Promise<{ row: HttpFigures; beside: T }> {
  const org = seeded.orgs[0]!;
  const receiver = await startReceiver();
  try {
    for (let i = 0; i < WEBHOOKS.subscriptions; i++) {
      const created = await post(url, `/v1/orgs/${org.id}/webhooks`, org.adminToken, {
        url: `${receiver.url}/hook/${i}`,
        events: ['space.created'],
      });
      if (created.status !== 201) throw new Error(`webhooks: subscription ${i} answered ${created.status} ${JSON.stringify(created.body)}`);
    }
    const started = Date.now();
    let next = 0;
    let refused = 0;
    const append = async () => {
      while (next < WEBHOOKS.events) {
        const i = next++;
        const res = await post(url, `/v1/orgs/${org.id}/spaces`, org.adminToken, { title: `Webhook bench ${i}` });
        if (res.status !== 201) refused++;
      }
    };
    const [besideResult] = await Promise.all([beside(), Promise.all(Array.from({ length: WEBHOOKS.appenders }, append))]);
    const expected = (WEBHOOKS.events - refused) * WEBHOOKS.subscriptions;
    const deadline = Date.now() + WEBHOOKS.deadlineMs;
    while ((await receiver.child.request<number>({ type: 'count' })) < expected && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const { latencies, lastAt, malformed } = await receiver.child.request<Receipts>({ type: 'receipts' });
    const sorted = [...latencies].sort((a, b) => a - b);
    const seconds = Math.max(0.001, (lastAt - started) / 1000);
    const row: HttpFigures = {
      name: 'webhooks',
      what:
        `${WEBHOOKS.events} space.created events to ${WEBHOOKS.subscriptions} subscriptions on a local receiver, ` +
        'beside write (append to receipt)',
      connections: WEBHOOKS.subscriptions,
      seconds: Math.round(seconds * 10) / 10,
      rps: latencies.length / seconds,
      p50Ms: percentile(sorted, 50),
      p99Ms: percentile(sorted, 99),
      maxMs: sorted[sorted.length - 1] ?? 0,
      count: latencies.length,
      failures: refused + malformed + Math.max(0, expected - latencies.length),
      staleReads: 0,
      peakRssMb: null,
      eventLoopP99Ms: null,
      cpuUsPerRequest: null,
    };
    return { row, beside: besideResult };
  } finally {
    await receiver.child.request({ type: 'stop' }).catch(() => undefined);
  }
}
