import { pageInMemory } from './in-memory-page';
import { InvalidCursorError } from './query';

describe('pageInMemory', () => {
  const docs = [
    { id: 'c', rank: 'a1' },
    { id: 'a', rank: 'a2' },
    { id: 'b', rank: 'a1' },
    { id: 'd', rank: null },
    { id: 'e', rank: 'a0' },
  ];

  it('orders by the field, then the id, and pages with keyset cursors', () => {
    const first = pageInMemory(docs, { field: 'rank', direction: 'asc' }, { limit: 2 });
    expect(first.items.map((d) => d.id)).toEqual(['e', 'b']);
    expect(first.count).toBe(4);
    const second = pageInMemory(docs, { field: 'rank', direction: 'asc' }, { limit: 2, after: first.next });
    expect(second.items.map((d) => d.id)).toEqual(['c', 'a']);
    expect(second.next).toBeUndefined();
  });

  it('pages backwards too, and refuses cursors it did not make', () => {
    const desc = pageInMemory(docs, { field: 'rank', direction: 'desc' }, { limit: 3 });
    expect(desc.items.map((d) => d.id)).toEqual(['a', 'c', 'b']);
    expect(pageInMemory(docs, { field: 'rank', direction: 'desc' }, { limit: 3, after: desc.next }).items.map((d) => d.id)).toEqual(['e']);
    expect(() => pageInMemory(docs, { field: 'rank', direction: 'asc' }, { limit: 2, after: 'garbage!' })).toThrow(InvalidCursorError);
  });
});
