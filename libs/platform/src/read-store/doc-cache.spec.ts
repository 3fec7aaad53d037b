import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteReadStore } from './sqlite-read-store';
import Database from 'better-sqlite3';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/** The reader's document cache never answers with a document older than the store holds. */
describe('SqliteReadStore document cache', () => {
  let dir: string;
  let store: SqliteReadStore;
  let checkpoint = 0n;
  const state = { name: 'p', version: 1, generation: 0, checkpoint: null, status: 'running' as const, error: null, updatedAt: '2024-01-01T00:00:00.000Z' };
  const write = (on: SqliteReadStore, change: { put: { id: string; [key: string]: unknown } } | { delete: string }) => {
    const expected = checkpoint;
    checkpoint += 1n;
    return on.commitBatch({ name: 'p', generation: 0, checkpoint: expected === 0n ? null : expected }, checkpoint, async (w) =>
      'delete' in change ? w.delete('docs', change.delete) : w.put('docs', change.put),
    );
  };

  beforeEach(async () => {
    checkpoint = 0n;
    dir = mkdtempSync(join(tmpdir(), 'doc-cache-'));
    store = new SqliteReadStore({ file: join(dir, 'r.sqlite') });
    await store.ensureCollections([{ name: 'docs', indexes: ['n'] }]);
    await store.saveProjectionState(state);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sees this process's own commits at once, through get, getMany and find", async () => {
    await write(store, { put: { id: 'a', n: 1 } });
    expect(await store.get('docs', 'a')).toEqual({ id: 'a', n: 1 });
    expect((await store.find('docs', { limit: 10 })).items).toEqual([{ id: 'a', n: 1 }]);
    await write(store, { put: { id: 'a', n: 2 } });
    expect(await store.get('docs', 'a')).toEqual({ id: 'a', n: 2 });
    expect(await store.getMany('docs', ['a'])).toEqual([{ id: 'a', n: 2 }]);
    expect((await store.find('docs', { limit: 10 })).items).toEqual([{ id: 'a', n: 2 }]);
    await write(store, { delete: 'a' });
    expect(await store.get('docs', 'a')).toBeNull();
    expect(await store.getMany('docs', ['a'])).toEqual([]);
  });

  it('sees commits of another connection (another process) from the next turn of the event loop', async () => {
    await write(store, { put: { id: 'a', n: 1 } });
    expect(await store.get('docs', 'a')).toEqual({ id: 'a', n: 1 });
    const other = new SqliteReadStore({ file: join(dir, 'r.sqlite') });
    try {
      await write(other, { put: { id: 'a', n: 2 } });
      await write(other, { put: { id: 'b', n: 3 } });
    } finally {
      await other.close();
    }
    await nextTurn();
    expect(await store.get('docs', 'a')).toEqual({ id: 'a', n: 2 });
    expect((await store.find('docs', { limit: 10 })).items.map((d) => d.id)).toEqual(['a', 'b']);
  });

  it('remembers absent documents until one is written', async () => {
    expect(await store.get('docs', 'x')).toBeNull();
    await write(store, { put: { id: 'x', n: 1 } });
    expect(await store.get('docs', 'x')).toEqual({ id: 'x', n: 1 });
  });

  it('remembers documents getMany found absent too: asked again, no query runs', async () => {
    await write(store, { put: { id: 'a', n: 1 } });
    expect(await store.getMany('docs', ['a', 'x', 'y'])).toEqual([{ id: 'a', n: 1 }]);
    const statement = Object.getPrototypeOf(new Database(':memory:').prepare('SELECT 1')) as Database.Statement;
    const all = jest.spyOn(statement, 'all');
    const get = jest.spyOn(statement, 'get');
    try {
      expect(await store.getMany('docs', ['a', 'x', 'y'])).toEqual([{ id: 'a', n: 1 }]);
      expect(await store.get('docs', 'x')).toBeNull();
      const ran = [...all.mock.contexts, ...get.mock.contexts].map((s) => (s as Database.Statement).source);
      expect(ran.filter((source) => source.includes('rm_docs'))).toEqual([]);
    } finally {
      all.mockRestore();
      get.mockRestore();
    }
    await write(store, { put: { id: 'x', n: 2 } });
    expect(await store.getMany('docs', ['a', 'x', 'y'])).toEqual([{ id: 'a', n: 1 }, { id: 'x', n: 2 }]);
  });

  it('hands out frozen documents, since every caller shares them', async () => {
    await write(store, { put: { id: 'a', n: 1, tags: ['t'], nested: { k: 1 } } });
    const doc = (await store.get<{ id: string; n: number; tags: string[]; nested: { k: number } }>('docs', 'a'))!;
    expect(() => (doc.n = 2)).toThrow(TypeError);
    expect(() => doc.tags.push('u')).toThrow(TypeError);
    expect(() => (doc.nested.k = 2)).toThrow(TypeError);
    expect(await store.get('docs', 'a')).toEqual({ id: 'a', n: 1, tags: ['t'], nested: { k: 1 } });
  });
});
