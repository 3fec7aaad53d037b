import { DomainError } from '@docs/kernel';
import { ExpectedRevision, NewEvent } from '../event-store/event-store';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { Decider, DomainEvent } from '@docs/kernel';
import { handleCommand } from './handle-command';
import { temporaryFolderPerTest } from '../testing/temporary-folder';

type Added = DomainEvent<'Added', { n: number }>;
const adder: Decider<number, { add: number }, Added> = {
  initialState: () => 0,
  evolve: (total, e) => total + e.data.n,
  decide: (total, c) => {
    if (total + c.add > 10) throw new DomainError('conflict', 'too much');
    return c.add === 0 ? [] : [{ type: 'Added', data: { n: c.add } }];
  },
};

describe('handleCommand', () => {
  const tmp = temporaryFolderPerTest('cmd-');
  let store: SqliteEventStore;
  beforeEach(() => {
    store = tmp.open(new SqliteEventStore({ file: tmp.path('e.sqlite') }));
  });
  const ctx = { actor: 'u1', correlationId: 'req-1' };

  it('folds the stream, decides and appends with metadata', async () => {
    await handleCommand(store, 'adder-1', adder, { add: 2 }, ctx);
    const result = await handleCommand(store, 'adder-1', adder, { add: 3 }, ctx);
    expect(result.state).toBe(5);
    const events = await store.readStream('adder-1');
    expect(events.map((e) => e.data)).toEqual([{ n: 2 }, { n: 3 }]);
    expect(events[1]!.metadata).toMatchObject({ schemaVersion: 1, actor: 'u1', correlationId: 'req-1', causationId: 'req-1' });
    expect(result.position).toBe(events[1]!.position);
  });

  it('appends nothing when the decider decides nothing, and passes domain errors through', async () => {
    expect((await handleCommand(store, 'adder-1', adder, { add: 0 }, ctx)).position).toBeNull();
    await expect(handleCommand(store, 'adder-1', adder, { add: 11 }, ctx)).rejects.toThrow('too much');
    expect(await store.readStream('adder-1')).toEqual([]);
  });

  it('retries when another writer got there first, deciding again on the new state', async () => {
    await handleCommand(store, 'adder-1', adder, { add: 4 }, ctx);
    let raced = false;
    const racing = Object.create(store) as SqliteEventStore;
    racing.append = async (stream: string, events: NewEvent[], expected: ExpectedRevision) => {
      if (!raced) {
        raced = true;
        await store.append(stream, [{ type: 'Added', data: { n: 5 }, metadata: events[0]!.metadata }], 'any');
      }
      return store.append(stream, events, expected);
    };
    await expect(handleCommand(racing, 'adder-1', adder, { add: 2 }, ctx)).rejects.toThrow('too much');
    expect((await store.readStream('adder-1')).map((e) => e.data)).toEqual([{ n: 4 }, { n: 5 }]);
  });

  it('answers 409 after the attempts run out', async () => {
    const alwaysLate = Object.create(store) as SqliteEventStore;
    alwaysLate.append = async (stream: string, events: NewEvent[]) => {
      await store.append(stream, [{ type: 'Added', data: { n: 0 }, metadata: events[0]!.metadata }], 'any');
      return store.append(stream, events, -1n);
    };
    await expect(handleCommand(alwaysLate, 'adder-1', adder, { add: 1 }, ctx)).rejects.toMatchObject({ kind: 'conflict' });
  });

  it('appends once for a retried request with the same Idempotency-Key', async () => {
    const keyed = { ...ctx, idempotencyKey: 'k-1' };
    const first = await handleCommand(store, 'adder-1', adder, { add: 2 }, keyed);
    const retry = await handleCommand(store, 'adder-1', adder, { add: 2 }, { ...keyed, correlationId: 'req-2' });
    expect(retry.position).toBe(first.position);
    expect(await store.readStream('adder-1')).toHaveLength(1);
  });

  describe('folded-state cache', () => {
    it('sees events appended behind its back (another process, a direct append) before deciding', async () => {
      await handleCommand(store, 'adder-1', adder, { add: 4 }, ctx);
      await store.append(
        'adder-1',
        [
          {
            type: 'Added',
            data: { n: 5 },
            metadata: { schemaVersion: 1, actor: 'u2', correlationId: 'x', causationId: null, occurredAt: '2024-01-01T00:00:00.000Z' },
          },
        ],
        'any',
      );
      // The cached state says 4; the stream says 9: adding 2 must be refused, not appended.
      await expect(handleCommand(store, 'adder-1', adder, { add: 2 }, ctx)).rejects.toThrow('too much');
      const result = await handleCommand(store, 'adder-1', adder, { add: 1 }, ctx);
      expect(result.state).toBe(10);
      expect((await store.readStream('adder-1')).map((e) => e.data)).toEqual([{ n: 4 }, { n: 5 }, { n: 1 }]);
    });

    it('re-checks a refusal decided on cached state against a fresh read', async () => {
      await handleCommand(store, 'adder-1', adder, { add: 9 }, ctx);
      const other = new SqliteEventStore({ file: tmp.path('e.sqlite') });
      try {
        // The same log through another store (another process): it cannot touch this store's cache.
        await other.append(
          'adder-1',
          [
            {
              type: 'Added',
              data: { n: -9 },
              metadata: { schemaVersion: 1, actor: 'u2', correlationId: 'x', causationId: null, occurredAt: '2024-01-01T00:00:00.000Z' },
            },
          ],
          'any',
        );
      } finally {
        await other.close();
      }
      // Cached: 9 + 5 > 10 would be refused; the log says 0 + 5.
      expect((await handleCommand(store, 'adder-1', adder, { add: 5 }, ctx)).state).toBe(5);
    });

    it('gives evolve the appended events with their metadata, as a later read would', async () => {
      const seen: unknown[] = [];
      const recording: Decider<number, { add: number }, Added> = {
        ...adder,
        evolve: (total, e) => {
          seen.push((e as unknown as { metadata?: { actor?: string } }).metadata?.actor);
          return total + e.data.n;
        },
      };
      await handleCommand(store, 'adder-2', recording, { add: 1 }, ctx);
      expect(seen).toEqual(['u1']);
    });
  });
});
