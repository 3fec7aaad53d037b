import { statSync } from 'node:fs';
import { join } from 'node:path';
import { sqliteReadStorePerTest, startingState } from '../testing/sqlite-read-store-per-test';

// The bounds tier (npm run test:bounds): work and storage that must stay bounded. npm test runs it; test:unit does not.
describe('SQLite batch writer under a long stream of large batches', () => {
  const state = startingState('p');
  const tmp = sqliteReadStorePerTest('batch-writer-', async (store) => {
    await store.ensureCollections([{ name: 'a', indexes: ['n'], counts: [['g']] }]);
    await store.saveProjectionState(state);
  });

  it('checkpoints the WAL off the committing thread, so it stays bounded', async () => {
    const big = 'x'.repeat(8000);
    let checkpoint: bigint | null = null;
    for (let i = 1; i <= 1500; i++) {
      await tmp.store.commitBatch({ ...state, checkpoint }, BigInt(i), async (w) => w.put('a', { id: String(i), n: i, g: 'x', big }));
      checkpoint = BigInt(i);
      // Turns for the checkpoint thread, long enough for it to be scheduled on a busy machine too.
      if (i % 50 === 0) await new Promise((r) => setTimeout(r, 150));
    }
    // Without any checkpoint the WAL holds every page written (about 50 MB here); with the thread
    // it is reset again and again (a few MB when the machine is idle; more when the test runner
    // keeps both cores busy, so the bound is loose).
    expect(statSync(join(tmp.dir, 'r.sqlite-wal')).size).toBeLessThan(30_000_000);
    expect(await tmp.store.count('a', { where: [{ field: 'g', op: 'eq', value: 'x' }] })).toBe(1500);
  });
});
