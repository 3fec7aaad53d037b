import { Doc, FindQuery, FindResult } from '../read-store/query';
import { ReadModelWriter } from '../read-store/read-store';
import { ReplayCache } from './replay-cache';

/** A batch writer over a plain map, counting the reads that reach it. */
function backingWriter(stored: Map<string, Doc>) {
  const reads: string[] = [];
  const writer: ReadModelWriter = {
    get: async <T extends Doc>(_c: string, id: string) => {
      reads.push(id);
      return (stored.get(id) as T | undefined) ?? null;
    },
    find: async <T extends Doc>(_c: string, _q: FindQuery) => ({ items: [...stored.values()] as T[], count: stored.size }) as FindResult<T>,
    put: (_c, doc) => void stored.set(doc.id, JSON.parse(JSON.stringify(doc)) as Doc),
    delete: (_c, id) => void stored.delete(id),
  };
  return { writer, reads };
}

describe('ReplayCache', () => {
  it('reads each document from the store once, then from memory, across batches', async () => {
    const { writer, reads } = backingWriter(new Map([['a', { id: 'a', n: 1 }]]));
    const cache = new ReplayCache();
    expect(await cache.around(writer).get('c', 'a')).toEqual({ id: 'a', n: 1 });
    expect(await cache.around(writer).get('c', 'a')).toEqual({ id: 'a', n: 1 });
    expect(await cache.around(writer).get('c', 'missing')).toBeNull();
    expect(await cache.around(writer).get('c', 'missing')).toBeNull();
    expect(reads).toEqual(['a', 'missing']);
  });

  it('writes through: puts and deletes reach the store and later reads see them', async () => {
    const stored = new Map<string, Doc>();
    const { writer, reads } = backingWriter(stored);
    const w = new ReplayCache().around(writer);
    w.put('c', { id: 'a', n: 2 });
    expect(stored.get('a')).toEqual({ id: 'a', n: 2 });
    expect(await w.get('c', 'a')).toEqual({ id: 'a', n: 2 });
    w.delete('c', 'a');
    expect(stored.has('a')).toBe(false);
    expect(await w.get('c', 'a')).toBeNull();
    expect(reads).toEqual([]);
  });

  it('keeps collections apart, forgets the oldest past its capacity, and freezes what it keeps', async () => {
    const { writer, reads } = backingWriter(new Map());
    const w = new ReplayCache(2).around(writer);
    w.put('x', { id: '1', tags: ['t'] });
    w.put('y', { id: '1', v: 'other' });
    w.put('x', { id: '2' });
    expect(await w.get('y', '1')).toEqual({ id: '1', v: 'other' });
    expect(reads).toEqual([]);
    await w.get('x', '1');
    expect(reads).toEqual(['1']);
    const kept = (await w.get<{ id: string; v: string }>('y', '1'))!;
    expect(() => (kept.v = 'changed')).toThrow(TypeError);
  });

  it('hands a writer that can take frozen documents the frozen document itself, and others a put', async () => {
    const frozen: Doc[] = [];
    const { writer } = backingWriter(new Map());
    const taking: ReadModelWriter = { ...writer, putFrozen: (_c, doc) => void frozen.push(doc) };
    const doc = { id: 'a', inner: { n: 1 } };
    new ReplayCache().around(taking).put('c', doc);
    expect(frozen).toHaveLength(1);
    expect(frozen[0]).toBe(doc);
    expect(Object.isFrozen(doc) && Object.isFrozen(doc.inner)).toBe(true);

    const stored = new Map<string, Doc>();
    const plain = backingWriter(stored);
    new ReplayCache().around(plain.writer).put('c', { id: 'b' });
    expect(stored.get('b')).toEqual({ id: 'b' });
  });
});
