import { Lru } from './lru';

describe('Lru', () => {
  /** An LRU of two entries, a set before b. */
  const fullOfAThenB = () => {
    const lru = new Lru<number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    return lru;
  };

  it('forgets the least recently used entry beyond its limit; reading or setting a key makes it the most recent', () => {
    const lru = fullOfAThenB();
    expect(lru.get('a')).toBe(1);
    lru.set('c', 3);
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([1, undefined, 3]);
    lru.set('a', 10);
    lru.set('d', 4);
    expect([lru.get('a'), lru.get('c'), lru.get('d')]).toEqual([10, undefined, 4]);
    lru.delete('a');
    expect(lru.get('a')).toBeUndefined();
  });

  it('peeks at a value without making it the most recent', () => {
    const lru = fullOfAThenB();
    expect(lru.peek('a')).toBe(1);
    lru.set('c', 3);
    expect([lru.peek('a'), lru.peek('b'), lru.peek('c')]).toEqual([undefined, 2, 3]);
  });
});
