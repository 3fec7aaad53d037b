import fc from 'fast-check';
import { load } from 'cheerio';
import { navTree } from './site-html';
import { NavPage, SiteNav } from './site-nav';

/** Pages in tree order: each at most one level deeper than the one before it, under the last page one level up. */
const pages = fc
  .array(fc.record({ title: fc.string({ maxLength: 8 }), deeper: fc.integer({ min: -3, max: 1 }) }), { minLength: 1, maxLength: 30 })
  .map((specs) => {
    const atDepth: string[] = [];
    let depth = 1;
    return specs.map(({ title, deeper }, i): NavPage => {
      depth = i === 0 ? 1 : Math.max(1, depth + deeper);
      const id = `p${i}`;
      atDepth[depth] = id;
      // Page URLs are unique; some need escaping.
      return { id, parent: depth === 1 ? null : atDepth[depth - 1]!, title, href: `/s/a&b/"${i}"`, depth };
    });
  });

const parents = (entries: readonly NavPage[]) => new Map(entries.map((e) => [e.id, e.parent]));

/** What the navigation must show for `current`: the top level, and the children of `current` and of its ancestors. */
function expected(entries: readonly NavPage[], current: string): string {
  const parentOf = parents(entries);
  const open = new Set<string>();
  for (let id: string | null | undefined = current; id != null; id = parentOf.get(id)) open.add(id);
  const shown = entries.filter((e) => e.parent === null || open.has(e.parent));
  return navTree(shown.map((e) => ({ ...e, current: e.id === current })));
}

/** A deep site: A (A1 (A1a, A1b), A2), B (B1), C; the pages under H are listed, H is not (hidden). */
const site: NavPage[] = [
  { id: 'a', parent: null, title: 'A', href: '/a', depth: 1 },
  { id: 'a1', parent: 'a', title: 'A1', href: '/a/1', depth: 2 },
  { id: 'a1a', parent: 'a1', title: 'A1a', href: '/a/1/a', depth: 3 },
  { id: 'a1b', parent: 'a1', title: 'A1b', href: '/a/1/b', depth: 3 },
  { id: 'a2', parent: 'a', title: 'A2', href: '/a/2', depth: 2 },
  { id: 'b', parent: null, title: 'B', href: '/b', depth: 1 },
  { id: 'b1', parent: 'b', title: 'B1', href: '/b/1', depth: 2 },
  { id: 'c', parent: null, title: 'C', href: '/c', depth: 1 },
];
/** Every page of the revision, hidden ones included: H (hidden, at the top), H1 under it, and hidden A3 under A. */
const revisionParents = new Map<string, string | null>([...parents(site), ['h', null], ['h1', 'h'], ['a3', 'a']]);
const parentOf = (id: string) => revisionParents.get(id);

/** The links a navigation shows, each indented by its depth, the current one starred. */
function shown(html: string): string[] {
  const $ = load(html);
  return $('a')
    .toArray()
    .map((a) => `${'  '.repeat($(a).parents('ul').length - 1)}${$(a).text()}${$(a).attr('aria-current') === 'page' ? '*' : ''}`);
}

describe('the navigation of served pages: the top level and the current branch, built once per revision', () => {
  it('opens a deep page branch: its ancestors children and its own, other branches collapsed', () => {
    const nav = new SiteNav();
    expect(shown(nav.html('r', () => site, 'a1', parentOf))).toEqual(['A', '  A1*', '    A1a', '    A1b', '  A2', 'B', 'C']);
    expect(shown(nav.html('r', () => site, 'a1b', parentOf))).toEqual(['A', '  A1', '    A1a', '    A1b*', '  A2', 'B', 'C']);
  });

  it('shows a top page with its children, and a leaf at the top level with the top level only', () => {
    const nav = new SiteNav();
    expect(shown(nav.html('r', () => site, 'b', parentOf))).toEqual(['A', 'B*', '  B1', 'C']);
    expect(shown(nav.html('r', () => site, 'c', parentOf))).toEqual(['A', 'B', 'C*']);
  });

  it('opens a hidden page branch down to its nearest listed ancestor, marking nothing and listing no hidden page', () => {
    const nav = new SiteNav();
    expect(shown(nav.html('r', () => site, 'a3', parentOf))).toEqual(['A', '  A1', '  A2', 'B', 'C']);
    expect(shown(nav.html('r', () => site, 'h1', parentOf))).toEqual(['A', 'B', 'C']);
    expect(shown(nav.html('r', () => site, 'unknown', parentOf))).toEqual(['A', 'B', 'C']);
  });

  it('answers what navTree renders for the top level and the open branch, for every page and one it does not list (property)', () => {
    fc.assert(
      fc.property(pages, (entries) => {
        const nav = new SiteNav();
        const parentOf = parents(entries);
        let built = 0;
        const of = () => {
          built++;
          return entries;
        };
        for (const current of [...entries.map((e) => e.id), 'hidden']) {
          expect(nav.html('revision\u0000/base', of, current, (id) => parentOf.get(id))).toBe(expected(entries, current));
        }
        expect(built).toBe(1);
      }),
      { numRuns: 100 },
    );
  });

  it('keeps one navigation per key', () => {
    const nav = new SiteNav();
    const one: NavPage[] = [{ id: 'a', parent: null, title: 'A', href: '/a', depth: 1 }];
    const other: NavPage[] = [{ id: 'a', parent: null, title: 'A', href: '/other/a', depth: 1 }];
    const top = () => null;
    expect(nav.html('r1\u0000', () => one, 'a', top)).toContain('href="/a" aria-current="page"');
    expect(nav.html('r1\u0000/other', () => other, 'a', top)).toContain('href="/other/a" aria-current="page"');
    expect(nav.html('r1\u0000', () => other, 'a', top)).toContain('href="/a"');
  });
});
