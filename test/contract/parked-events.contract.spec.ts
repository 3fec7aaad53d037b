/**
 * Contract of the ReadStore port's parked events, state swaps and collection listing (what
 * projections park, `projections retry`, replays and `projections leftovers` rely on): SQLite
 * always, MongoDB when MONGO_URL is set (a database of its own, dropped at the end).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropMongoDatabase, freshMongoDbName } from './support/mongo';
import { MongoReadStore } from '../../libs/platform/src/mongodb/mongo-read-store';
import { CheckpointMovedError, ParkedEvent, ReadStore } from '../../libs/platform/src/read-store/read-store';
import { SqliteReadStore } from '../../libs/platform/src/read-store/sqlite-read-store';
import { startingState as state } from '../../libs/platform/src/testing/sqlite-read-store-per-test';
import { skippedWithout } from '../support/server-suites';

type Open = () => Promise<{ store: ReadStore; dispose: () => Promise<void> }>;

const harnesses: [string, Open, (() => Promise<void>)?][] = [
  [
    'sqlite',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'parked-contract-'));
      const store = new SqliteReadStore({ file: join(dir, 'read.db') });
      return {
        store,
        dispose: async () => {
          await store.close();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  ],
];
if (process.env.MONGO_URL) {
  const url = process.env.MONGO_URL;
  const dbName = freshMongoDbName();
  harnesses.push([
    'mongodb',
    async () => {
      const store = await MongoReadStore.connect({ url, dbName });
      return { store, dispose: () => store.close() };
    },
    () => dropMongoDatabase(url, dbName),
  ]);
} else {
  skippedWithout('MONGO_URL', 'parked events contract: the MongoDB adapter');
}

const fresh = (base: string) => `${base}_${randomUUID().slice(0, 8)}`;

describe.each(harnesses)('ReadStore contract, parked events: %s', (_name, open, teardown) => {
  let store: ReadStore;
  let dispose: () => Promise<void>;
  beforeEach(async () => ({ store, dispose } = await open()));
  afterEach(() => dispose());
  afterAll(async () => teardown?.());

  const parked = (projection: string, eventId: string, position: bigint, overrides: Partial<ParkedEvent> = {}): ParkedEvent => ({
    projection,
    version: 1,
    generation: 0,
    eventId,
    type: 'Exploded',
    streamId: `s-${eventId}`,
    position,
    error: 'boom',
    parkedAt: '2026-01-02T00:00:00.000Z',
    failedAt: '2026-01-02T00:00:00.000Z',
    attempts: 1,
    ...overrides,
  });

  it('parks events with the checkpoint, counts them in the state, and lists them in log order', async () => {
    const p = fresh('proj');
    const c = `${fresh('docs')}_v1`;
    await store.ensureCollections([{ name: c }]);
    await store.saveProjectionState(state(p));
    const big = 2n ** 62n + 7n;
    await store.commitBatch({ name: p, generation: 0, checkpoint: null }, 10n, async (w) => w.put(c, { id: 'a' }), {
      park: [parked(p, 'e10', 10n), parked(p, 'e9', 9n)],
    });
    await store.commitBatch({ name: p, generation: 0, checkpoint: 10n }, big, async () => undefined, { park: [parked(p, 'ebig', big)] });
    expect(await store.getProjectionState(p)).toMatchObject({ checkpoint: big, parked: 3 });
    expect(await store.get(c, 'a')).toEqual({ id: 'a' });
    // Position order, not text order (9 before 10), 64-bit positions exact.
    expect((await store.listParkedEvents({ projection: p, limit: 10 })).map((e) => [e.eventId, e.position])).toEqual([
      ['e9', 9n],
      ['e10', 10n],
      ['ebig', big],
    ]);
    expect(await store.listParkedEvents({ projection: p, limit: 1 })).toEqual([parked(p, 'e9', 9n)]);
    expect((await store.listParkedEvents({ projection: p, eventIds: ['ebig', 'nope'], limit: 10 })).map((e) => e.eventId)).toEqual([
      'ebig',
    ]);
    expect(await store.listParkedEvents({ projection: p, eventIds: [], limit: 10 })).toEqual([]);
    expect(await store.listParkedEvents({ projection: p, generation: 1, limit: 10 })).toEqual([]);
  });

  it('updates a parked event parked again, removes unparked ones, and rolls both back with a moved checkpoint', async () => {
    const p = fresh('proj');
    await store.saveProjectionState(state(p));
    await store.commitBatch({ name: p, generation: 0, checkpoint: null }, 5n, async () => undefined, {
      park: [parked(p, 'e4', 4n), parked(p, 'e5', 5n)],
    });
    // A retry that failed again: same key, new error and attempts; the count stays.
    const again = parked(p, 'e4', 4n, { error: 'still boom', failedAt: '2026-01-03T00:00:00.000Z', attempts: 2 });
    await store.commitBatch({ name: p, generation: 0, checkpoint: 5n }, 5n, async () => undefined, { park: [again] });
    expect(await store.getProjectionState(p)).toMatchObject({ parked: 2 });
    expect((await store.listParkedEvents({ projection: p, limit: 10 }))[0]).toEqual({ ...again, parkedAt: '2026-01-02T00:00:00.000Z' });

    await expect(
      store.commitBatch({ name: p, generation: 0, checkpoint: 4n }, 5n, async () => undefined, {
        unpark: [{ projection: p, version: 1, generation: 0, eventId: 'e5' }],
      }),
    ).rejects.toBeInstanceOf(CheckpointMovedError);
    expect(await store.listParkedEvents({ projection: p, limit: 10 })).toHaveLength(2);

    await store.commitBatch({ name: p, generation: 0, checkpoint: 5n }, 5n, async () => undefined, {
      unpark: [
        { projection: p, version: 1, generation: 0, eventId: 'e5' },
        { projection: p, version: 1, generation: 0, eventId: 'unknown' },
      ],
    });
    expect((await store.listParkedEvents({ projection: p, limit: 10 })).map((e) => e.eventId)).toEqual(['e4']);
    expect(await store.getProjectionState(p)).toMatchObject({ checkpoint: 5n, parked: 1 });
  });

  it("counts parked events per generation, counts a replay's in its own state, and discards a generation", async () => {
    const p = fresh('proj');
    await store.saveProjectionState(state(p));
    await store.saveProjectionState(state(`${p}:replay`, { generation: 1, status: 'rebuilding' }));
    await store.commitBatch({ name: p, generation: 0, checkpoint: null }, 3n, async () => undefined, { park: [parked(p, 'e3', 3n)] });
    await store.commitBatch({ name: `${p}:replay`, generation: 1, checkpoint: null }, 3n, async () => undefined, {
      park: [parked(p, 'e3', 3n, { generation: 1 }), parked(p, 'e2', 2n, { generation: 1 })],
    });
    expect(await store.getProjectionState(p)).toMatchObject({ parked: 1 });
    expect(await store.getProjectionState(`${p}:replay`)).toMatchObject({ parked: 2 });
    expect((await store.parkedGenerations()).filter((g) => g.projection === p)).toEqual([
      { projection: p, version: 1, generation: 0, count: 1 },
      { projection: p, version: 1, generation: 1, count: 2 },
    ]);
    expect(await store.discardParkedEvents({ projection: p, version: 1, generation: 1 })).toBe(2);
    expect((await store.parkedGenerations()).filter((g) => g.projection === p)).toEqual([
      { projection: p, version: 1, generation: 0, count: 1 },
    ]);
  });

  it('replaces a state only while it is as expected', async () => {
    const p = fresh('proj');
    const first = state(p, { checkpoint: 5n });
    expect(await store.replaceProjectionState(null, first)).toBe(true);
    expect(await store.replaceProjectionState(null, first)).toBe(false);
    const swapped = state(p, { generation: 1, checkpoint: 7n, parked: 2 });
    expect(await store.replaceProjectionState({ ...first, checkpoint: 4n }, swapped)).toBe(false);
    expect(await store.replaceProjectionState({ ...first, status: 'stopped' }, swapped)).toBe(false);
    expect(await store.getProjectionState(p)).toEqual(first);
    expect(await store.replaceProjectionState(first, swapped)).toBe(true);
    expect(await store.getProjectionState(p)).toEqual(swapped);
  });

  it('lists the collections that exist, by the names dropCollection takes', async () => {
    const a = `${fresh('things')}_v1`;
    const b = `${fresh('things')}_v2_g3`;
    await store.ensureCollections([{ name: a, indexes: ['x'], counts: [['x']] }, { name: b }]);
    const listed = await store.listCollections();
    expect(listed).toEqual(expect.arrayContaining([a, b]));
    expect(listed).toEqual([...listed].sort());
    await store.dropCollection(b);
    expect(await store.listCollections()).not.toContain(b);
    expect(await store.listCollections()).toContain(a);
  });
});
