import { sha256 } from '@docs/kernel';
import fc from 'fast-check';
import { EditContext, planEdits, requirePagesWithinCap, titleOf } from './page-edits.domain';
import { MAX_PAGE_DEPTH, MAX_PAGE_MARKDOWN_BYTES } from './page-limits.domain';
import { applyChanges, childrenOf, pathOf } from './page-tree.domain';
import { page, tree } from '../testing/page-tree-fixtures.domain';
import { withCpuTime } from '@docs/kernel/testing';

const context = (extra: Partial<EditContext> = {}): EditContext => ({
  newPageIds: ['n1', 'n2', 'n3'],
  base: tree(),
  baseBodies: new Map(),
  ...extra,
});

describe('planEdits', () => {
  const guide = page('guide', { title: 'Guide', slug: 'guide', rank: 'a0' });

  it('inserts pages with derived titles, unique slugs and ranks, later edits seeing earlier ones', () => {
    const start = tree(guide);
    const changes = planEdits(
      start,
      [
        { operation: 'insert_page', markdown: '# Install\n\nRun it.', into: 'guide' },
        { operation: 'insert_page', title: 'Install', into: 'guide', at: 0 },
        { operation: 'insert_page', into: 'n1' },
      ],
      context(),
    );
    const result = applyChanges(start, changes);
    expect(childrenOf(result, 'guide').map((p) => `${p.id}:${p.slug}`)).toEqual(['n2:install-2', 'n1:install']);
    expect(result.get('n1')).toMatchObject({ title: 'Install', bodyHash: sha256('# Install\n\nRun it.') });
    expect(pathOf(result, 'n3')).toBe('guide/install/untitled');
  });

  it('updates metadata, body and place, re-deriving the slug from a new title, and drops no-ops', () => {
    const start = tree(guide, page('faq', { title: 'FAQ', slug: 'faq', rank: 'a1' }));
    const changes = planEdits(
      start,
      [
        { operation: 'update_page', page: 'faq', title: 'Questions', markdown: 'Q?', into: 'guide' },
        { operation: 'update_page', page: 'guide', title: 'Guide' },
      ],
      context(),
    );
    expect(changes).toHaveLength(1);
    const result = applyChanges(start, changes);
    expect(result.get('faq')).toMatchObject({ title: 'Questions', slug: 'questions', parent: 'guide', bodyHash: sha256('Q?') });
  });

  it('hides and shows pages: stored only when true on insert, set both ways on update, a no-op dropped', () => {
    const changes = planEdits(
      tree(guide),
      [
        { operation: 'insert_page', title: 'Secret', hidden: true },
        { operation: 'insert_page', title: 'Open', hidden: false },
      ],
      context(),
    );
    const result = applyChanges(tree(guide), changes);
    expect(result.get('n1')!.hidden).toBe(true);
    expect(result.get('n2')).not.toHaveProperty('hidden');
    const shown = planEdits(result, [{ operation: 'update_page', page: 'n1', hidden: false }], context());
    expect(applyChanges(result, shown).get('n1')!.hidden).toBe(false);
    expect(planEdits(result, [{ operation: 'update_page', page: 'n2', hidden: false }], context())).toEqual([]);
  });

  it('takes explicit slugs, refusing one a sibling has', () => {
    const start = tree(guide, page('faq', { slug: 'faq', rank: 'a1' }));
    const result = applyChanges(
      start,
      planEdits(
        start,
        [
          { operation: 'insert_page', title: 'Setup', slug: 'get-started' },
          { operation: 'update_page', page: 'faq', slug: 'questions' },
        ],
        context(),
      ),
    );
    expect(result.get('n1')?.slug).toBe('get-started');
    expect(result.get('faq')?.slug).toBe('questions');
    expect(() => planEdits(start, [{ operation: 'update_page', page: 'faq', slug: 'guide' }], context())).toThrow(
      /changes\[0\]: slug: "guide" is taken/,
    );
    expect(() => planEdits(start, [{ operation: 'insert_page', slug: 'faq' }], context())).toThrow(/taken by a sibling/);
  });

  it('refuses unknown pages and moves under itself, naming the change', () => {
    expect(() => planEdits(tree(guide), [{ operation: 'delete_page', page: 'nope' }], context())).toThrow(
      /changes\[0\]: page not found: nope/,
    );
    const nested = tree(guide, page('child', { parent: 'guide' }));
    expect(() => planEdits(nested, [{ operation: 'update_page', page: 'guide', into: 'child' }], context())).toThrow(
      /changes\[0\].*under itself/,
    );
  });

  it('reverts a page to its base: removes an added one, restores a deleted one with its body, resets a changed one', () => {
    const base = tree(guide, page('faq', { bodyHash: sha256('old') }));
    const baseBodies = new Map([[sha256('old'), 'old']]);
    const current = tree({ ...guide, title: 'Changed' }, page('added'));
    const changes = planEdits(
      current,
      [
        { operation: 'revert_page', page: 'added' },
        { operation: 'revert_page', page: 'faq' },
        { operation: 'revert_page', page: 'guide' },
      ],
      context({ base, baseBodies }),
    );
    expect(applyChanges(current, changes)).toEqual(base);
  });

  it('takes a title from the first heading', () => {
    expect(titleOf({ markdown: 'intro\n#  Getting started ##\ntext' })).toBe('Getting started');
    expect(titleOf({ title: 'Given', markdown: '# Heading' })).toBe('Given');
    expect(titleOf({})).toBe('Untitled');
    expect(titleOf({ markdown: '# ##\n#\ttabbed \r\n' })).toBe('tabbed');
    expect(titleOf({ markdown: `# ${'x'.repeat(300)}` })).toBe('x'.repeat(200));
  });

  it('takes a title from hostile markdown in linear time', () => {
    const hostile = fc.oneof(
      fc
        .constantFrom('# a', '#', '#a', '# ')
        .chain((head) =>
          fc
            .tuple(fc.constantFrom(' ', '#', '\t', ' #', 'x '), fc.integer({ min: 10_000, max: 200_000 }), fc.constantFrom('', 'x', '\n'))
            .map(([unit, n, tail]) => head + unit.repeat(Math.ceil(n / unit.length)) + tail),
        ),
      fc
        .tuple(fc.constantFrom('#\n', '# \n', '#  #\n', '#a\n'), fc.integer({ min: 10_000, max: 100_000 }))
        .map(([unit, n]) => unit.repeat(n)),
    );
    fc.assert(
      fc.property(hostile, (markdown) => {
        expect(withCpuTime(() => titleOf({ markdown })).cpuMs).toBeLessThan(500);
      }),
      { numRuns: 30 },
    );
  });

  it(`nests pages at most ${MAX_PAGE_DEPTH} levels deep, counting the pages a move brings along`, () => {
    const chain = tree(
      ...Array.from({ length: MAX_PAGE_DEPTH }, (_, i) => page(`p${i}`, { parent: i === 0 ? null : `p${i - 1}`, slug: `p${i}` })),
    );
    const deepest = `p${MAX_PAGE_DEPTH - 1}`;
    expect(() => planEdits(chain, [{ operation: 'insert_page', into: deepest }], context())).toThrow(
      new RegExp(
        `^changes\\[0\\]: into: a new page under page ${deepest} would nest pages ${MAX_PAGE_DEPTH + 1} ` +
          `levels deep; pages nest at most ${MAX_PAGE_DEPTH} levels$`,
      ),
    );
    expect(planEdits(chain, [{ operation: 'insert_page', into: `p${MAX_PAGE_DEPTH - 2}` }], context())).toHaveLength(1);
    // A page with two levels under it fits under the page two levels above the deepest, not one.
    const withBranch = new Map([...chain, ['x', page('x')], ['x1', page('x1', { parent: 'x' })], ['x2', page('x2', { parent: 'x1' })]]);
    expect(planEdits(withBranch, [{ operation: 'update_page', page: 'x', into: `p${MAX_PAGE_DEPTH - 4}` }], context())).toHaveLength(1);
    expect(() => planEdits(withBranch, [{ operation: 'update_page', page: 'x', into: `p${MAX_PAGE_DEPTH - 3}` }], context())).toThrow(
      /into: moving page x under page p47 would nest pages 51 levels deep/,
    );
  });

  it('refuses a page past the markdown cap, naming the change, the page and the cap', () => {
    const over = 'x'.repeat(MAX_PAGE_MARKDOWN_BYTES + 1);
    const atCap = 'é'.repeat(MAX_PAGE_MARKDOWN_BYTES / 2);
    expect(() =>
      planEdits(
        tree(guide),
        [
          { operation: 'insert_page', markdown: atCap },
          { operation: 'insert_page', markdown: over },
        ],
        context(),
      ),
    ).toThrow(/^changes\[1\]: document\.markdown: the new page has 1 MiB of markdown; a page holds at most 1 MiB \(1048576 bytes\)$/);
    expect(() =>
      planEdits(
        tree(guide),
        [{ operation: 'update_page', page: 'guide', markdown: 'é'.repeat(MAX_PAGE_MARKDOWN_BYTES / 2 + 1) }],
        context(),
      ),
    ).toThrow(/changes\[0\]: document\.markdown: page guide has 1 MiB of markdown; a page holds at most 1 MiB/);
    expect(() =>
      requirePagesWithinCap([
        { operation: 'delete_page', page: 'x' },
        { operation: 'update_page', page: 'guide', markdown: over + over },
      ]),
    ).toThrow(/^changes\[1\]: document\.markdown: page guide has 2 MiB/);
    expect(() => requirePagesWithinCap([{ operation: 'insert_page', markdown: atCap }])).not.toThrow();
  });
});
