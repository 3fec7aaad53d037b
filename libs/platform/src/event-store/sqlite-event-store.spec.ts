import { temporaryFolderPerTest } from '../testing/temporary-folder';
import { NewEvent, RecordedEvent } from './event-store';
import { SqliteEventStore } from './sqlite-event-store';
import { eventually } from '../testing/eventually';

const event = (type: string): NewEvent => ({
  type,
  data: {},
  metadata: { schemaVersion: 1, actor: 'u', correlationId: 'c', causationId: null, occurredAt: '2026-11-22T00:00:00.000Z' },
});

/** Waits until `condition` holds, asking every 5 ms for up to 5 s. */
const waitUntil = (condition: () => boolean) => eventually(condition, 5000, 5);

/** How the SQLite adapter's subscriptions read the log: what the contract suite cannot see. */
describe('SqliteEventStore subscriptions', () => {
  const tmp = temporaryFolderPerTest('sqlite-subscriptions-');
  const open = (pollIntervalMs = 60_000) => tmp.open(new SqliteEventStore({ file: tmp.path('events.db'), pollIntervalMs }));

  it('reads the log about once per append however many subscriptions have caught up', async () => {
    const store = open();
    const received: RecordedEvent[][] = Array.from({ length: 20 }, () => []);
    const subscriptions = received.map((into) =>
      store.subscribeToAll(null, { onEvents: async (events) => void into.push(...events), onError: (error) => fail(error) }),
    );
    await store.append('s-1', [event('First')], 'no_stream');
    await waitUntil(() => received.every((r) => r.length === 1));
    await new Promise((resolve) => setImmediate(resolve));

    const reads = jest.spyOn(store as unknown as { readAllSync: () => RecordedEvent[] }, 'readAllSync');
    await store.append('s-1', [event('Second')], 0n);
    await waitUntil(() => received.every((r) => r.length === 2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    // One read finds the new event for everyone, one finds the end of the log; 20 subscriptions
    // each asking again for what follows would be 21.
    expect(reads.mock.calls.length).toBeLessThanOrEqual(2);
    expect(received.every((r) => r.map((e) => e.type).join() === 'First,Second')).toBe(true);
    await Promise.all(subscriptions.map((s) => s.close()));
  });

  it('still finds events appended by another process, on the next poll', async () => {
    const follower = open(20);
    const types: string[] = [];
    const subscription = follower.subscribeToAll(null, {
      onEvents: async (events) => void types.push(...events.map((e) => e.type)),
      onError: (error) => fail(error),
    });
    await follower.append('s-1', [event('Mine')], 'no_stream');
    await waitUntil(() => types.length === 1);

    const other = open();
    await other.append('s-2', [event('Theirs')], 'no_stream');
    await waitUntil(() => types.length === 2);
    expect(types).toEqual(['Mine', 'Theirs']);
    await subscription.close();
  });
});
