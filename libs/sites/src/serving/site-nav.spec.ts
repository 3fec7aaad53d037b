import fc from 'fast-check';
import { navTree } from './site-html';
import { SiteNav } from './site-nav';

/** Pages in tree order: each at most one level deeper than the one before it. */
const pages = fc
  .array(fc.record({ title: fc.string({ maxLength: 8 }), deeper: fc.integer({ min: -3, max: 1 }) }), { minLength: 1, maxLength: 30 })
  .map((specs) => {
    let depth = 1;
    return specs.map(({ title, deeper }, i) => {
      depth = i === 0 ? 1 : Math.max(1, depth + deeper);
      // Page URLs are unique; some need escaping.
      return { id: `p${i}`, title, href: `/s/a&b/"${i}"`, depth };
    });
  });

describe('the navigation of served pages, built once per revision', () => {
  it('answers what navTree renders with the current page marked, for every page and for one it does not list (property)', () => {
    fc.assert(
      fc.property(pages, (entries) => {
        const nav = new SiteNav();
        let built = 0;
        const of = () => {
          built++;
          return entries;
        };
        for (const current of [...entries.map((e) => e.id), 'hidden']) {
          const expected = navTree(entries.map((e) => ({ ...e, current: e.id === current })));
          expect(nav.html('revision\u0000/base', of, current)).toBe(expected);
        }
        expect(built).toBe(1);
      }),
      { numRuns: 100 },
    );
  });

  it('keeps one navigation per key', () => {
    const nav = new SiteNav();
    const one = [{ id: 'a', title: 'A', href: '/a', depth: 1 }];
    const other = [{ id: 'a', title: 'A', href: '/other/a', depth: 1 }];
    expect(nav.html('r1\u0000', () => one, 'a')).toContain('href="/a" aria-current="page"');
    expect(nav.html('r1\u0000/other', () => other, 'a')).toContain('href="/other/a" aria-current="page"');
    expect(nav.html('r1\u0000', () => other, 'a')).toContain('href="/a"');
  });
});
