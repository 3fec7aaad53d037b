import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CheckpointMovedError } from './read-store';
import { SqliteReadStore } from './sqlite-read-store';

/** Behaviour of the SQLite adapter's performance internals (the port's contract is in test/contract). */
describe('SqliteReadStore internals', () => {
  let dir: string;
  let store: SqliteReadStore;
  const state = (name: string) => ({ name, version: 1, generation: 0, checkpoint: null, status: 'running' as const, error: null, updatedAt: '2024-01-01T00:00:00.000Z' });

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'read-store-'));
    store = new SqliteReadStore({ file: join(dir, 'r.sqlite') });
    await store.ensureCollections([{ name: 'a' }, { name: 'b' }]);
    await store.saveProjectionState(state('pa'));
    await store.saveProjectionState(state('pb'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('commits batches that arrive together, and a failing one undoes only its own writes', async () => {
    const ok = store.commitBatch({ name: 'pa', generation: 0, checkpoint: null }, 5n, async (w) => w.put('a', { id: '1', v: 1 }));
    const moved = store.commitBatch({ name: 'pb', generation: 0, checkpoint: 3n }, 5n, async (w) => w.put('b', { id: '1', v: 1 }));
    const throws = store.commitBatch({ name: 'pb', generation: 0, checkpoint: null }, 5n, async (w) => {
      w.put('b', { id: '2', v: 2 });
      throw new Error('projection bug');
    });
    await expect(ok).resolves.toBeUndefined();
    await expect(moved).rejects.toBeInstanceOf(CheckpointMovedError);
    await expect(throws).rejects.toThrow('projection bug');
    expect(await store.get('a', '1')).toEqual({ id: '1', v: 1 });
    expect(await store.get('b', '1')).toBeNull();
    expect(await store.get('b', '2')).toBeNull();
    expect((await store.getProjectionState('pa'))!.checkpoint).toBe(5n);
    expect((await store.getProjectionState('pb'))!.checkpoint).toBeNull();
  });

  it('keeps one document write per batch and lets the batch read its own writes', async () => {
    await store.commitBatch({ name: 'pa', generation: 0, checkpoint: null }, 1n, async (w) => {
      const doc = { id: '1', n: 1 };
      w.put('a', doc);
      doc.n = 99; // changing the object after put does not change what was put
      expect(await w.get('a', '1')).toEqual({ id: '1', n: 1 });
      w.put('a', { id: '1', n: 2 });
      w.put('a', { id: '2', n: 1 });
      w.delete('a', '2');
      expect(await w.get('a', '2')).toBeNull();
      expect((await w.find('a', { limit: 10 })).items).toEqual([{ id: '1', n: 2 }]);
    });
    expect((await store.find('a', { limit: 10 })).items).toEqual([{ id: '1', n: 2 }]);
  });

  it('a read in the same turn as an earlier read still sees a batch committed in between', async () => {
    expect(await store.get('a', '1')).toBeNull(); // opens this turn's read snapshot
    await store.commitBatch({ name: 'pa', generation: 0, checkpoint: null }, 1n, async (w) => w.put('a', { id: '1' }));
    expect(await store.get('a', '1')).toEqual({ id: '1' });
  });
});
