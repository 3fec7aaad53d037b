/**
 * Contract of the ReadStore port's full-text search (libs/platform/src/read-store/text-search.ts,
 * docs/read-models.md "Full-text search"): SQLite (FTS5) always, MongoDB (text index) when MONGO_URL
 * is set. Ranks are compared, never scores (their scales differ between engines).
 */
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropMongoDatabase, freshMongoDbName } from './support/mongo';
import { MongoReadStore } from '../../libs/platform/src/mongodb/mongo-read-store';
import { Doc, Filter, InvalidCursorError } from '../../libs/platform/src/read-store/query';
import { CollectionSpec, ProjectionState, ReadStore, withoutIndexes } from '../../libs/platform/src/read-store/read-store';
import { SqliteReadStore } from '../../libs/platform/src/read-store/sqlite-read-store';
import { TextSearchQuery, textTerms } from '../../libs/platform/src/read-store/text-search';
import { skippedWithout } from '../support/server-suites';

interface Harness {
  open(): Promise<{ store: ReadStore; dispose: () => Promise<void> }>;
  teardown?: () => Promise<void>;
}

const harnesses: [string, Harness][] = [
  [
    'sqlite',
    {
      open: async () => {
        const dir = mkdtempSync(join(tmpdir(), 'read-store-text-'));
        const store = new SqliteReadStore({ file: join(dir, 'read.db') });
        return {
          store,
          dispose: async () => {
            await store.close();
            rmSync(dir, { recursive: true, force: true });
          },
        };
      },
    },
  ],
];
if (process.env.MONGO_URL) {
  const url = process.env.MONGO_URL;
  const dbName = freshMongoDbName();
  harnesses.push([
    'mongodb',
    {
      open: async () => {
        const store = await MongoReadStore.connect({ url, dbName });
        return { store, dispose: () => store.close() };
      },
      teardown: () => dropMongoDatabase(url, dbName),
    },
  ]);
} else {
  skippedWithout('MONGO_URL', 'text search contract: the MongoDB adapter');
}

let unique = 0;
const fresh = (base: string) => `${base}_${(unique += 1)}_${randomUUID().slice(0, 8)}_v1`;

const state = (name: string, checkpoint: bigint | null = null): ProjectionState => ({
  name,
  version: 1,
  generation: 0,
  checkpoint,
  status: 'running',
  error: null,
  updatedAt: '2024-05-01T10:00:00.000Z',
});

const SECTIONS = (name: string): CollectionSpec => ({ name, fields: ['spaceId', 'pageId'], text: { title: 4, body: 1 } });

const filler = (i: number) => `Paragraph ${i} talks about setup and configuration of the common tooling.`;

describe.each(harnesses)('ReadStore text search contract: %s', (_name, harness) => {
  let store: ReadStore;
  let dispose: () => Promise<void>;

  // One store for the suite, as one server keeps its store: the names are unique per test.
  beforeAll(async () => {
    ({ store, dispose } = await harness.open());
  });
  afterAll(async () => {
    await dispose();
    await harness.teardown?.();
  });

  /** A projection writing batches in order, like a runner. */
  function writer() {
    const projection = fresh('proj');
    let checkpoint: bigint | null = null;
    let saved = false;
    return async (apply: (w: { put(c: string, d: Doc): void; delete(c: string, id: string): void }) => void) => {
      if (!saved) {
        await store.saveProjectionState(state(projection));
        saved = true;
      }
      const next = (checkpoint ?? 0n) + 1n;
      await store.commitBatch({ name: projection, generation: 0, checkpoint }, next, async (w) => apply(w));
      checkpoint = next;
    };
  }

  async function seeded(
    docs: Doc[],
    spec: (name: string) => CollectionSpec = SECTIONS,
  ): Promise<{ c: string; write: ReturnType<typeof writer> }> {
    const c = fresh('sections');
    await store.ensureCollections([spec(c)]);
    const write = writer();
    await write((w) => {
      for (const d of docs) w.put(c, d);
    });
    return { c, write };
  }

  const search = (c: string, query: Partial<TextSearchQuery> & { text: string }) => store.search<Doc>(c, { limit: 20, ...query });
  const hitIds = async (c: string, query: Partial<TextSearchQuery> & { text: string }) =>
    (await search(c, query)).items.flatMap((g) => g.hits.map((h) => h.doc.id));

  it('ranks a title hit before a body hit, and finds words case- and accent-insensitively, stemmed', async () => {
    const { c } = await seeded([
      { id: 'body', spaceId: 's1', pageId: 'p1', title: 'Overview', body: 'How to deploy the webhooks of your project.' },
      { id: 'title', spaceId: 's1', pageId: 'p2', title: 'Webhooks', body: 'Everything you want to know.' },
      { id: 'none', spaceId: 's1', pageId: 'p3', title: 'Unrelated', body: 'Nothing here.' },
      ...Array.from({ length: 8 }, (_, i) => ({ id: `f${i}`, spaceId: 's1', pageId: `f${i}`, title: `Filler ${i}`, body: filler(i) })),
    ]);
    expect(await hitIds(c, { text: 'webhooks' })).toEqual(['title', 'body']);
    expect(await hitIds(c, { text: 'WEBHOOK' })).toEqual(['title', 'body']);
    expect(await hitIds(c, { text: 'deploying' })).toEqual(['body']);
    expect(await hitIds(c, { text: 'ovérview' })).toEqual(['body']);
  });

  it('weighs rarer words more: a document with the rare term outranks one with the common term', async () => {
    const docs = Array.from({ length: 12 }, (_, i) => ({
      id: `c${i}`,
      spaceId: 's',
      pageId: `c${i}`,
      title: `Page ${i}`,
      body: `${filler(i)} configuration`,
    }));
    const { c } = await seeded([
      ...docs,
      { id: 'rare', spaceId: 's', pageId: 'rare', title: 'Page rare', body: 'The quasar appears once.' },
    ]);
    const ids = await hitIds(c, { text: 'configuration quasar' });
    expect(ids[0]).toBe('rare');
    expect(ids).toHaveLength(13);
  });

  it('filters with equality and in on declared fields', async () => {
    const { c } = await seeded([
      { id: 'a', spaceId: 's1', pageId: 'p', title: 'Alpha', body: 'shared word' },
      { id: 'b', spaceId: 's2', pageId: 'p', title: 'Beta', body: 'shared word' },
      { id: 'c', spaceId: 's3', pageId: 'p', title: 'Gamma', body: 'shared word' },
    ]);
    expect((await hitIds(c, { text: 'shared', where: [{ field: 'spaceId', op: 'eq', value: 's2' }] })).sort()).toEqual(['b']);
    expect((await hitIds(c, { text: 'shared', where: [{ field: 'spaceId', op: 'in', values: ['s1', 's3'] }] })).sort()).toEqual(['a', 'c']);
    expect(await hitIds(c, { text: 'shared', where: [{ field: 'spaceId', op: 'in', values: [] }] })).toEqual([]);
  });

  it('groups hits by a field: groups ranked by their best hit, best hits first, at most perGroup each', async () => {
    const { c } = await seeded([
      { id: 'p1-0', spaceId: 's', pageId: 'p1', title: 'Intro', body: 'tokens' },
      { id: 'p1-1', spaceId: 's', pageId: 'p1', title: 'Tokens', body: 'tokens tokens' },
      { id: 'p1-2', spaceId: 's', pageId: 'p1', title: 'More', body: 'about tokens' },
      {
        id: 'p2-0',
        spaceId: 's',
        pageId: 'p2',
        title: 'Other',
        body: 'a long text that mentions tokens only once among many other words here',
      },
      ...Array.from({ length: 6 }, (_, i) => ({ id: `f${i}`, spaceId: 's', pageId: `f${i}`, title: `Filler ${i}`, body: filler(i) })),
    ]);
    const result = await search(c, { text: 'tokens', groupBy: 'pageId', perGroup: 2 });
    expect(result.count).toBe(2);
    expect(result.items.map((g) => [g.key, g.rank])).toEqual([
      ['p1', 1],
      ['p2', 2],
    ]);
    expect(result.items[0]!.hits.map((h) => h.doc.id)).toEqual(['p1-1', expect.any(String)]);
    expect(result.items[0]!.hits).toHaveLength(2);
    expect(result.items[0]!.score).toBe(result.items[0]!.hits[0]!.score);
    for (const group of result.items) for (const hit of group.hits) expect(hit.score).toBeGreaterThanOrEqual(0);
    expect(result.next).toBeUndefined();
  });

  it('pages the grouped ranking with an opaque cursor, keeping ranks, until the end', async () => {
    const docs = Array.from({ length: 7 }, (_, i) => ({
      id: `d${i}`,
      spaceId: 's',
      pageId: `p${i}`,
      title: `Doc ${i}`,
      body: `lorem ${'ipsum '.repeat(i + 1)}`,
    }));
    const { c } = await seeded(docs);
    const seen: [unknown, number][] = [];
    let after: string | undefined;
    for (let i = 0; i < 10; i++) {
      const page = await search(c, { text: 'lorem', groupBy: 'pageId', limit: 3, ...(after ? { after } : {}) });
      expect(page.count).toBe(7);
      seen.push(...page.items.map((g): [unknown, number] => [g.key, g.rank]));
      if (!page.next) break;
      after = page.next;
    }
    expect(seen.map(([, rank]) => rank)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(seen.map(([key]) => key)).size).toBe(7);
    await expect(search(c, { text: 'lorem', after: 'not-a-cursor' })).rejects.toBeInstanceOf(InvalidCursorError);
  });

  it('follows writes: an updated text is found by its new words only, a deleted document is gone', async () => {
    const { c, write } = await seeded([
      { id: 'a', spaceId: 's', pageId: 'p', title: 'Old title', body: 'original words' },
      { id: 'b', spaceId: 's', pageId: 'q', title: 'Keep', body: 'original words' },
    ]);
    await write((w) => {
      w.put(c, { id: 'a', spaceId: 's', pageId: 'p', title: 'New heading', body: 'replacement text' });
      w.delete(c, 'b');
    });
    expect(await hitIds(c, { text: 'original' })).toEqual([]);
    expect(await hitIds(c, { text: 'replacement heading' })).toEqual(['a']);
    // A metadata-only change keeps the document findable.
    await write((w) => w.put(c, { id: 'a', spaceId: 's2', pageId: 'p', title: 'New heading', body: 'replacement text' }));
    expect(await hitIds(c, { text: 'heading', where: [{ field: 'spaceId', op: 'eq', value: 's2' }] })).toEqual(['a']);
    // A ranking read before a write is not served after it.
    await write((w) => w.delete(c, 'a'));
    expect(await hitIds(c, { text: 'heading', where: [{ field: 'spaceId', op: 'eq', value: 's2' }] })).toEqual([]);
  });

  it('a failed batch leaves the index as it was', async () => {
    const c = fresh('sections');
    await store.ensureCollections([SECTIONS(c)]);
    const projection = fresh('proj');
    await store.saveProjectionState(state(projection));
    await store.commitBatch({ name: projection, generation: 0, checkpoint: null }, 1n, async (w) => {
      w.put(c, { id: 'a', spaceId: 's', pageId: 'p', title: 'Kept', body: 'stable' });
    });
    await expect(
      store.commitBatch({ name: projection, generation: 0, checkpoint: 1n }, 2n, async (w) => {
        w.put(c, { id: 'a', spaceId: 's', pageId: 'p', title: 'Changed', body: 'volatile' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await hitIds(c, { text: 'stable' })).toEqual(['a']);
    expect(await hitIds(c, { text: 'volatile' })).toEqual([]);
  });

  it('a replay loads without the index and builds it at the end; fields declared later are indexed from the documents', async () => {
    const c = fresh('sections');
    await store.ensureCollections([withoutIndexes(SECTIONS(c))]);
    const write = writer();
    await write((w) => w.put(c, { id: 'a', spaceId: 's', pageId: 'p', title: 'Replayed', body: 'rebuilt index', extra: 'later field' }));
    await store.ensureCollections([SECTIONS(c)]);
    expect(await hitIds(c, { text: 'rebuilt' })).toEqual(['a']);
    await write((w) => w.put(c, { id: 'b', spaceId: 's', pageId: 'q', title: 'After', body: 'rebuilt too' }));
    expect((await hitIds(c, { text: 'rebuilt' })).sort()).toEqual(['a', 'b']);
    expect(await hitIds(c, { text: 'later' })).toEqual([]);
    await store.ensureCollections([{ ...SECTIONS(c), text: { title: 4, body: 1, extra: 1 } }]);
    expect(await hitIds(c, { text: 'later' })).toEqual(['a']);
    expect((await hitIds(c, { text: 'rebuilt' })).sort()).toEqual(['a', 'b']);
  });

  it('dropping a collection drops its index', async () => {
    const { c } = await seeded([{ id: 'a', spaceId: 's', pageId: 'p', title: 'Gone', body: 'soon' }]);
    await store.dropCollection(c);
    expect(await hitIds(c, { text: 'soon' })).toEqual([]);
    await store.ensureCollections([SECTIONS(c)]);
    expect(await hitIds(c, { text: 'soon' })).toEqual([]);
  });

  it('answers nothing for a collection without text fields, an unknown one, or a text without words', async () => {
    const { c } = await seeded([{ id: 'a', title: 'words' }], (name) => ({ name, fields: ['title'] }));
    expect(await hitIds(c, { text: 'words' })).toEqual([]);
    expect(await hitIds(fresh('unknown'), { text: 'words' })).toEqual([]);
    const { c: d } = await seeded([{ id: 'a', spaceId: 's', pageId: 'p', title: 'x', body: 'y' }]);
    expect(await search(d, { text: '"*" -- () ' })).toEqual({ items: [], count: 0 });
  });

  it('reads user text as words, never as query syntax (property)', async () => {
    const { c } = await seeded([
      { id: 'near', spaceId: 's', pageId: 'p', title: 'NEAR and OR', body: 'a "quoted" (thing) with - dashes * stars and NOT words' },
      { id: 'u', spaceId: 's', pageId: 'q', title: 'Ünïcödé 東京', body: 'emoji 🚀 text' },
    ]);
    expect(await hitIds(c, { text: 'NEAR(' })).toEqual(['near']);
    expect(await hitIds(c, { text: '"quoted' })).toEqual(['near']);
    expect(await hitIds(c, { text: 'NOT' })).toEqual(['near']);
    expect(await hitIds(c, { text: '-dashes*' })).toEqual(['near']);
    expect(await hitIds(c, { text: 'unicode' })).toEqual(['u']);
    const special = fc.constantFrom(
      '"',
      "'",
      '*',
      '-',
      '+',
      '(',
      ')',
      'NEAR',
      'AND',
      'OR',
      'NOT',
      '^',
      ':',
      '\u0000',
      '{',
      '}',
      ' ',
      '東',
      '🚀',
      'é',
      '\u0301',
    );
    const text = fc
      .array(fc.oneof(fc.string({ maxLength: 8 }), fc.string({ unit: 'grapheme', maxLength: 4 }), special), { maxLength: 64 })
      .map((parts) => parts.join('').slice(0, 512));
    await fc.assert(
      fc.asyncProperty(text, async (t) => {
        const result = await search(c, { text: t, groupBy: 'pageId', limit: 5 });
        expect(result.count).toBeGreaterThanOrEqual(0);
        expect(textTerms(t).length).toBeLessThanOrEqual(32);
      }),
      { numRuns: 300 },
    );
  });

  it('a collection scoped by spaceId finds what an unscoped one finds, and ranks as its own unscoped search (property)', async () => {
    // Ids (one ASCII word, matched in the index), ids differing only in case (one word to the
    // tokenizer), and values the index does not match (several words, punctuation, no word at all).
    const spaces = ['s1', 'S1', 'uZqE1RN4', 'space2', 'space two', 'sp-3', '"q"', '…', 'Ünï'];
    const words = ['setup', 'deploy', 'webhooks', 'quasar', 'near', 'or'];
    const doc = fc.record({
      space: fc.constantFrom(...spaces),
      page: fc.constantFrom('p1', 'p2', 'p3'),
      title: fc.array(fc.constantFrom(...words), { maxLength: 3 }).map((w) => w.join(' ')),
      body: fc.array(fc.constantFrom(...words), { maxLength: 8 }).map((w) => w.join(' ')),
    });
    const spacesIn = fc.oneof(
      fc.constantFrom(...spaces).map((space) => [space]),
      fc.subarray(spaces),
    );
    // More values than a search matches in the index (16): the same filter, searched unscoped.
    const unmatched = Array.from({ length: 17 }, (_, i) => `unmatched ${i}`);
    await fc.assert(
      fc.asyncProperty(
        fc.array(doc, { minLength: 1, maxLength: 25 }),
        spacesIn,
        fc.boolean(),
        fc.constantFrom(...words, 'setup quasar', 'nothing'),
        fc.constantFrom('id', 'pageId'),
        async (docs, values, asEq, text, groupBy) => {
          const rows = docs.map((d, i) => ({ id: `d${i}`, spaceId: d.space, pageId: d.page, title: d.title, body: d.body }));
          const plain = await seeded(rows);
          const scoped = await seeded(rows, (name) => ({ ...SECTIONS(name), textScope: 'spaceId' }));
          const where: Filter =
            asEq && values.length === 1 ? { field: 'spaceId', op: 'eq', value: values[0]! } : { field: 'spaceId', op: 'in', values };
          const query = { text, where: [where], groupBy, perGroup: 100, limit: 50 };
          const shape = (r: Awaited<ReturnType<typeof search>>) =>
            r.items.map((g) => [g.key, g.rank, g.hits.map((h) => [h.doc.id, h.score])]);
          // Scoped in the index or filtered after the match: the very same answer, scores included.
          const inIndex = await search(scoped.c, query);
          const filtered = await search(scoped.c, { ...query, where: [{ field: 'spaceId', op: 'in', values: [...values, ...unmatched] }] });
          expect(shape(inIndex)).toEqual(shape(filtered));
          expect(inIndex.count).toBe(filtered.count);
          // Against a collection without the scope: the same hits. The scope's words count in BM25's
          // length normalisation (one more word per row for an id), so near ties may rank otherwise.
          const ids = (r: Awaited<ReturnType<typeof search>>) => r.items.flatMap((g) => g.hits.map((h) => h.doc.id)).sort();
          const unscoped = await search(plain.c, query);
          expect(ids(inIndex)).toEqual(ids(unscoped));
          expect(inIndex.count).toBe(unscoped.count);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('keeps a scoped index through writes, deletes and a replay built at the end', async () => {
    const spec = (name: string): CollectionSpec => ({ ...SECTIONS(name), textScope: 'spaceId' });
    const { c, write } = await seeded([{ id: 'a', spaceId: 's1', pageId: 'p', title: 'Alpha', body: 'shared' }], spec);
    await write((w) => w.put(c, { id: 'a', spaceId: 's2', pageId: 'p', title: 'Alpha', body: 'shared' }));
    const inSpace = (space: string) => hitIds(c, { text: 'shared', where: [{ field: 'spaceId', op: 'eq', value: space }] });
    expect(await inSpace('s1')).toEqual([]);
    expect(await inSpace('s2')).toEqual(['a']);
    await write((w) => w.delete(c, 'a'));
    expect(await inSpace('s2')).toEqual([]);

    const rebuilt = fresh('sections');
    await store.ensureCollections([withoutIndexes(spec(rebuilt))]);
    await writer()((w) => w.put(rebuilt, { id: 'b', spaceId: 's3', pageId: 'p', title: 'Beta', body: 'shared' }));
    await store.ensureCollections([spec(rebuilt)]);
    expect(await hitIds(rebuilt, { text: 'shared', where: [{ field: 'spaceId', op: 'eq', value: 's3' }] })).toEqual(['b']);

    // A collection indexed before it declared a scope gets its index rebuilt with the scope.
    const older = await seeded([
      { id: 'c', spaceId: 's4', pageId: 'p', title: 'Gamma', body: 'shared' },
      { id: 'd', spaceId: 's5', pageId: 'p', title: 'Delta', body: 'shared' },
    ]);
    await store.ensureCollections([spec(older.c)]);
    expect(await hitIds(older.c, { text: 'shared', where: [{ field: 'spaceId', op: 'eq', value: 's5' }] })).toEqual(['d']);
    await older.write((w) => w.put(older.c, { id: 'e', spaceId: 's5', pageId: 'q', title: 'Epsilon', body: 'shared' }));
    expect((await hitIds(older.c, { text: 'shared', where: [{ field: 'spaceId', op: 'in', values: ['s5'] }] })).sort()).toEqual(['d', 'e']);
  });
});
