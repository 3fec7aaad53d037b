/**
 * Contract of the EventStore port (DESIGN.md, "Ports and adapters"): every adapter must pass it.
 * SQLite always runs (a fresh file per test); EventStoreDB runs when EVENTSTORE_URL is set. The
 * EventStoreDB log is shared and never empty, so tests use fresh stream names and look at the
 * global log only after the position they start from, filtered to their own streams.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  EventMetadata,
  EventStore,
  NewEvent,
  RecordedEvent,
  Subscription,
  WrongExpectedRevisionError,
} from '../../libs/platform/src/event-store/event-store';
import { EventStoreDbEventStore } from '../../libs/platform/src/eventstoredb/eventstoredb-event-store';
import { SqliteEventStore } from '../../libs/platform/src/event-store/sqlite-event-store';
import { UpcasterRegistry } from '../../libs/platform/src/event-store/upcasters';
import { skippedWithout } from '../support/server-suites';

interface Harness {
  /** A fresh log for one test (SQLite: a new file; EventStoreDB: the shared server). */
  newLog(): { location: string; remove: () => void };
  /** A store on a log; several stores may share one. */
  open(location: string, upcasters?: UpcasterRegistry): EventStore;
  /** The log holds nothing but this test's events. */
  isolatedLog: boolean;
}

const harnesses: [string, Harness][] = [
  [
    'sqlite',
    {
      isolatedLog: true,
      newLog: () => {
        const dir = mkdtempSync(join(tmpdir(), 'event-store-contract-'));
        return { location: join(dir, 'events.db'), remove: () => rmSync(dir, { recursive: true, force: true }) };
      },
      open: (file, upcasters) => new SqliteEventStore({ file, upcasters }),
    },
  ],
];
if (process.env.EVENTSTORE_URL) {
  const connectionString = process.env.EVENTSTORE_URL;
  harnesses.push([
    'eventstoredb',
    {
      isolatedLog: false,
      newLog: () => ({ location: connectionString, remove: () => undefined }),
      open: (url, upcasters) => new EventStoreDbEventStore({ connectionString: url, upcasters }),
    },
  ]);
} else {
  skippedWithout('EVENTSTORE_URL', 'event store contract: the EventStoreDB adapter');
}

function metadata(overrides: Partial<EventMetadata> = {}): EventMetadata {
  return {
    schemaVersion: 1,
    actor: 'user-1',
    correlationId: 'req-1',
    causationId: null,
    occurredAt: '2024-05-01T10:00:00.000Z',
    ...overrides,
  };
}

function event(type: string, data: Record<string, unknown> = {}, extra: Partial<NewEvent> = {}): NewEvent {
  return { type, data, metadata: metadata(), ...extra };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits for `condition` as long as the machine takes; the deadline only guards against a hang (below jest's). */
async function waitUntil(condition: () => boolean, guardMs = 240_000): Promise<void> {
  const deadline = Date.now() + guardMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`the condition was not met in ${guardMs / 1000} s`);
    await sleep(10);
  }
}

describe.each(harnesses)('EventStore contract: %s', (_name, harness) => {
  let log: { location: string; remove: () => void };
  let store: EventStore;
  let opened: EventStore[];
  let subscriptions: Subscription[];
  /** Fresh stream ids per test: `thing-<uuid>`. */
  const stream = (kind = 'thing') => `${kind}-${randomUUID()}`;

  /** Another store on this test's log. */
  const open = (upcasters?: UpcasterRegistry) => {
    const another = harness.open(log.location, upcasters);
    opened.push(another);
    return another;
  };

  beforeEach(() => {
    log = harness.newLog();
    opened = [];
    subscriptions = [];
    store = open();
  });

  afterEach(async () => {
    for (const subscription of subscriptions) await subscription.close();
    for (const each of opened.reverse()) await each.close();
    log.remove();
  });

  /** The global log after `after`, restricted to the given streams. */
  async function logOf(streams: string[], after: bigint | null, pageSize = 1000): Promise<RecordedEvent[]> {
    const out: RecordedEvent[] = [];
    let from = after;
    for (;;) {
      const page = await store.readAll(from, pageSize);
      out.push(...page.filter((e) => streams.includes(e.streamId)));
      if (page.length < pageSize) return out;
      from = page[page.length - 1]!.position;
    }
  }

  describe('append and readStream', () => {
    it('returns the events of a stream in revision order with their ids, types, data and positions', async () => {
      const s = stream();
      const ids = [randomUUID(), randomUUID(), randomUUID()];
      const result = await store.append(
        s,
        [
          event('ThingCreated', { title: 'one' }, { id: ids[0] }),
          event('ThingRenamed', { title: 'two' }, { id: ids[1] }),
          event('ThingRenamed', { title: 'three', nested: { list: [1, 2, { deep: true }] } }, { id: ids[2] }),
        ],
        'no_stream',
      );
      expect(result.nextRevision).toBe(2n);

      const read = await store.readStream(s);
      expect(read.map((e) => e.id)).toEqual(ids);
      expect(read.map((e) => e.type)).toEqual(['ThingCreated', 'ThingRenamed', 'ThingRenamed']);
      expect(read.map((e) => e.data)).toEqual([
        { title: 'one' },
        { title: 'two' },
        { title: 'three', nested: { list: [1, 2, { deep: true }] } },
      ]);
      expect(read.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
      expect(read.every((e) => e.streamId === s)).toBe(true);
      for (const e of read) {
        expect(typeof e.revision).toBe('bigint');
        expect(typeof e.position).toBe('bigint');
      }
      expect(read[0]!.position).toBeLessThan(read[1]!.position);
      expect(read[1]!.position).toBeLessThan(read[2]!.position);
      expect(result.position).toBe(read[2]!.position);
    });

    it('continues revisions across appends and keeps streams apart', async () => {
      const a = stream();
      const b = stream();
      await store.append(a, [event('A1')], 'no_stream');
      await store.append(b, [event('B1')], 'no_stream');
      const second = await store.append(a, [event('A2'), event('A3')], 0n);
      expect(second.nextRevision).toBe(2n);
      expect((await store.readStream(a)).map((e) => [e.type, e.revision])).toEqual([
        ['A1', 0n],
        ['A2', 1n],
        ['A3', 2n],
      ]);
      expect((await store.readStream(b)).map((e) => [e.type, e.revision])).toEqual([['B1', 0n]]);
    });

    it('generates a UUID for an event without an id', async () => {
      const s = stream();
      await store.append(s, [event('A'), event('B')], 'any');
      const [first, second] = await store.readStream(s);
      expect(first!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
      expect(second!.id).not.toBe(first!.id);
    });

    it('reads an unknown stream as empty', async () => {
      expect(await store.readStream(stream())).toEqual([]);
    });

    it('round-trips the metadata', async () => {
      const s = stream();
      const head = await store.headPosition();
      const causing = randomUUID();
      await store.append(
        s,
        [
          {
            type: 'ThingCreated',
            data: { n: 1 },
            metadata: {
              schemaVersion: 1,
              actor: 'user-42',
              correlationId: 'req-abc',
              causationId: causing,
              occurredAt: '2024-06-30T23:59:59.123Z',
            },
          },
          {
            type: 'ThingTouched',
            data: {},
            metadata: {
              schemaVersion: 3,
              actor: 'system',
              correlationId: 'req-def',
              causationId: null,
              occurredAt: '2024-07-01T00:00:00.000Z',
            },
          },
        ],
        'no_stream',
      );
      const [first, second] = await store.readStream(s);
      expect(first!.metadata).toEqual({
        schemaVersion: 1,
        actor: 'user-42',
        correlationId: 'req-abc',
        causationId: causing,
        occurredAt: '2024-06-30T23:59:59.123Z',
      });
      expect(second!.metadata).toEqual({
        schemaVersion: 3,
        actor: 'system',
        correlationId: 'req-def',
        causationId: null,
        occurredAt: '2024-07-01T00:00:00.000Z',
      });
      const fromLog = await logOf([s], head);
      expect(fromLog.map((e) => e.metadata)).toEqual([first!.metadata, second!.metadata]);
    });
  });

  describe('expected revision', () => {
    it('no_stream: succeeds on a new stream and fails once the stream exists', async () => {
      const s = stream();
      await store.append(s, [event('A')], 'no_stream');
      const error = await store.append(s, [event('B')], 'no_stream').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ streamId: s, expected: 'no_stream', actual: 0n });
      expect((await store.readStream(s)).map((e) => e.type)).toEqual(['A']);
    });

    it('exact: succeeds when the last revision matches and fails otherwise', async () => {
      const s = stream();
      await store.append(s, [event('A'), event('B')], 'no_stream');
      const ok = await store.append(s, [event('C')], 1n);
      expect(ok.nextRevision).toBe(2n);

      const stale = await store.append(s, [event('D')], 1n).catch((e: unknown) => e);
      expect(stale).toBeInstanceOf(WrongExpectedRevisionError);
      expect(stale).toMatchObject({ streamId: s, expected: 1n, actual: 2n });

      const ahead = await store.append(s, [event('E')], 7n).catch((e: unknown) => e);
      expect(ahead).toBeInstanceOf(WrongExpectedRevisionError);
      expect(ahead).toMatchObject({ expected: 7n, actual: 2n });

      expect((await store.readStream(s)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
    });

    it('exact: fails on a stream that does not exist, reporting no_stream', async () => {
      const s = stream();
      const error = await store.append(s, [event('A')], 0n).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedRevisionError);
      expect(error).toMatchObject({ streamId: s, expected: 0n, actual: 'no_stream' });
      expect(await store.readStream(s)).toEqual([]);
    });

    it('any: appends whatever the stream holds', async () => {
      const s = stream();
      expect((await store.append(s, [event('A')], 'any')).nextRevision).toBe(0n);
      expect((await store.append(s, [event('B'), event('C')], 'any')).nextRevision).toBe(2n);
      expect((await store.readStream(s)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
    });

    it('concurrent appends with the same expected revision: exactly one wins', async () => {
      const s = stream();
      await store.append(s, [event('Created')], 'no_stream');
      const attempts = Array.from({ length: 8 }, (_, i) => store.append(s, [event(`Attempt${i}`), event(`Attempt${i}b`)], 0n));
      const results = await Promise.allSettled(attempts);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(7);
      for (const r of lost) expect(r.reason).toBeInstanceOf(WrongExpectedRevisionError);
      const events = await store.readStream(s);
      expect(events).toHaveLength(3);
      const winner = events[1]!.type;
      expect(events[2]!.type).toBe(`${winner}b`);
    });

    it('concurrent creations of one stream (no_stream): exactly one wins', async () => {
      const s = stream();
      const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => store.append(s, [event(`C${i}`)], 'no_stream')));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect(await store.readStream(s)).toHaveLength(1);
    });
  });

  describe('idempotency', () => {
    it('appending the same event id twice appends it once', async () => {
      const s = stream();
      const head = await store.headPosition();
      const id = randomUUID();
      const first = await store.append(s, [event('Created', { n: 1 }, { id })], 'any');
      const again = await store.append(s, [event('Created', { n: 1 }, { id })], 'any');
      expect(again.nextRevision).toBe(first.nextRevision);
      expect(again.position).toBe(first.position);
      const read = await store.readStream(s);
      expect(read.map((e) => e.id)).toEqual([id]);
      const log = await logOf([s], head);
      expect(log.map((e) => e.id)).toEqual([id]);
    });

    it('a retried append with the same expected revision is a no-op that answers as the first did', async () => {
      const s = stream();
      const head = await store.headPosition();
      await store.append(s, [event('Created')], 'no_stream');
      const batch = [event('A', {}, { id: randomUUID() }), event('B', {}, { id: randomUUID() })];
      const first = await store.append(s, batch, 0n);
      const retry = await store.append(s, batch, 0n);
      expect(retry).toEqual(first);
      expect((await store.readStream(s)).map((e) => e.type)).toEqual(['Created', 'A', 'B']);

      const created = [event('New', {}, { id: randomUUID() })];
      const t = stream();
      await store.append(t, created, 'no_stream');
      await store.append(t, created, 'no_stream');
      expect(await store.readStream(t)).toHaveLength(1);
      expect((await logOf([s, t], head)).map((e) => e.type)).toEqual(['Created', 'A', 'B', 'New']);
    });
  });

  describe('readAll and headPosition', () => {
    it('reads the global log across streams in append order, strictly after a position', async () => {
      const head = await store.headPosition();
      const [a, b, c] = [stream('a'), stream('b'), stream('c')];
      await store.append(a, [event('a0')], 'no_stream');
      await store.append(b, [event('b0'), event('b1')], 'no_stream');
      await store.append(a, [event('a1')], 0n);
      await store.append(c, [event('c0')], 'no_stream');
      await store.append(b, [event('b2')], 1n);

      const log = await logOf([a, b, c], head);
      expect(log.map((e) => e.type)).toEqual(['a0', 'b0', 'b1', 'a1', 'c0', 'b2']);
      expect(log.map((e) => e.streamId)).toEqual([a, b, b, a, c, b]);
      for (let i = 1; i < log.length; i += 1) expect(log[i]!.position).toBeGreaterThan(log[i - 1]!.position);
      // Positions seen in the log are the ones seen in the streams.
      const fromStreams = [...(await store.readStream(a)), ...(await store.readStream(b)), ...(await store.readStream(c))];
      for (const e of log) expect(fromStreams.find((s) => s.id === e.id)?.position).toBe(e.position);

      // Strictly after: starting at the third event's position leaves it out.
      expect((await logOf([a, b, c], log[2]!.position)).map((e) => e.type)).toEqual(['a1', 'c0', 'b2']);
      expect(await logOf([a, b, c], log[5]!.position)).toEqual([]);
    });

    it('pages with after/limit without gaps or repeats', async () => {
      const head = await store.headPosition();
      const streams = [stream('p'), stream('q')];
      for (let i = 0; i < 7; i += 1) await store.append(streams[i % 2]!, [event(`e${i}`)], 'any');

      const seen: RecordedEvent[] = [];
      let after = head;
      for (let round = 0; round < 100; round += 1) {
        const page = await store.readAll(after, 3);
        expect(page.length).toBeLessThanOrEqual(3);
        if (page.length === 0) break;
        for (let i = 1; i < page.length; i += 1) expect(page[i]!.position).toBeGreaterThan(page[i - 1]!.position);
        if (after !== null) expect(page[0]!.position).toBeGreaterThan(after);
        seen.push(...page.filter((e) => streams.includes(e.streamId)));
        after = page[page.length - 1]!.position;
      }
      expect(seen.map((e) => e.type)).toEqual(['e0', 'e1', 'e2', 'e3', 'e4', 'e5', 'e6']);
      if (harness.isolatedLog) {
        expect((await store.readAll(head, 3)).map((e) => e.type)).toEqual(['e0', 'e1', 'e2']);
        expect((await store.readAll(null, 100)).map((e) => e.type)).toEqual(['e0', 'e1', 'e2', 'e3', 'e4', 'e5', 'e6']);
      }
    });

    it('headPosition is null on an empty log and the last position after appends', async () => {
      if (harness.isolatedLog) {
        expect(await store.headPosition()).toBeNull();
        expect(await store.readAll(null, 10)).toEqual([]);
      }
      const s = stream();
      const first = await store.append(s, [event('A')], 'no_stream');
      const head1 = await store.headPosition();
      expect(head1).not.toBeNull();
      expect(head1!).toBeGreaterThanOrEqual(first.position);
      const second = await store.append(s, [event('B'), event('C')], 0n);
      const head2 = await store.headPosition();
      expect(head2!).toBeGreaterThanOrEqual(second.position);
      expect(head2!).toBeGreaterThan(head1!);
      if (harness.isolatedLog) {
        expect(head1).toBe(first.position);
        expect(head2).toBe(second.position);
      }
      const last = (await store.readStream(s))[2]!;
      expect(second.position).toBe(last.position);
    });
  });

  describe('readAllBackwards and streams', () => {
    it('reads the global log newest first, strictly before a position', async () => {
      const [a, b] = [stream('a'), stream('b')];
      await store.append(a, [event('a0')], 'no_stream');
      await store.append(b, [event('b0'), event('b1')], 'no_stream');
      await store.append(a, [event('a1')], 0n);
      const forwards = await logOf([a, b], null, 1000);

      const newest = (await store.readAllBackwards(null, 1000)).filter((e) => [a, b].includes(e.streamId));
      expect(newest.map((e) => e.type)).toEqual(['a1', 'b1', 'b0', 'a0']);
      expect(newest.map((e) => e.position)).toEqual([...forwards].reverse().map((e) => e.position));
      const before = await store.readAllBackwards(forwards[2]!.position, 2);
      expect(before.map((e) => e.type)).toEqual(['b0', 'a0']);
      expect(await store.readAllBackwards(forwards[0]!.position, 0)).toEqual([]);
      if (harness.isolatedLog) {
        expect((await store.readAllBackwards(null, 2)).map((e) => e.type)).toEqual(['a1', 'b1']);
        expect(await store.readAllBackwards(forwards[0]!.position, 10)).toEqual([]);
      }
    });

    it('lists streams with their event counts and last positions', async () => {
      if (harness.isolatedLog) expect(await store.streams()).toEqual([]);
      const [a, b] = [stream('a'), stream('b')];
      await store.append(a, [event('a0')], 'no_stream');
      const last = await store.append(b, [event('b0'), event('b1'), event('b2')], 'no_stream');
      const mine = (await store.streams()).filter((s) => [a, b].includes(s.streamId));
      expect(mine).toEqual([
        { streamId: a, events: 1, lastPosition: (await store.readStream(a))[0]!.position },
        { streamId: b, events: 3, lastPosition: last.position },
      ]);
    });
  });

  describe('subscribeToAll', () => {
    it('catches up from a position, then delivers later appends live, in order, one batch at a time', async () => {
      const s = stream();
      const t = stream();
      const head = await store.headPosition();
      await store.append(s, [event('e0'), event('e1')], 'no_stream');
      await store.append(t, [event('e2')], 'no_stream');
      await store.append(s, [event('e3')], 1n);
      const from = (await logOf([s, t], head))[0]!.position; // after e0

      const received: RecordedEvent[] = [];
      const batches: number[] = [];
      let inFlight = 0;
      let maxInFlight = 0;
      const errors: Error[] = [];
      subscriptions.push(
        store.subscribeToAll(from, {
          onEvents: async (events) => {
            inFlight += 1;
            maxInFlight = Math.max(maxInFlight, inFlight);
            await sleep(25);
            received.push(...events.filter((e) => e.streamId === s || e.streamId === t));
            batches.push(events.length);
            inFlight -= 1;
          },
          onError: (error) => errors.push(error),
        }),
      );
      await waitUntil(() => received.length >= 3);
      expect(received.map((e) => e.type)).toEqual(['e1', 'e2', 'e3']);

      // Live: appended while the subscription runs, some while a batch is still being handled.
      await store.append(t, [event('e4')], 0n);
      await store.append(s, [event('e5'), event('e6')], 2n);
      await sleep(5);
      await store.append(t, [event('e7')], 1n);
      await waitUntil(() => received.length >= 7);
      await sleep(100);
      expect(received.map((e) => e.type)).toEqual(['e1', 'e2', 'e3', 'e4', 'e5', 'e6', 'e7']);
      for (let i = 1; i < received.length; i += 1) expect(received[i]!.position).toBeGreaterThan(received[i - 1]!.position);
      expect(maxInFlight).toBe(1);
      expect(errors).toEqual([]);
    });

    it('from null starts at the beginning of the log', async () => {
      if (!harness.isolatedLog) return; // the shared log may be long
      await store.append(stream(), [event('first'), event('second')], 'no_stream');
      const received: string[] = [];
      subscriptions.push(
        store.subscribeToAll(null, {
          onEvents: async (events) => void received.push(...events.map((e) => e.type)),
          onError: () => undefined,
        }),
      );
      await waitUntil(() => received.length >= 2);
      expect(received).toEqual(['first', 'second']);
    });

    it('stops delivering after close', async () => {
      const s = stream();
      const head = await store.headPosition();
      const received: string[] = [];
      const subscription = store.subscribeToAll(head, {
        onEvents: async (events) => void received.push(...events.filter((e) => e.streamId === s).map((e) => e.type)),
        onError: () => undefined,
      });
      subscriptions.push(subscription);
      await store.append(s, [event('before')], 'no_stream');
      await waitUntil(() => received.length >= 1);
      await subscription.close();
      await store.append(s, [event('after')], 0n);
      await sleep(400);
      expect(received).toEqual(['before']);
    });

    it('reports a throwing handler through onError and delivers nothing more', async () => {
      const s = stream();
      const head = await store.headPosition();
      let calls = 0;
      const errors: Error[] = [];
      subscriptions.push(
        store.subscribeToAll(head, {
          onEvents: async (events) => {
            if (!events.some((e) => e.streamId === s)) return;
            calls += 1;
            throw new Error('handler failed');
          },
          onError: (error) => errors.push(error),
        }),
      );
      await store.append(s, [event('A')], 'no_stream');
      await waitUntil(() => errors.length === 1);
      expect(errors[0]!.message).toBe('handler failed');
      await store.append(s, [event('B')], 0n);
      await sleep(300);
      expect(calls).toBe(1);
      expect(errors).toHaveLength(1);
    });
  });

  describe('upcasters', () => {
    const registry = () =>
      new UpcasterRegistry([
        {
          type: 'ThingNamed',
          fromVersion: 1,
          upcast: ({ name, ...rest }) => ({ ...rest, title: name, titleSource: 'v1' }),
        },
        { type: 'ThingNamed', fromVersion: 2, upcast: (data) => ({ ...data, v3: true }) },
      ]);

    it('are applied on readStream, readAll and subscribeToAll', async () => {
      const upcasting = open(registry());
      const s = stream();
      const head = await upcasting.headPosition();
      await upcasting.append(
        s,
        [
          { type: 'ThingNamed', data: { name: 'old', other: 1 }, metadata: metadata({ schemaVersion: 1 }) },
          { type: 'ThingNamed', data: { title: 'new', other: 2 }, metadata: metadata({ schemaVersion: 3 }) },
          { type: 'ThingOther', data: { name: 'untouched' }, metadata: metadata({ schemaVersion: 1 }) },
        ],
        'no_stream',
      );
      const expected = [
        { data: { title: 'old', other: 1, titleSource: 'v1', v3: true }, schemaVersion: 3 },
        { data: { title: 'new', other: 2 }, schemaVersion: 3 },
        { data: { name: 'untouched' }, schemaVersion: 1 },
      ];
      const shape = (events: RecordedEvent[]) => events.map((e) => ({ data: e.data, schemaVersion: e.metadata.schemaVersion }));

      expect(shape(await upcasting.readStream(s))).toEqual(expected);

      const log: RecordedEvent[] = [];
      let after = head;
      for (;;) {
        const page = await upcasting.readAll(after, 100);
        log.push(...page.filter((e) => e.streamId === s));
        if (page.length < 100) break;
        after = page[page.length - 1]!.position;
      }
      expect(shape(log)).toEqual(expected);

      const received: RecordedEvent[] = [];
      const subscription = upcasting.subscribeToAll(head, {
        onEvents: async (events) => void received.push(...events.filter((e) => e.streamId === s)),
        onError: () => undefined,
      });
      subscriptions.push(subscription);
      await waitUntil(() => received.length >= 3);
      expect(shape(received)).toEqual(expected);

      // The stored event is unchanged: a store without upcasters on the same log reads the original.
      expect(shape(await store.readStream(s))).toEqual([
        { data: { name: 'old', other: 1 }, schemaVersion: 1 },
        { data: { title: 'new', other: 2 }, schemaVersion: 3 },
        { data: { name: 'untouched' }, schemaVersion: 1 },
      ]);
    });
  });
});
