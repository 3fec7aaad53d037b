import Database from 'better-sqlite3';
import { CheckpointMovedError } from './read-store';
import { SqliteReadStore } from './sqlite-read-store';
import { sqliteReadStorePerTest, startingState } from '../testing/sqlite-read-store-per-test';

/** Behaviour of the SQLite adapter's performance internals (the port's contract is in test/contract). */
describe('SqliteReadStore internals', () => {
  const tmp = sqliteReadStorePerTest('read-store-', async (store) => {
    await store.ensureCollections([{ name: 'a' }, { name: 'b' }]);
    await store.saveProjectionState(startingState('pa'));
    await store.saveProjectionState(startingState('pb'));
  });

  it('commits batches that arrive together, and a failing one undoes only its own writes', async () => {
    const ok = tmp.store.commitBatch({ name: 'pa', generation: 0, checkpoint: null }, 5n, async (w) => w.put('a', { id: '1', v: 1 }));
    const moved = tmp.store.commitBatch({ name: 'pb', generation: 0, checkpoint: 3n }, 5n, async (w) => w.put('b', { id: '1', v: 1 }));
    const throws = tmp.store.commitBatch({ name: 'pb', generation: 0, checkpoint: null }, 5n, async (w) => {
      w.put('b', { id: '2', v: 2 });
      throw new Error('projection bug');
    });
    await expect(ok).resolves.toBeUndefined();
    await expect(moved).rejects.toBeInstanceOf(CheckpointMovedError);
    await expect(throws).rejects.toThrow('projection bug');
    expect(await tmp.store.get('a', '1')).toEqual({ id: '1', v: 1 });
    expect(await tmp.store.get('b', '1')).toBeNull();
    expect(await tmp.store.get('b', '2')).toBeNull();
    expect((await tmp.store.getProjectionState('pa'))!.checkpoint).toBe(5n);
    expect((await tmp.store.getProjectionState('pb'))!.checkpoint).toBeNull();
  });

  it('keeps one document write per batch and lets the batch read its own writes', async () => {
    await tmp.store.commitBatch({ name: 'pa', generation: 0, checkpoint: null }, 1n, async (w) => {
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
    expect((await tmp.store.find('a', { limit: 10 })).items).toEqual([{ id: '1', n: 2 }]);
  });

  it('keeps savepoint sub-journals in memory, so a large batch never writes a temp file inside its COMMIT', async () => {
    const connections = tmp.store as unknown as { writer: Database.Database; reader: Database.Database };
    // 2 = MEMORY. The default (0, a file) spilled every batch over 64 KiB to a new temp file.
    expect(connections.writer.pragma('temp_store', { simple: true })).toBe(2);
    expect(connections.reader.pragma('temp_store', { simple: true })).toBe(2);
    await tmp.store.commitBatch({ name: 'pa', generation: 0, checkpoint: null }, 1n, async (w) => {
      for (let i = 0; i < 200; i++) w.put('a', { id: String(i), body: 'x'.repeat(2_000) });
    });
    expect((await tmp.store.find('a', { limit: 1000 })).items).toHaveLength(200);
  });

  it('builds indexes with a larger page cache, then gives the cache back', async () => {
    const { writer } = tmp.store as unknown as { writer: Database.Database };
    const usual = writer.pragma('cache_size', { simple: true });
    const during: unknown[] = [];
    const pragma = writer.pragma.bind(writer);
    jest.spyOn(writer, 'pragma').mockImplementation((source: string, options?: Database.PragmaOptions) => {
      if (/^cache_size =/.test(source)) during.push(source);
      return pragma(source, options);
    });
    await tmp.store.ensureCollections([{ name: 'indexed', indexes: ['n'] }]);
    expect(during).toEqual(['cache_size = -65536', `cache_size = ${String(usual)}`]);
    expect(writer.pragma('cache_size', { simple: true })).toBe(usual);
  });

  it('a read in the same turn as an earlier read still sees a batch committed in between', async () => {
    expect(await tmp.store.get('a', '1')).toBeNull(); // opens this turn's read snapshot
    await tmp.store.commitBatch({ name: 'pa', generation: 0, checkpoint: null }, 1n, async (w) => w.put('a', { id: '1' }));
    expect(await tmp.store.get('a', '1')).toEqual({ id: '1' });
  });

  it('a read made while batches are committing never keeps a document they changed: the next snapshot reads it anew', async () => {
    const commit = (name: string, from: bigint | null, to: bigint, apply: Parameters<SqliteReadStore['commitBatch']>[2]) =>
      tmp.store.commitBatch({ name, generation: 0, checkpoint: from }, to, apply);
    await commit('pa', null, 1n, async (w) => w.put('a', { id: '1', v: 1 }));
    expect(await tmp.store.get('a', '1')).toEqual({ id: '1', v: 1 });
    await commit('pb', null, 2n, async (w) => w.put('b', { id: '1' })); // committed, not yet read
    await new Promise((resolve) => setImmediate(resolve));
    let readMeanwhile: unknown;
    // Two batches arrive together and commit in one transaction: the first changes a/1, the
    // second's apply waits, and a request reads a/1 meanwhile (the snapshot before the COMMIT).
    const first = commit('pa', 1n, 3n, async (w) => w.put('a', { id: '1', v: 2 }));
    const second = commit('pb', 2n, 3n, async () => {
      await new Promise((resolve) => setImmediate(resolve));
      readMeanwhile = await tmp.store.get('a', '1');
    });
    await Promise.all([first, second]);
    expect(readMeanwhile).toEqual({ id: '1', v: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(await tmp.store.get('a', '1')).toEqual({ id: '1', v: 2 });
  });
});

describe('SqliteReadStore layouts', () => {
  const tmp = sqliteReadStorePerTest('read-store-');
  const spec = {
    name: 'members',
    indexes: [
      ['org', 'createdAt'],
      ['org', 'role', 'createdAt'],
    ],
    search: ['name', 'email'],
    counts: [['org'], ['org', 'role']],
  };
  const member = (i: number, org = 'o1') => ({
    id: `m${String(i).padStart(4, '0')}`,
    org,
    role: i % 5 ? 'read' : 'admin',
    name: `Name ${i}`,
    email: `user-${i}@x.test`,
    createdAt: new Date(Date.UTC(2024, 0, 1, 0, 0, i)).toISOString(),
  });

  async function load(docs: Record<string, unknown>[], collection = 'members'): Promise<void> {
    await tmp.store.saveProjectionState(startingState(`p_${collection}`));
    await tmp.store.commitBatch({ name: `p_${collection}`, generation: 0, checkpoint: null }, 1n, async (w) => {
      for (const d of docs) w.put(collection, d as { id: string });
    });
  }

  const noSort = (plan: string[]) => plan.every((line) => !line.includes('TEMP B-TREE'));

  it('a page of a scope in a declared order is one index range, also after a cursor', async () => {
    await tmp.store.ensureCollections([spec]);
    await load(Array.from({ length: 300 }, (_, i) => member(i, i % 2 ? 'o1' : 'o2')));
    const where = [{ field: 'org', op: 'eq' as const, value: 'o1' }];
    const first = await tmp.store.find('members', { where, sort: { field: 'createdAt', direction: 'desc' }, limit: 10 });
    expect(first.count).toBe(150);
    for (const after of [undefined, first.next]) {
      const plan = tmp.store.explainFind('members', { where, sort: { field: 'createdAt', direction: 'desc' }, limit: 10, after });
      expect(plan.join('\n')).toMatch(/USING (COVERING )?INDEX ix_members_org__createdAt/);
      expect(noSort(plan)).toBe(true);
    }
    const withRole = tmp.store.explainFind('members', {
      where: [...where, { field: 'role', op: 'eq', value: 'admin' }],
      sort: { field: 'createdAt', direction: 'asc' },
      limit: 10,
    });
    expect(withRole.join('\n')).toMatch(/USING (COVERING )?INDEX ix_members_org__role__createdAt \(f.org=\? AND f.role=\?/);
    expect(noSort(withRole)).toBe(true);
    const search = tmp.store.explainFind('members', {
      where: [...where, { op: 'or', any: [[{ field: 'name', op: 'ilike', value: 'x' }], [{ field: 'email', op: 'ilike', value: 'x' }]] }],
      sort: { field: 'createdAt', direction: 'desc' },
      limit: 10,
    });
    expect(search.join('\n')).toMatch(/USING INDEX ix_members_org__createdAt/);
    expect(noSort(search)).toBe(true);
  });

  it('a search along a search index reads the index alone, for its page and for its count', async () => {
    await tmp.store.ensureCollections([{ ...spec, indexes: [['org', 'role', 'createdAt']], searchIndexes: [['org', 'createdAt']] }]);
    await load(Array.from({ length: 300 }, (_, i) => member(i, i % 2 ? 'o1' : 'o2')));
    const where = [
      { field: 'org', op: 'eq' as const, value: 'o1' },
      {
        op: 'or' as const,
        any: [[{ field: 'name', op: 'ilike' as const, value: 'name 1' }], [{ field: 'email', op: 'ilike' as const, value: 'NAME 1' }]],
      },
    ];
    const page = await tmp.store.find('members', { where, sort: { field: 'createdAt', direction: 'desc' }, limit: 10 });
    const expected = Array.from({ length: 300 }, (_, i) => member(i)).filter(
      (m, i) => i % 2 === 1 && m.name.toLowerCase().includes('name 1'),
    );
    expect(page.count).toBe(expected.length);
    expect(page.items.map((m) => m.id)).toEqual(
      expected
        .reverse()
        .slice(0, 10)
        .map((m) => m.id),
    );
    for (const after of [undefined, page.next]) {
      const plan = tmp.store.explainFind('members', { where, sort: { field: 'createdAt', direction: 'desc' }, limit: 10, after });
      expect(plan.join('\n')).toMatch(/USING COVERING INDEX ix_members_org__createdAt__search/);
      expect(noSort(plan)).toBe(true);
    }
    expect(tmp.store.explainCount('members', { where }).join('\n')).toMatch(/USING COVERING INDEX ix_members_org__createdAt__search/);
    // Without a search the same index serves the plain page.
    expect(
      tmp.store.explainFind('members', { where: [where[0]!], sort: { field: 'createdAt', direction: 'asc' }, limit: 10 }).join('\n'),
    ).toMatch(/INDEX ix_members_org__createdAt__search/);
  });

  it('stores columns exactly as json_extract reads them from the document', async () => {
    await tmp.store.ensureCollections([{ name: 'values', fields: ['s', 'i', 'f', 'b', 'n', 'a', 'o', 'o.x', 'missing', 'big'] }]);
    await load(
      [
        { id: '1', s: 'text', i: 42, f: 1.5, b: true, n: null, a: [1, 'two', false], o: { x: -3 }, big: 2 ** 60 },
        { id: '2', b: false, o: 'flat' },
      ],
      'values',
    );
    await tmp.store.close();
    const db = new Database(tmp.file, { readonly: true });
    try {
      for (const field of ['s', 'i', 'f', 'b', 'n', 'a', 'o', 'o.x', 'missing', 'big']) {
        const rows = db
          .prepare(
            `SELECT "f.${field}" IS json_extract(doc, '$.${field}') AS same, typeof("f.${field}") = ` +
              `typeof(json_extract(doc, '$.${field}')) AS sameType FROM rm_values`,
          )
          .all();
        expect({ field, rows }).toEqual({
          field,
          rows: [
            { same: 1, sameType: 1 },
            { same: 1, sameType: 1 },
          ],
        });
      }
    } finally {
      db.close();
    }
    tmp.store = new SqliteReadStore({ file: tmp.file });
  });

  it('upgrades a table from before layouts in place: columns filled from the documents, old expression indexes dropped', async () => {
    await tmp.store.close();
    const db = new Database(tmp.file);
    db.exec(`CREATE TABLE rm_members (id TEXT PRIMARY KEY, doc TEXT NOT NULL);
      CREATE INDEX ix_members_org ON rm_members (json_extract(doc, '$.org'), id);`);
    const insert = db.prepare('INSERT INTO rm_members (id, doc) VALUES (?, ?)');
    for (let i = 0; i < 20; i++) insert.run(member(i).id, JSON.stringify({ ...member(i), name: i === 3 ? 'ÉMILE' : `Name ${i}` }));
    db.close();
    tmp.store = new SqliteReadStore({ file: tmp.file });
    await tmp.store.ensureCollections([spec]);
    const where = [{ field: 'org', op: 'eq' as const, value: 'o1' }];
    expect(await tmp.store.count('members', { where })).toBe(20);
    expect(await tmp.store.count('members', { where: [...where, { field: 'role', op: 'eq', value: 'admin' }] })).toBe(4);
    expect(
      (await tmp.store.find('members', { where: [...where, { field: 'name', op: 'ilike', value: 'émile' }], limit: 5 })).items.map(
        (d) => d.id,
      ),
    ).toEqual(['m0003']);
    const check = new Database(tmp.file, { readonly: true });
    try {
      const indexes = (
        check.prepare("SELECT sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'rm_members' AND sql IS NOT NULL").all() as {
          sql: string;
        }[]
      ).map((r) => r.sql);
      expect(indexes.some((sql) => sql.includes('json_extract'))).toBe(false);
      expect(indexes).toHaveLength(2);
    } finally {
      check.close();
    }
  });
});
