import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { SqliteReadStore } from './sqlite-read-store';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { sqliteReadStorePerTest, startingState } from '../testing/sqlite-read-store-per-test';

/** Commits as projections do, on whichever connection: each projection's batch one checkpoint past its last. */
function checkpointChains() {
  const last = new Map<string, bigint>();
  return (on: SqliteReadStore, name: string, apply: Parameters<SqliteReadStore['commitBatch']>[2]) => {
    const expected = last.get(name) ?? 0n;
    last.set(name, expected + 1n);
    return on.commitBatch({ name, generation: 0, checkpoint: expected === 0n ? null : expected }, expected + 1n, apply);
  };
}

/** The reader's document cache never answers with a document older than the store holds. */
describe('SqliteReadStore document cache', () => {
  let commit = checkpointChains();
  const tmp = sqliteReadStorePerTest('doc-cache-', async (store) => {
    commit = checkpointChains();
    await store.ensureCollections([{ name: 'docs', indexes: ['n'] }]);
    await store.saveProjectionState(startingState('p'));
  });
  const write = (on: SqliteReadStore, change: { put: { id: string; [key: string]: unknown } } | { delete: string }) =>
    commit(on, 'p', async (w) => ('delete' in change ? w.delete('docs', change.delete) : w.put('docs', change.put)));

  /** Sources of the statements run on the collection's table while `work` runs. */
  const statementsOnDocs = async (work: () => Promise<unknown>): Promise<string[]> => {
    const statement = Object.getPrototypeOf(new Database(':memory:').prepare('SELECT 1')) as Database.Statement;
    const all = jest.spyOn(statement, 'all');
    const get = jest.spyOn(statement, 'get');
    try {
      await work();
      return [...all.mock.contexts, ...get.mock.contexts]
        .map((s) => (s as Database.Statement).source)
        .filter((source) => source.includes('rm_docs'));
    } finally {
      all.mockRestore();
      get.mockRestore();
    }
  };

  it("sees this process's own commits at once, through get, getMany and find", async () => {
    await write(tmp.store, { put: { id: 'a', n: 1 } });
    expect(await tmp.store.get('docs', 'a')).toEqual({ id: 'a', n: 1 });
    expect((await tmp.store.find('docs', { limit: 10 })).items).toEqual([{ id: 'a', n: 1 }]);
    await write(tmp.store, { put: { id: 'a', n: 2 } });
    expect(await tmp.store.get('docs', 'a')).toEqual({ id: 'a', n: 2 });
    expect(await tmp.store.getMany('docs', ['a'])).toEqual([{ id: 'a', n: 2 }]);
    expect((await tmp.store.find('docs', { limit: 10 })).items).toEqual([{ id: 'a', n: 2 }]);
    await write(tmp.store, { delete: 'a' });
    expect(await tmp.store.get('docs', 'a')).toBeNull();
    expect(await tmp.store.getMany('docs', ['a'])).toEqual([]);
  });

  it('sees commits of another connection (another process) from the next turn of the event loop', async () => {
    await write(tmp.store, { put: { id: 'a', n: 1 } });
    expect(await tmp.store.get('docs', 'a')).toEqual({ id: 'a', n: 1 });
    const other = new SqliteReadStore({ file: join(tmp.dir, 'r.sqlite') });
    try {
      await write(other, { put: { id: 'a', n: 2 } });
      await write(other, { put: { id: 'b', n: 3 } });
    } finally {
      await other.close();
    }
    await nextTurn();
    expect(await tmp.store.get('docs', 'a')).toEqual({ id: 'a', n: 2 });
    expect((await tmp.store.find('docs', { limit: 10 })).items.map((d) => d.id)).toEqual(['a', 'b']);
  });

  it('remembers absent documents until one is written', async () => {
    expect(await tmp.store.get('docs', 'x')).toBeNull();
    await write(tmp.store, { put: { id: 'x', n: 1 } });
    expect(await tmp.store.get('docs', 'x')).toEqual({ id: 'x', n: 1 });
  });

  it('remembers documents getMany found absent too: asked again, no query runs', async () => {
    await write(tmp.store, { put: { id: 'a', n: 1 } });
    expect(await tmp.store.getMany('docs', ['a', 'x', 'y'])).toEqual([{ id: 'a', n: 1 }]);
    const ran = await statementsOnDocs(async () => {
      expect(await tmp.store.getMany('docs', ['a', 'x', 'y'])).toEqual([{ id: 'a', n: 1 }]);
      expect(await tmp.store.get('docs', 'x')).toBeNull();
    });
    expect(ran).toEqual([]);
    await write(tmp.store, { put: { id: 'x', n: 2 } });
    expect(await tmp.store.getMany('docs', ['a', 'x', 'y'])).toEqual([
      { id: 'a', n: 1 },
      { id: 'x', n: 2 },
    ]);
  });

  it('after its own commit forgets only the documents that commit wrote', async () => {
    await write(tmp.store, { put: { id: 'a', n: 1 } });
    await write(tmp.store, { put: { id: 'b', n: 1 } });
    expect(await tmp.store.getMany('docs', ['a', 'b'])).toHaveLength(2);
    await write(tmp.store, { put: { id: 'a', n: 2 } });
    // b was not written: it comes from the cache; a is read again.
    expect(await statementsOnDocs(async () => expect(await tmp.store.get('docs', 'b')).toEqual({ id: 'b', n: 1 }))).toEqual([]);
    expect(await tmp.store.get('docs', 'a')).toEqual({ id: 'a', n: 2 });
    await write(tmp.store, { delete: 'b' });
    expect(await tmp.store.get('docs', 'b')).toBeNull();
  });

  it("forgets everything when another connection committed, before or after this store's own commit", async () => {
    const other = new SqliteReadStore({ file: join(tmp.dir, 'r.sqlite') });
    await other.saveProjectionState(startingState('q'));
    const writeOther = (doc: { id: string; n: number }) => commit(other, 'q', async (w) => w.put('docs', doc));
    try {
      await write(tmp.store, { put: { id: 'a', n: 1 } });
      await write(tmp.store, { put: { id: 'b', n: 1 } });
      await nextTurn();
      expect(await tmp.store.getMany('docs', ['a', 'b'])).toHaveLength(2);
      // Another process writes b, then this store writes a: its commit is not the only one.
      await writeOther({ id: 'b', n: 2 });
      await write(tmp.store, { put: { id: 'a', n: 2 } });
      expect(await tmp.store.get('docs', 'b')).toEqual({ id: 'b', n: 2 });
      // This store writes a, then another process writes b before the next snapshot.
      await nextTurn();
      expect(await tmp.store.getMany('docs', ['a', 'b'])).toHaveLength(2);
      await write(tmp.store, { put: { id: 'a', n: 3 } });
      await writeOther({ id: 'b', n: 3 });
      await nextTurn();
      expect(await tmp.store.get('docs', 'b')).toEqual({ id: 'b', n: 3 });
      expect(await tmp.store.get('docs', 'a')).toEqual({ id: 'a', n: 3 });
    } finally {
      await other.close();
    }
  });

  it('answers what the database holds under any interleaving of own writes, foreign writes and reads (property)', async () => {
    const ids = ['a', 'b', 'c', 'd'];
    const step = fc.oneof(
      fc.record({ kind: fc.constant('own' as const), id: fc.constantFrom(...ids), remove: fc.boolean() }),
      fc.record({ kind: fc.constant('foreign' as const), id: fc.constantFrom(...ids) }),
      fc.record({ kind: fc.constant('read' as const), many: fc.boolean() }),
      fc.record({ kind: fc.constant('turn' as const) }),
    );
    const own = (id: string) => ({ kind: 'own' as const, id, remove: false });
    // Two stores on one file, as two processes, and a plain connection for the truth: opened once,
    // each run in a collection and projections of its own (opening stores per run was most of the time).
    const mine = new SqliteReadStore({ file: tmp.file });
    const theirs = new SqliteReadStore({ file: tmp.file });
    const truth = new Database(tmp.file, { readonly: true });
    let run = 0;
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
          run += 1;
          const docs = `docs_${run}`;
          const [p, q] = [`p${run}`, `q${run}`];
          const commit = checkpointChains();
          let n = 0;
          await mine.ensureCollections([{ name: docs, indexes: ['n'] }]);
          await mine.saveProjectionState(startingState(p));
          await mine.saveProjectionState(startingState(q));
          await nextTurn();
          let stale = false; // a foreign commit is visible from the next turn on
          for (const s of steps) {
            if (s.kind === 'own') await commit(mine, p, async (w) => (s.remove ? w.delete(docs, s.id) : w.put(docs, { id: s.id, n: ++n })));
            else if (s.kind === 'foreign') {
              await commit(theirs, q, async (w) => w.put(docs, { id: s.id, n: ++n }));
              stale = true;
            } else if (s.kind === 'turn') {
              await nextTurn();
              stale = false;
            } else if (!stale) {
              const rows = truth.prepare(`SELECT doc FROM rm_${docs} ORDER BY id`).all() as { doc: string }[];
              const expected = rows.map((r) => JSON.parse(r.doc) as { id: string });
              const got = s.many
                ? await mine.getMany(docs, ids)
                : (await Promise.all(ids.map((id) => mine.get(docs, id)))).filter((d) => d !== null);
              expect(got).toEqual(expected);
            }
          }
        }),
        {
          seed: 7,
          numRuns: 60,
          // The two ways another process's commit can slip in: before this store's own write
          // transaction, and between its commit and the next snapshot.
          examples: [
            [
              [
                own('c'),
                { kind: 'turn' },
                { kind: 'read', many: true },
                { kind: 'foreign', id: 'b' },
                own('a'),
                { kind: 'turn' },
                { kind: 'read', many: true },
              ],
            ],
            [
              [
                own('c'),
                { kind: 'turn' },
                { kind: 'read', many: false },
                own('a'),
                { kind: 'foreign', id: 'b' },
                { kind: 'turn' },
                { kind: 'read', many: false },
              ],
            ],
          ],
        },
      );
    } finally {
      truth.close();
      await theirs.close();
      await mine.close();
    }
  });

  it('hands out frozen documents, since every caller shares them', async () => {
    await write(tmp.store, { put: { id: 'a', n: 1, tags: ['t'], nested: { k: 1 } } });
    const doc = (await tmp.store.get<{ id: string; n: number; tags: string[]; nested: { k: number } }>('docs', 'a'))!;
    expect(() => (doc.n = 2)).toThrow(TypeError);
    expect(() => doc.tags.push('u')).toThrow(TypeError);
    expect(() => (doc.nested.k = 2)).toThrow(TypeError);
    expect(await tmp.store.get('docs', 'a')).toEqual({ id: 'a', n: 1, tags: ['t'], nested: { k: 1 } });
  });
});
