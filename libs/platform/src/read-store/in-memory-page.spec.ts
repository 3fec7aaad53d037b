import fc from 'fast-check';
import { mergePages, pageInMemory } from './in-memory-page';
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

describe('mergePages', () => {
  it('pages through disjoint ranges as through their union: same items, order, cursors and count', () => {
    const doc = fc.record({ rank: fc.integer({ min: 0, max: 5 }), group: fc.integer({ min: 0, max: 3 }) });
    fc.assert(
      fc.property(fc.array(doc, { maxLength: 40 }), fc.integer({ min: 1, max: 7 }), fc.boolean(), (raw, limit, asc) => {
        const docs = raw.map((d, i) => ({ id: `d${String(i).padStart(2, '0')}`, ...d }));
        const sort = { field: 'rank', direction: asc ? 'asc' : 'desc' } as const;
        const groups = [0, 1, 2, 3].map((g) => docs.filter((d) => d.group === g));
        const seen: string[] = [];
        let after: string | undefined;
        for (let turn = 0; turn <= docs.length; turn++) {
          const page = mergePages(
            groups.map((g) => pageInMemory(g, sort, { limit, after })),
            sort,
            limit,
          );
          expect(page).toEqual(pageInMemory(docs, sort, { limit, after }));
          seen.push(...page.items.map((d) => d.id));
          if (page.next === undefined) break;
          after = page.next;
        }
        expect(seen).toEqual(pageInMemory(docs, sort, { limit: 1000 }).items.map((d) => d.id));
      }),
    );
  });
});
