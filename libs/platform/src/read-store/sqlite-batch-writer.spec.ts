import { jsonCopy } from './sqlite-batch-writer';
import { sqliteReadStorePerTest, startingState } from '../testing/sqlite-read-store-per-test';

class Point {
  constructor(readonly x: number) {}
}

describe('jsonCopy', () => {
  const roundTrip = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

  it.each([
    ['plain data', { id: 'a', n: 1, f: 1.5, b: true, z: null, s: 'é\u2028', nested: { list: [1, 'two', { three: 3 }], empty: {} } }],
    ['integer-like keys and their order', { id: 'a', b: 1, 2: 'two', a: 2, 1: 'one' }],
    ['undefined, functions and symbols', { id: 'a', u: undefined, f: () => 1, s: Symbol('s'), list: [undefined, () => 1, 1] }],
    ['non-finite numbers and -0', { id: 'a', nan: NaN, inf: Infinity, negZero: -0, list: [NaN, -Infinity] }],
    ['dates and toJSON', { id: 'a', at: new Date('2024-01-01T00:00:00.000Z'), custom: { toJSON: () => 'custom' } }],
    ['class instances', { id: 'a', p: new Point(1), map: new Map([['k', 1]]) }],
    // biome-ignore lint/suspicious/noSparseArray: the hole is the case under test.
    ['arrays with holes', { id: 'a', list: [1, , 3] }],
    ['a __proto__ key', JSON.parse('{"id":"a","__proto__":{"x":1}}') as object],
  ])('answers what the JSON round trip answers: %s', (_name, value) => {
    const copy = jsonCopy(value as { id: string });
    expect(copy).toStrictEqual(roundTrip(value));
    expect(JSON.stringify(copy)).toBe(JSON.stringify(value));
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
  });

  it('shares nothing with the original', () => {
    const doc = { id: 'a', tags: ['x'], inner: { n: 1 } };
    const copy = jsonCopy(doc);
    doc.tags.push('y');
    doc.inner.n = 2;
    expect(copy).toEqual({ id: 'a', tags: ['x'], inner: { n: 1 } });
  });

  it('throws on cycles and BigInt, as JSON.stringify does', () => {
    const cyclic: Record<string, unknown> = { id: 'a' };
    cyclic.self = cyclic;
    expect(() => jsonCopy(cyclic as { id: string })).toThrow(TypeError);
    expect(() => jsonCopy({ id: 'a', n: 1n } as unknown as { id: string })).toThrow(TypeError);
  });
});

describe('SQLite batch writer and checkpoints', () => {
  const state = startingState('p');
  const tmp = sqliteReadStorePerTest('batch-writer-', async (store) => {
    await store.ensureCollections([{ name: 'a', indexes: ['n'], counts: [['g']] }]);
    await store.saveProjectionState(state);
  });

  it('gives every read of a pending document a copy of its own, and stores what was put', async () => {
    await tmp.store.commitBatch(state, 1n, async (w) => {
      const doc = { id: '1', n: 1, g: 'x', tags: ['a'] };
      w.put('a', doc);
      doc.tags.push('changed after put');
      const first = await w.get<typeof doc>('a', '1');
      first!.tags.push('changed by a reader');
      first!.n = 42;
      expect(await w.get('a', '1')).toEqual({ id: '1', n: 1, g: 'x', tags: ['a'] });
    });
    expect(await tmp.store.get('a', '1')).toEqual({ id: '1', n: 1, g: 'x', tags: ['a'] });
    expect((await tmp.store.find('a', { where: [{ field: 'n', op: 'eq', value: 1 }], limit: 10 })).items).toHaveLength(1);
    expect(await tmp.store.count('a', { where: [{ field: 'g', op: 'eq', value: 'x' }] })).toBe(1);
  });

  it('keeps a frozen document uncopied and stores and reads it as the JSON round trip would', async () => {
    const doc = Object.freeze({
      id: '1',
      n: 1,
      g: 'x',
      at: new Date('2024-01-01T00:00:00.000Z'),
      gone: undefined,
      list: Object.freeze([1, -0]),
    });
    await tmp.store.commitBatch(state, 1n, async (w) => {
      w.putFrozen!('a', doc);
      const read = await w.get<{ id: string } & Record<string, unknown>>('a', '1');
      expect(Object.isFrozen(read)).toBe(false); // a copy of its own, as for put
      expect(read).toStrictEqual(JSON.parse(JSON.stringify(doc)));
    });
    expect(await tmp.store.get('a', '1')).toStrictEqual(JSON.parse(JSON.stringify(doc)));
    expect(await tmp.store.count('a', { where: [{ field: 'at', op: 'eq', value: '2024-01-01T00:00:00.000Z' }] })).toBe(1);
  });

  it('writes a large batch in slices, giving the event loop turns, and stores every document', async () => {
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setImmediate(tick);
    };
    await tmp.store.commitBatch(state, 1n, async (w) => {
      for (let i = 0; i < 20_000; i++) w.put('a', { id: `d${i}`, n: i, g: i % 2 ? 'odd' : 'even', text: 'x'.repeat(200) });
      setImmediate(tick); // from here on, only the flush at the end of the batch runs
    });
    ticking = false;
    expect(turns).toBeGreaterThan(1);
    expect(await tmp.store.count('a', { where: [{ field: 'g', op: 'eq', value: 'odd' }] })).toBe(10_000);
    expect(await tmp.store.get('a', 'd19999')).toMatchObject({ n: 19_999 });
  });
});
