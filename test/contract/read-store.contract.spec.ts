/**
 * Contract of the ReadStore port (DESIGN.md, "Ports and adapters"): every adapter must pass it.
 * SQLite always runs (a fresh file for the suite); MongoDB runs when MONGO_URL is set, in a database
 * of its own for this run that is dropped at the end. Each adapter opens one store for the suite;
 * collection and projection names are unique per test, so tests never see each other's documents.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropMongoDatabase, freshMongoDbName } from './support/mongo';
import { encodeCursor } from '../../libs/platform/src/read-store/cursor';
import { MongoReadStore } from '../../libs/platform/src/mongodb/mongo-read-store';
import { Doc, Filter, FindQuery, InvalidCursorError } from '../../libs/platform/src/read-store/query';
import { CheckpointMovedError, CollectionSpec, ReadStore, withoutIndexes } from '../../libs/platform/src/read-store/read-store';
import { SqliteReadStore } from '../../libs/platform/src/read-store/sqlite-read-store';
import { startingState as state } from '../../libs/platform/src/testing/sqlite-read-store-per-test';
import { skippedWithout } from '../support/server-suites';

interface Harness {
  open(): Promise<{ store: ReadStore; dispose: () => Promise<void> }>;
  /** Called once after the suite. */
  teardown?: () => Promise<void>;
}

const harnesses: [string, Harness][] = [
  [
    'sqlite',
    {
      open: async () => {
        const dir = mkdtempSync(join(tmpdir(), 'read-store-contract-'));
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
  skippedWithout('MONGO_URL', 'read store contract: the MongoDB adapter');
}

let unique = 0;
/** A name no other test uses: `docs_3_v1`. */
function fresh(base: string): string {
  unique += 1;
  return `${base}_${unique}_${randomUUID().slice(0, 8)}_v1`;
}

const people: Doc[] = [
  { id: 'a', title: 'Alpha Guide', rank: 3, tags: ['x', 'y'], owner: { name: 'Ann', team: 't1' }, archived: false },
  { id: 'b', title: 'beta notes', rank: 1, tags: ['y'], owner: { name: 'Bob', team: 't2' }, archived: true },
  { id: 'c', title: 'Gamma', rank: 3, tags: [], owner: { name: 'Cid', team: 't1' }, archived: false, note: null },
  { id: 'd', title: 'delta ALPHA', rank: 2, owner: { name: 'Dee' }, archived: false, note: 'n' },
  { id: 'e', title: '100% a_b', rank: 5, tags: ['z'] },
  { id: 'f', title: 'C++ (draft).', rank: 4, tags: ['x'] },
];

describe.each(harnesses)('ReadStore contract: %s', (_name, harness) => {
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

  /** Writes documents through a projection batch (the only write path), returning the projection. */
  async function seed(collection: string, docs: Doc[], declared: string[] | Omit<CollectionSpec, 'name'> = []): Promise<string> {
    await store.ensureCollections([{ name: collection, ...(Array.isArray(declared) ? { indexes: declared } : declared) }]);
    const projection = fresh('seed');
    await store.saveProjectionState(state(projection));
    await store.commitBatch({ name: projection, generation: 0, checkpoint: null }, 1n, async (writer) => {
      for (const doc of docs) writer.put(collection, doc);
    });
    return projection;
  }

  async function ids(collection: string, query: Partial<FindQuery>): Promise<string[]> {
    const result = await store.find(collection, { limit: 100, ...query });
    return result.items.map((d) => d.id);
  }

  /** Every page of a query, following `next`. */
  async function allPages(collection: string, query: FindQuery): Promise<{ pages: Doc[][]; counts: number[] }> {
    const pages: Doc[][] = [];
    const counts: number[] = [];
    let after: string | undefined;
    for (let i = 0; i < 100; i += 1) {
      const page = await store.find(collection, { ...query, ...(after ? { after } : {}) });
      pages.push(page.items);
      counts.push(page.count);
      if (!page.next) return { pages, counts };
      after = page.next;
    }
    throw new Error('paging did not end');
  }

  describe('documents', () => {
    it('get returns a stored document as written, and null for an unknown id or collection', async () => {
      const c = fresh('docs');
      await seed(c, people);
      expect(await store.get(c, 'a')).toEqual(people[0]);
      expect(await store.get(c, 'd')).toEqual(people[3]);
      expect(await store.get(c, 'zz')).toBeNull();
      expect(await store.get(fresh('never'), 'a')).toBeNull();
    });

    it('getMany returns the found documents in the order asked', async () => {
      const c = fresh('docs');
      await seed(c, people);
      const found = await store.getMany(c, ['f', 'zz', 'a', 'c']);
      expect(found).toEqual([people[5], people[0], people[2]]);
      expect(await store.getMany(c, [])).toEqual([]);
      expect(await store.getMany(fresh('never'), ['a'])).toEqual([]);
    });

    it('answers empty for a collection nobody wrote', async () => {
      const c = fresh('never');
      expect(await store.find(c, { limit: 10 })).toEqual({ items: [], count: 0 });
      expect(await store.count(c, {})).toBe(0);
    });

    it('ensureCollections may be called repeatedly, with indexes on dotted fields', async () => {
      const c = fresh('docs');
      await store.ensureCollections([{ name: c, indexes: ['rank', 'owner.team'] }]);
      await store.ensureCollections([{ name: c, indexes: ['rank', 'owner.team', 'title'] }]);
      await seed(c, people, ['rank']);
      expect(await ids(c, { where: [{ field: 'owner.team', op: 'eq', value: 't1' }], sort: { field: 'rank', direction: 'asc' } })).toEqual([
        'a',
        'c',
      ]);
    });

    it('dropCollection removes the documents; dropping an unknown collection is fine', async () => {
      const c = fresh('docs');
      await seed(c, people);
      await store.dropCollection(c);
      expect(await store.get(c, 'a')).toBeNull();
      expect(await store.find(c, { limit: 10 })).toEqual({ items: [], count: 0 });
      expect(await store.count(c, {})).toBe(0);
      await store.dropCollection(c);
      await store.dropCollection(fresh('never'));
      // The collection can be written again after a drop.
      await seed(c, [people[1]!]);
      expect(await ids(c, {})).toEqual(['b']);
    });
  });

  /** The same documents and queries, on JSON-expression indexes and on declared fields, search and counters. */
  const layouts: [string, Omit<CollectionSpec, 'name'>][] = [
    ['single-field indexes', { indexes: ['rank', 'owner.team', 'title'] }],
    [
      'declared fields, composite indexes, search and counts',
      {
        fields: ['title', 'archived', 'note', 'tags'],
        indexes: [['owner.team', 'rank'], ['archived', 'rank'], 'title', ['owner.name']],
        search: ['title', 'owner.name'],
        counts: [['rank'], ['owner.team'], ['archived'], ['note'], ['archived', 'owner.team'], []],
      },
    ],
  ];

  describe.each(layouts)('query operators (%s)', (_layout, declared) => {
    let c: string;
    beforeEach(async () => {
      c = fresh('people');
      await seed(c, people, declared);
    });

    const cases: [string, Filter[], string[]][] = [
      ['eq string', [{ field: 'title', op: 'eq', value: 'Gamma' }], ['c']],
      ['eq is case-sensitive', [{ field: 'title', op: 'eq', value: 'gamma' }], []],
      ['eq number', [{ field: 'rank', op: 'eq', value: 3 }], ['a', 'c']],
      ['eq true', [{ field: 'archived', op: 'eq', value: true }], ['b']],
      ['eq false', [{ field: 'archived', op: 'eq', value: false }], ['a', 'c', 'd']],
      ['eq on a dotted field', [{ field: 'owner.team', op: 'eq', value: 't1' }], ['a', 'c']],
      ['eq null matches null and absent', [{ field: 'note', op: 'eq', value: null }], ['a', 'b', 'c', 'e', 'f']],
      ['eq on id', [{ field: 'id', op: 'eq', value: 'd' }], ['d']],
      ['ne (absent counts as different)', [{ field: 'owner.team', op: 'ne', value: 't1' }], ['b', 'd', 'e', 'f']],
      ['ne number', [{ field: 'rank', op: 'ne', value: 3 }], ['b', 'd', 'e', 'f']],
      ['in strings on a dotted field', [{ field: 'owner.name', op: 'in', values: ['Ann', 'Dee', 'Zed'] }], ['a', 'd']],
      ['in numbers', [{ field: 'rank', op: 'in', values: [1, 5] }], ['b', 'e']],
      ['in on id', [{ field: 'id', op: 'in', values: ['f', 'b'] }], ['b', 'f']],
      ['in with no values', [{ field: 'rank', op: 'in', values: [] }], []],
      ['contains', [{ field: 'tags', op: 'contains', value: 'y' }], ['a', 'b']],
      ['contains another', [{ field: 'tags', op: 'contains', value: 'x' }], ['a', 'f']],
      ['contains nothing', [{ field: 'tags', op: 'contains', value: 'nope' }], []],
      ['ilike is a case-insensitive substring', [{ field: 'title', op: 'ilike', value: 'alpha' }], ['a', 'd']],
      ['ilike upper-case needle', [{ field: 'title', op: 'ilike', value: 'NOTES' }], ['b']],
      ['ilike on a dotted field', [{ field: 'owner.name', op: 'ilike', value: 'e' }], ['d']],
      ['ilike treats % and _ literally', [{ field: 'title', op: 'ilike', value: '% a_' }], ['e']],
      ['ilike does not match % as a wildcard', [{ field: 'title', op: 'ilike', value: 'a%e' }], []],
      ['ilike treats regex characters literally', [{ field: 'title', op: 'ilike', value: '++ (d' }], ['f']],
      ['ilike dot is literal', [{ field: 'title', op: 'ilike', value: '.' }], ['f']],
      ['gt', [{ field: 'rank', op: 'gt', value: 3 }], ['e', 'f']],
      ['gte', [{ field: 'rank', op: 'gte', value: 3 }], ['a', 'c', 'e', 'f']],
      ['lt', [{ field: 'rank', op: 'lt', value: 2 }], ['b']],
      ['lte', [{ field: 'rank', op: 'lte', value: 2 }], ['b', 'd']],
      ['string range on a dotted field', [{ field: 'owner.name', op: 'lt', value: 'C' }], ['a', 'b']],
      [
        'range pair',
        [
          { field: 'rank', op: 'gt', value: 1 },
          { field: 'rank', op: 'lte', value: 3 },
        ],
        ['a', 'c', 'd'],
      ],
      ['exists true', [{ field: 'archived', op: 'exists', value: true }], ['a', 'b', 'c', 'd']],
      ['exists false', [{ field: 'archived', op: 'exists', value: false }], ['e', 'f']],
      ['exists true excludes null', [{ field: 'note', op: 'exists', value: true }], ['d']],
      ['exists false includes null', [{ field: 'note', op: 'exists', value: false }], ['a', 'b', 'c', 'e', 'f']],
      ['exists on a dotted field', [{ field: 'owner.team', op: 'exists', value: false }], ['d', 'e', 'f']],
      [
        'or of single filters',
        [{ op: 'or', any: [[{ field: 'owner.team', op: 'eq', value: 't2' }], [{ field: 'rank', op: 'gte', value: 5 }]] }],
        ['b', 'e'],
      ],
      [
        'or groups are ANDs',
        [
          {
            op: 'or',
            any: [
              [
                { field: 'owner.team', op: 'eq', value: 't1' },
                { field: 'title', op: 'ilike', value: 'gam' },
              ],
              [
                { field: 'tags', op: 'contains', value: 'z' },
                { field: 'rank', op: 'eq', value: 5 },
              ],
              [
                { field: 'tags', op: 'contains', value: 'x' },
                { field: 'rank', op: 'eq', value: 99 },
              ],
            ],
          },
        ],
        ['c', 'e'],
      ],
      [
        'or combined with other filters',
        [
          { field: 'archived', op: 'eq', value: false },
          { op: 'or', any: [[{ field: 'rank', op: 'eq', value: 3 }], [{ field: 'rank', op: 'eq', value: 2 }]] },
        ],
        ['a', 'c', 'd'],
      ],
      ['or with no groups matches nothing', [{ op: 'or', any: [] }], []],
      [
        'two equalities (a count scope)',
        [
          { field: 'archived', op: 'eq', value: false },
          { field: 'owner.team', op: 'eq', value: 't1' },
        ],
        ['a', 'c'],
      ],
      [
        'equality on a missing value (a count scope)',
        [
          { field: 'archived', op: 'eq', value: null },
          { field: 'owner.team', op: 'eq', value: null },
        ],
        ['e', 'f'],
      ],
      [
        'the same field twice',
        [
          { field: 'rank', op: 'eq', value: 3 },
          { field: 'rank', op: 'eq', value: 1 },
        ],
        [],
      ],
      [
        'several filters are ANDed',
        [
          { field: 'rank', op: 'gte', value: 2 },
          { field: 'tags', op: 'contains', value: 'x' },
          { field: 'title', op: 'ilike', value: 'c' },
        ],
        ['f'],
      ],
    ];

    it.each(cases)('%s', async (_label, where, expected) => {
      expect(await ids(c, { where })).toEqual(expected);
      expect(await store.count(c, { where })).toBe(expected.length);
      expect((await store.find(c, { where, limit: 1 })).count).toBe(expected.length);
    });

    it('ilike folds letters beyond ASCII, as MongoDB does', async () => {
      const names = fresh('names');
      await seed(
        names,
        [
          { id: 'u1', name: 'Émile ÜBER' },
          { id: 'u2', name: 'emile uber' },
          { id: 'u3', name: 'ΣΟΦΙΑ' },
        ],
        declared.search ? { search: ['name'], indexes: [['kind', 'name']] } : [],
      );
      expect(await ids(names, { where: [{ field: 'name', op: 'ilike', value: 'émile' }] })).toEqual(['u1']);
      expect(await ids(names, { where: [{ field: 'name', op: 'ilike', value: 'Über' }] })).toEqual(['u1']);
      expect(await ids(names, { where: [{ field: 'name', op: 'ilike', value: 'uber' }] })).toEqual(['u2']);
      expect(await ids(names, { where: [{ field: 'name', op: 'ilike', value: 'σοφ' }] })).toEqual(['u3']);
    });

    it('count without filters counts the collection', async () => {
      expect(await store.count(c, {})).toBe(people.length);
      expect(await store.count(c, { where: [] })).toBe(people.length);
    });

    it('rejects field names that are not plain dotted identifiers', async () => {
      await expect(store.find(c, { where: [{ field: "title') OR 1=1 --", op: 'eq', value: 'x' }], limit: 10 })).rejects.toThrow(
        /invalid field name/,
      );
      await expect(store.find(c, { sort: { field: '$where', direction: 'asc' }, limit: 10 })).rejects.toThrow(/invalid field name/);
    });
  });

  describe('sort', () => {
    let c: string;
    beforeEach(async () => {
      c = fresh('people');
      await seed(c, [...people].reverse());
    });

    it('defaults to id ascending', async () => {
      expect(await ids(c, {})).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    });

    it('sorts by id descending', async () => {
      expect(await ids(c, { sort: { field: 'id', direction: 'desc' } })).toEqual(['f', 'e', 'd', 'c', 'b', 'a']);
    });

    it('sorts by a number ascending with id breaking ties', async () => {
      expect(await ids(c, { sort: { field: 'rank', direction: 'asc' } })).toEqual(['b', 'd', 'a', 'c', 'f', 'e']);
    });

    it('sorts by a number descending with id (descending) breaking ties', async () => {
      expect(await ids(c, { sort: { field: 'rank', direction: 'desc' } })).toEqual(['e', 'f', 'c', 'a', 'd', 'b']);
    });

    it('sorts by a string', async () => {
      expect(await ids(c, { sort: { field: 'owner.name', direction: 'desc' } })).toEqual(['d', 'c', 'b', 'a']);
    });

    it('leaves out documents lacking the sort field (absent or null)', async () => {
      expect(await ids(c, { sort: { field: 'owner.team', direction: 'asc' } })).toEqual(['a', 'c', 'b']);
      expect(await ids(c, { sort: { field: 'note', direction: 'asc' } })).toEqual(['d']);
      expect(await ids(c, { sort: { field: 'nothing', direction: 'asc' } })).toEqual([]);
    });

    it('count is the number matching where, whatever the sort leaves out', async () => {
      const result = await store.find(c, { sort: { field: 'owner.team', direction: 'asc' }, limit: 10 });
      expect(result.items).toHaveLength(3);
      expect(result.count).toBe(people.length);
    });

    it('sorts and filters together', async () => {
      expect(await ids(c, { where: [{ field: 'archived', op: 'eq', value: false }], sort: { field: 'rank', direction: 'desc' } })).toEqual([
        'c',
        'a',
        'd',
      ]);
    });
  });

  describe('keyset paging', () => {
    const many: Doc[] = Array.from({ length: 23 }, (_, i) => ({
      id: `doc-${String((i * 7) % 23).padStart(2, '0')}`,
      group: i % 4,
      name: `n${String(i).padStart(2, '0')}`,
      even: i % 2 === 0,
    }));
    const byGroupThenId = (direction: 'asc' | 'desc') =>
      [...many]
        .sort((x, y) => (x.group as number) - (y.group as number) || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))
        .map((d) => d.id)
        [direction === 'asc' ? 'slice' : 'reverse']();

    let c: string;
    beforeEach(async () => {
      c = fresh('many');
      await seed(c, many, ['group']);
    });

    it.each(['asc', 'desc'] as const)('pages through ties by a sort field (%s) without gaps or repeats', async (direction) => {
      const { pages, counts } = await allPages(c, { sort: { field: 'group', direction }, limit: 4 });
      expect(pages.map((p) => p.length)).toEqual([4, 4, 4, 4, 4, 3]);
      expect(pages.flat().map((d) => d.id)).toEqual(byGroupThenId(direction));
      expect(counts.every((n) => n === 23)).toBe(true);
    });

    it('pages by id', async () => {
      const { pages } = await allPages(c, { limit: 5 });
      const seen = pages.flat().map((d) => d.id);
      expect(seen).toEqual(many.map((d) => d.id).sort());
      const { pages: down } = await allPages(c, { sort: { field: 'id', direction: 'desc' }, limit: 6 });
      expect(down.flat().map((d) => d.id)).toEqual(
        many
          .map((d) => d.id)
          .sort()
          .reverse(),
      );
    });

    it('pages a filtered query; count stays the filtered total', async () => {
      const where: Filter[] = [{ field: 'even', op: 'eq', value: true }];
      const { pages, counts } = await allPages(c, { where, sort: { field: 'name', direction: 'desc' }, limit: 5 });
      const expected = many
        .filter((d) => d.even)
        .sort((x, y) => (x.name! < y.name! ? 1 : -1))
        .map((d) => d.id);
      expect(pages.flat().map((d) => d.id)).toEqual(expected);
      expect(counts.every((n) => n === 12)).toBe(true);
      expect(pages).toHaveLength(3);
    });

    it('gives no next when the last page is exactly full', async () => {
      const first = await store.find(c, { where: [{ field: 'group', op: 'eq', value: 0 }], limit: 3 });
      expect(first.count).toBe(6);
      expect(first.next).toBeDefined();
      const second = await store.find(c, { where: [{ field: 'group', op: 'eq', value: 0 }], limit: 3, after: first.next });
      expect(second.items).toHaveLength(3);
      expect(second.next).toBeUndefined();
      const all = await store.find(c, { limit: 23 });
      expect(all.items).toHaveLength(23);
      expect(all.next).toBeUndefined();
    });

    it('a cursor positions after a document even once it is gone', async () => {
      const first = await store.find(c, { sort: { field: 'group', direction: 'asc' }, limit: 2 });
      const projection = fresh('gone');
      await store.saveProjectionState(state(projection));
      await store.commitBatch({ name: projection, generation: 0, checkpoint: null }, 1n, async (writer) => {
        writer.delete(c, first.items[1]!.id);
      });
      const second = await store.find(c, { sort: { field: 'group', direction: 'asc' }, limit: 2, after: first.next });
      expect(second.items.map((d) => d.id)).toEqual(byGroupThenId('asc').slice(2, 4));
    });

    it('rejects an invalid cursor with InvalidCursorError', async () => {
      await expect(store.find(c, { limit: 2, after: 'not a cursor!' })).rejects.toBeInstanceOf(InvalidCursorError);
      const wrongShape = Buffer.from(JSON.stringify({ value: 1 }), 'utf8').toString('base64url');
      await expect(store.find(c, { limit: 2, after: wrongShape })).rejects.toBeInstanceOf(InvalidCursorError);
      await expect(
        store.find(c, { limit: 2, after: encodeCursor({ value: 1, id: 'doc-03' }), sort: { field: 'group', direction: 'asc' } }),
      ).resolves.toBeDefined();
    });
  });

  it('setProjectionStatus changes only the status and error, and says whether there was a state', async () => {
    const projection = fresh('status');
    expect(await store.setProjectionStatus(projection, 'stopped', null)).toBe(false);
    expect(await store.getProjectionState(projection)).toBeNull();
    await store.saveProjectionState(state(projection));
    await store.commitBatch({ name: projection, generation: 0, checkpoint: null }, 7n, async () => undefined);
    expect(await store.setProjectionStatus(projection, 'stopped', 'paused by an operator')).toBe(true);
    expect(await store.getProjectionState(projection)).toMatchObject({
      generation: 0,
      checkpoint: 7n,
      status: 'stopped',
      error: 'paused by an operator',
    });
    // A batch keeps the status an operator set.
    await store.commitBatch({ name: projection, generation: 0, checkpoint: 7n }, 9n, async () => undefined);
    expect(await store.getProjectionState(projection)).toMatchObject({ checkpoint: 9n, status: 'stopped' });
  });

  describe('declared fields, composite indexes and counters', () => {
    const spec = (name: string): CollectionSpec => ({
      name,
      indexes: [['org', 'createdAt'], ['org', 'role', 'createdAt'], ['user']],
      search: ['name', 'email'],
      counts: [['org'], ['org', 'role']],
    });
    const member = (id: string, org: string, role: string, n: number, name = `Member ${id}`): Doc => ({
      id,
      org,
      role,
      user: `u-${id}`,
      name,
      email: `${id}@example.com`,
      createdAt: `2024-01-01T00:00:${String(n % 60).padStart(2, '0')}.000Z`,
    });
    const initial = [
      member('m1', 'o1', 'admin', 1),
      member('m2', 'o1', 'read', 2),
      member('m3', 'o1', 'read', 3),
      member('m4', 'o2', 'read', 4),
    ];

    let c: string;
    let projection: string;
    let checkpoint: bigint;
    beforeEach(async () => {
      c = fresh('members');
      await store.ensureCollections([spec(c)]);
      projection = fresh('members_proj');
      await store.saveProjectionState(state(projection));
      checkpoint = 1n;
      await store.commitBatch({ name: projection, generation: 0, checkpoint: null }, checkpoint, async (w) => {
        for (const d of initial) w.put(c, d);
      });
    });

    async function batch(apply: (w: Parameters<Parameters<ReadStore['commitBatch']>[2]>[0]) => Promise<void> | void): Promise<void> {
      await store.commitBatch({ name: projection, generation: 0, checkpoint }, checkpoint + 1n, async (w) => apply(w));
      checkpoint += 1n;
    }

    const byOrg = (org: string): Filter[] => [{ field: 'org', op: 'eq', value: org }];
    const byOrgRole = (org: string, role: string): Filter[] => [...byOrg(org), { field: 'role', op: 'eq', value: role }];

    async function counts(): Promise<Record<string, number>> {
      const out: Record<string, number> = {};
      for (const org of ['o1', 'o2', 'o3']) {
        out[org] = await store.count(c, { where: byOrg(org) });
        expect((await store.find(c, { where: byOrg(org), limit: 1 })).count).toBe(out[org]);
        for (const role of ['admin', 'read']) {
          const n = await store.count(c, { where: byOrgRole(org, role) });
          if (n > 0) out[`${org}/${role}`] = n;
        }
      }
      return out;
    }

    it('counts per scope after the first batch', async () => {
      expect(await counts()).toEqual({ o1: 3, 'o1/admin': 1, 'o1/read': 2, o2: 1, 'o2/read': 1, o3: 0 });
    });

    it('put, delete and replace move documents between scopes', async () => {
      await batch((w) => {
        w.put(c, { ...initial[1]!, org: 'o2' }); // o1 -> o2
        w.put(c, { ...initial[0]!, role: 'read' }); // admin -> read in o1
        w.delete(c, 'm3');
        w.delete(c, 'never-there');
        w.put(c, member('m5', 'o3', 'admin', 5));
        w.put(c, { ...initial[3]!, name: 'Renamed' }); // same scope
      });
      expect(await counts()).toEqual({ o1: 1, 'o1/read': 1, o2: 2, 'o2/read': 2, o3: 1, 'o3/admin': 1 });
      // A document put and deleted in one batch, and one moved twice, count once where they end.
      await batch((w) => {
        w.put(c, member('m6', 'o1', 'read', 6));
        w.delete(c, 'm6');
        w.put(c, { ...initial[3]!, org: 'o1' });
        w.put(c, { ...initial[3]!, org: 'o3' });
      });
      expect(await counts()).toEqual({ o1: 1, 'o1/read': 1, o2: 1, 'o2/read': 1, o3: 2, 'o3/admin': 1, 'o3/read': 1 });
    });

    it('the writer counts its own pending writes', async () => {
      await batch(async (w) => {
        w.put(c, member('m7', 'o1', 'read', 7));
        w.delete(c, 'm1');
        expect((await w.find(c, { where: byOrg('o1'), limit: 1 })).count).toBe(3);
        expect((await w.find(c, { where: byOrgRole('o1', 'admin'), limit: 1 })).count).toBe(0);
      });
      expect(await counts()).toEqual({ o1: 3, 'o1/read': 3, o2: 1, 'o2/read': 1, o3: 0 });
    });

    it('a failed batch leaves documents and counters untouched', async () => {
      const before = await counts();
      const failing = store.commitBatch({ name: projection, generation: 0, checkpoint }, checkpoint + 1n, async (w) => {
        w.put(c, member('m8', 'o1', 'admin', 8));
        w.put(c, { ...initial[0]!, org: 'o3' });
        w.delete(c, 'm4');
        await w.find(c, { where: byOrg('o1'), limit: 1 }); // writes the batch so far, inside the transaction
        throw new Error('projection bug');
      });
      await expect(failing).rejects.toThrow('projection bug');
      expect(await counts()).toEqual(before);
      expect(await store.get(c, 'm8')).toBeNull();
    });

    it('pages a scope in (sort field, id) order with stable cursors, count from the scope', async () => {
      const docs = Array.from({ length: 30 }, (_, i) =>
        member(`p${String(i).padStart(2, '0')}`, i % 3 === 0 ? 'o9' : 'o8', i % 2 ? 'read' : 'admin', i % 7),
      );
      await batch((w) => {
        for (const d of docs) w.put(c, d);
      });
      for (const direction of ['asc', 'desc'] as const) {
        const { pages, counts: seen } = await allPages(c, { where: byOrg('o8'), sort: { field: 'createdAt', direction }, limit: 6 });
        const expected = docs
          .filter((d) => d.org === 'o8')
          .sort((x, y) =>
            (x.createdAt as string) < (y.createdAt as string)
              ? -1
              : (x.createdAt as string) > (y.createdAt as string)
                ? 1
                : x.id < y.id
                  ? -1
                  : 1,
          )
          .map((d) => d.id);
        expect(pages.flat().map((d) => d.id)).toEqual(direction === 'asc' ? expected : expected.reverse());
        expect(seen.every((n) => n === 20)).toBe(true);
      }
      const admins = await allPages(c, { where: byOrgRole('o8', 'admin'), sort: { field: 'createdAt', direction: 'desc' }, limit: 4 });
      expect(admins.pages.flat()).toHaveLength(10);
      expect(admins.counts.every((n) => n === 10)).toBe(true);
    });

    it('searches the declared fields case-insensitively within a scope; count is exact', async () => {
      await batch((w) => {
        w.put(c, member('s1', 'o5', 'read', 1, 'Émile Zola'));
        w.put(c, member('s2', 'o5', 'read', 2, 'Zoé'));
        w.put(c, member('s3', 'o6', 'read', 3, 'Émile Other'));
        w.put(c, { ...member('s4', 'o5', 'read', 4, 'Plain'), email: 'EMILE@example.com' });
      });
      const search = (needle: string): Filter[] => [
        ...byOrg('o5'),
        { op: 'or', any: [[{ field: 'name', op: 'ilike', value: needle }], [{ field: 'email', op: 'ilike', value: needle }]] },
      ];
      const found = await store.find(c, { where: search('ÉMILE'), sort: { field: 'createdAt', direction: 'asc' }, limit: 10 });
      expect(found.items.map((d) => d.id)).toEqual(['s1']);
      expect(found.count).toBe(1);
      const page = await store.find(c, { where: search('emile'), sort: { field: 'createdAt', direction: 'asc' }, limit: 1 });
      expect(page.items.map((d) => d.id)).toEqual(['s4']);
      expect(page.count).toBe(1);
      expect(await store.count(c, { where: search('zo') })).toBe(2);
      // A renamed document is found by its new name only.
      await batch((w) => w.put(c, { ...member('s2', 'o5', 'read', 2, 'Renée') }));
      expect(await store.count(c, { where: search('zoé') })).toBe(0);
      expect(await store.count(c, { where: search('RENÉE') })).toBe(1);
    });

    it('a replay into a new generation counts on its own; dropping a generation drops its counters', async () => {
      const next = fresh('members_g1');
      await store.ensureCollections([withoutIndexes(spec(next))]);
      const replay = fresh('replay');
      await store.saveProjectionState(state(replay));
      await store.commitBatch({ name: replay, generation: 0, checkpoint: null }, 1n, async (w) => {
        for (const d of initial) w.put(next, d);
        w.put(next, member('m9', 'o1', 'admin', 9));
      });
      await store.ensureCollections([spec(next)]); // indexes and counters built after loading
      expect(await store.count(next, { where: byOrg('o1') })).toBe(4);
      expect(await store.count(next, { where: byOrgRole('o1', 'admin') })).toBe(2);
      expect(await store.count(c, { where: byOrg('o1') })).toBe(3);
      await store.dropCollection(c);
      expect(await store.count(c, { where: byOrg('o1') })).toBe(0);
      expect(await store.count(next, { where: byOrg('o1') })).toBe(4);
      // Written again after the drop, it counts from zero.
      await store.ensureCollections([spec(c)]);
      await batch((w) => w.put(c, member('m1', 'o1', 'admin', 1)));
      expect(await store.count(c, { where: byOrg('o1') })).toBe(1);
    });

    it('ensureCollections can add fields, search and counts to a collection holding documents', async () => {
      const grown: CollectionSpec = {
        ...spec(c),
        indexes: [...spec(c).indexes!, ['role', 'user']],
        search: ['name', 'email', 'role'],
        counts: [...spec(c).counts!, ['role'], []],
      };
      await store.ensureCollections([grown]);
      await store.ensureCollections([grown]);
      expect(await store.count(c, { where: [{ field: 'role', op: 'eq', value: 'read' }] })).toBe(3);
      expect(await store.count(c, {})).toBe(4);
      expect(await ids(c, { where: [{ field: 'role', op: 'ilike', value: 'ADM' }] })).toEqual(['m1']);
      await batch((w) => w.put(c, { ...initial[0]!, role: 'read' }));
      expect(await store.count(c, { where: [{ field: 'role', op: 'eq', value: 'read' }] })).toBe(4);
      expect(await ids(c, { where: [{ field: 'role', op: 'ilike', value: 'ADM' }] })).toEqual([]);
    });
  });

  describe('projection states', () => {
    it('saves, replaces, gets and lists states with 64-bit checkpoints', async () => {
      const [p1, p2] = [fresh('proj_a'), fresh('proj_b')];
      expect(await store.getProjectionState(p1)).toBeNull();
      const big = 2n ** 62n + 12345n;
      await store.saveProjectionState(state(p1, { checkpoint: big, version: 2, generation: 3 }));
      await store.saveProjectionState(state(p2, { status: 'failed', error: 'boom' }));
      expect(await store.getProjectionState(p1)).toEqual(state(p1, { checkpoint: big, version: 2, generation: 3 }));
      expect(await store.getProjectionState(p2)).toEqual(state(p2, { status: 'failed', error: 'boom' }));

      await store.saveProjectionState(
        state(p1, { checkpoint: big + 1n, version: 2, generation: 4, status: 'rebuilding', updatedAt: '2024-06-01T00:00:00.000Z' }),
      );
      expect(await store.getProjectionState(p1)).toEqual(
        state(p1, { checkpoint: big + 1n, version: 2, generation: 4, status: 'rebuilding', updatedAt: '2024-06-01T00:00:00.000Z' }),
      );

      const listed = (await store.listProjectionStates()).filter((s) => s.name === p1 || s.name === p2);
      expect(listed.map((s) => s.name)).toEqual([p1, p2]);
      expect(listed[0]!.checkpoint).toBe(big + 1n);
      expect(listed[1]!.checkpoint).toBeNull();
    });
  });

  describe('commitBatch', () => {
    let c: string;
    let projection: string;
    beforeEach(async () => {
      c = fresh('docs');
      projection = fresh('proj');
      await store.ensureCollections([{ name: c, indexes: ['rank'] }]);
      await store.saveProjectionState(state(projection, { checkpoint: null }));
      await store.commitBatch({ name: projection, generation: 0, checkpoint: null }, 5n, async (writer) => {
        for (const doc of people.slice(0, 3)) writer.put(c, doc);
      });
    });

    it('commits the documents and the new checkpoint together', async () => {
      expect((await store.getProjectionState(projection))?.checkpoint).toBe(5n);
      await store.commitBatch({ name: projection, generation: 0, checkpoint: 5n }, 9n, async (writer) => {
        writer.put(c, { ...people[0]!, title: 'Alpha v2' });
        writer.put(c, people[3]!);
        writer.delete(c, 'b');
      });
      expect(await ids(c, {})).toEqual(['a', 'c', 'd']);
      expect((await store.get(c, 'a'))?.title).toBe('Alpha v2');
      const after = await store.getProjectionState(projection);
      expect(after?.checkpoint).toBe(9n);
      expect(after?.generation).toBe(0);
      expect(after?.status).toBe('running');
    });

    it('writes nothing when apply throws: neither documents nor checkpoint change', async () => {
      const failing = store.commitBatch({ name: projection, generation: 0, checkpoint: 5n }, 6n, async (writer) => {
        writer.put(c, people[4]!);
        writer.delete(c, 'a');
        writer.put(c, { ...people[1]!, title: 'changed' });
        expect(await writer.get(c, 'e')).toEqual(people[4]);
        throw new Error('projection bug');
      });
      await expect(failing).rejects.toThrow('projection bug');
      expect(await ids(c, {})).toEqual(['a', 'b', 'c']);
      expect(await store.get(c, 'b')).toEqual(people[1]);
      expect(await store.get(c, 'e')).toBeNull();
      expect((await store.getProjectionState(projection))?.checkpoint).toBe(5n);
      // The projection can go on from where it was.
      await store.commitBatch({ name: projection, generation: 0, checkpoint: 5n }, 6n, async (writer) => writer.put(c, people[4]!));
      expect(await ids(c, {})).toEqual(['a', 'b', 'c', 'e']);
    });

    it('a failed batch into a collection nobody wrote before leaves it readable and empty', async () => {
      const brandNew = fresh('brand_new');
      const failing = store.commitBatch({ name: projection, generation: 0, checkpoint: 5n }, 6n, async (writer) => {
        writer.put(brandNew, { id: 'n1', rank: 1 });
        expect(await writer.get(brandNew, 'n1')).toEqual({ id: 'n1', rank: 1 });
        throw new Error('projection bug');
      });
      await expect(failing).rejects.toThrow('projection bug');
      expect(await store.get(brandNew, 'n1')).toBeNull();
      expect(await store.getMany(brandNew, ['n1'])).toEqual([]);
      expect(await store.find(brandNew, { limit: 10 })).toEqual({ items: [], count: 0 });
      expect(await store.count(brandNew, {})).toBe(0);
      // A later batch can create it.
      await store.commitBatch({ name: projection, generation: 0, checkpoint: 5n }, 6n, async (writer) => {
        writer.put(brandNew, { id: 'n2', rank: 2 });
      });
      expect(await store.get(brandNew, 'n2')).toEqual({ id: 'n2', rank: 2 });
    });

    it('the writer reads its own pending writes', async () => {
      await store.commitBatch({ name: projection, generation: 0, checkpoint: 5n }, 6n, async (writer) => {
        expect(await writer.get(c, 'a')).toEqual(people[0]);
        writer.put(c, { id: 'x', title: 'Xylophone alpha', rank: 3 });
        writer.delete(c, 'a');
        writer.put(c, { ...people[2]!, rank: 10 });
        expect(await writer.get(c, 'x')).toEqual({ id: 'x', title: 'Xylophone alpha', rank: 3 });
        expect(await writer.get(c, 'a')).toBeNull();
        expect((await writer.get(c, 'c'))?.rank).toBe(10);
        // Other processes do not see the batch before it commits.
        expect(await store.get(c, 'x')).toBeNull();
        expect(await store.get(c, 'a')).toEqual(people[0]);

        const alpha = await writer.find(c, { where: [{ field: 'title', op: 'ilike', value: 'alpha' }], limit: 10 });
        expect(alpha.items.map((d) => d.id)).toEqual(['x']);
        expect(alpha.count).toBe(1);

        const byRank = await writer.find(c, { sort: { field: 'rank', direction: 'desc' }, limit: 2 });
        expect(byRank.items.map((d) => d.id)).toEqual(['c', 'x']);
        expect(byRank.count).toBe(3);
        const rest = await writer.find(c, { sort: { field: 'rank', direction: 'desc' }, limit: 2, after: byRank.next });
        expect(rest.items.map((d) => d.id)).toEqual(['b']);
        expect(rest.next).toBeUndefined();

        writer.put(c, { id: 'x', title: 'Xylophone', rank: 4 });
        expect(await writer.get(c, 'x')).toEqual({ id: 'x', title: 'Xylophone', rank: 4 });
        writer.put(c, { id: 'a', title: 'back again', rank: 0 });
        expect((await writer.find(c, { where: [{ field: 'rank', op: 'lt', value: 4 }], limit: 10 })).items.map((d) => d.id)).toEqual([
          'a',
          'b',
        ]);
      });
      expect(await store.get(c, 'x')).toEqual({ id: 'x', title: 'Xylophone', rank: 4 });
      expect(await store.get(c, 'a')).toEqual({ id: 'a', title: 'back again', rank: 0 });
      expect((await store.get(c, 'c'))?.rank).toBe(10);
      expect((await store.getProjectionState(projection))?.checkpoint).toBe(6n);
    });

    it('a document put in a batch is a copy: later changes to the object are not stored', async () => {
      const doc: Doc = { id: 'm', tags: ['one'] };
      await store.commitBatch({ name: projection, generation: 0, checkpoint: 5n }, 6n, async (writer) => {
        writer.put(c, doc);
        (doc.tags as string[]).push('two');
      });
      expect(await store.get(c, 'm')).toEqual({ id: 'm', tags: ['one'] });
    });

    it('fails with CheckpointMovedError when the expected checkpoint is stale, writing nothing', async () => {
      for (const stale of [4n, null, 6n]) {
        const attempt = store.commitBatch({ name: projection, generation: 0, checkpoint: stale }, 7n, async (writer) => {
          writer.put(c, people[5]!);
        });
        await expect(attempt).rejects.toBeInstanceOf(CheckpointMovedError);
      }
      expect(await store.get(c, 'f')).toBeNull();
      expect((await store.getProjectionState(projection))?.checkpoint).toBe(5n);
    });

    it('fails with CheckpointMovedError when the generation moved on (a replay swapped in)', async () => {
      const current = (await store.getProjectionState(projection))!;
      await store.saveProjectionState({ ...current, generation: 1 });
      const attempt = store.commitBatch({ name: projection, generation: 0, checkpoint: 5n }, 7n, async (writer) => {
        writer.put(c, people[5]!);
      });
      await expect(attempt).rejects.toBeInstanceOf(CheckpointMovedError);
      expect(await store.get(c, 'f')).toBeNull();
      expect(await store.getProjectionState(projection)).toEqual({ ...current, generation: 1 });
    });

    it('fails with CheckpointMovedError for a projection without a state', async () => {
      const attempt = store.commitBatch({ name: fresh('unknown'), generation: 0, checkpoint: null }, 1n, async (writer) => {
        writer.put(c, people[5]!);
      });
      await expect(attempt).rejects.toBeInstanceOf(CheckpointMovedError);
      expect(await store.get(c, 'f')).toBeNull();
    });

    it('of two concurrent batches from the same checkpoint exactly one commits', async () => {
      const batch = (id: string) =>
        store.commitBatch({ name: projection, generation: 0, checkpoint: 5n }, 8n, async (writer) => {
          await writer.get(c, 'a');
          writer.put(c, { id, rank: 1 });
        });
      const results = await Promise.allSettled([batch('p'), batch('q')]);
      const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(rejected).toHaveLength(1);
      expect(rejected[0]!.reason).toBeInstanceOf(CheckpointMovedError);
      const written = [await store.get(c, 'p'), await store.get(c, 'q')].filter((d) => d !== null);
      expect(written).toHaveLength(1);
      expect((await store.getProjectionState(projection))?.checkpoint).toBe(8n);
    });
  });
});
