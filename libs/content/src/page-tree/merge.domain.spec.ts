import { sha256 } from '@docs/kernel';
import fc from 'fast-check';
import { lineMergeKey, linesToMerge, mergeMarkdown, mergeTrees, pagesOnCycles } from './merge.domain';
import { MAX_PAGE_DEPTH } from './page-limits.domain';
import { applyChanges, PageNode, PageTree, pathOf, TreeChange } from './page-tree.domain';
import { bodies, page as topPage, tree, withBody } from '../testing/page-tree-fixtures.domain';
import { withCpuTime } from '@docs/kernel/testing';

/** Pages ranked by their ids. */
const page = (id: string, fields: Partial<PageNode> = {}): PageNode => topPage(id, { rank: `a${id}`, ...fields });

/** Merges and applies: the tree the live content would have after the merge. */
function merged(base: PageTree, ours: PageTree, theirs: PageTree, known = bodies()): PageTree {
  const outcome = mergeTrees(base, ours, theirs, known);
  if (!outcome.ok) throw new Error(`conflicts: ${JSON.stringify(outcome.conflicts)}`);
  return applyChanges(ours, outcome.changes);
}

describe('mergeMarkdown', () => {
  const base = 'one\ntwo\nthree\nfour\nfive';
  it('keeps edits to different lines from both sides', () => {
    expect(mergeMarkdown(base, 'ONE\ntwo\nthree\nfour\nfive', 'one\ntwo\nthree\nfour\nFIVE')).toBe('ONE\ntwo\nthree\nfour\nFIVE');
  });
  it('agrees when both sides made the same edit', () => {
    expect(mergeMarkdown(base, 'one\nTWO\nthree\nfour\nfive', 'one\nTWO\nthree\nfour\nfive')).toBe('one\nTWO\nthree\nfour\nfive');
  });
  it('refuses overlapping edits', () => {
    expect(mergeMarkdown(base, 'one\nTWO\nthree\nfour\nfive', 'one\n2\nthree\nfour\nfive')).toBeNull();
  });
});

describe('mergeTrees', () => {
  const a = page('a');
  const b = page('b');
  const base = tree(a, b);

  it('merges hidden like a field, absent meaning false: a side that hid or showed a page wins over one that did not', () => {
    const hidden = { ...a, hidden: true };
    expect(merged(base, base, tree(hidden, b)).get('a')!.hidden).toBe(true);
    expect(merged(tree(hidden, b), tree(hidden, b), tree({ ...a, hidden: false }, b)).get('a')!.hidden).toBe(false);
    // Shown again on one side, renamed on the other: both kept, no conflict.
    const outcome = merged(tree(hidden, b), tree({ ...hidden, title: 'A' }, b), tree({ ...a, hidden: false }, b));
    expect(outcome.get('a')).toMatchObject({ title: 'A', hidden: false });
    // `hidden: false` and no `hidden` are the same page: nothing to merge.
    expect(mergeTrees(base, base, tree({ ...a, hidden: false }, b), bodies())).toEqual({ ok: true, changes: [] });
  });

  it(`refuses moves on both sides that nest pages deeper than ${MAX_PAGE_DEPTH} levels together`, () => {
    // Two chains of 25: the change request moves the second under the first's end (50 levels), live adds a level on top of the first.
    const chain = (name: string) =>
      Array.from({ length: 25 }, (_, i) => page(`${name}${i}`, { parent: i === 0 ? null : `${name}${i - 1}` }));
    const [first, second] = [chain('a'), chain('b')];
    const start = tree(page('top'), ...first, ...second);
    const live = tree(page('top'), { ...first[0]!, parent: 'top' }, ...first.slice(1), ...second);
    const changeRequest = tree(page('top'), ...first, { ...second[0]!, parent: 'a24' }, ...second.slice(1));
    expect(merged(start, start, changeRequest).get('b0')!.parent).toBe('a24');
    const outcome = mergeTrees(start, live, changeRequest, bodies());
    expect(!outcome.ok && outcome.conflicts).toEqual([
      {
        pageId: 'b24',
        path: 'b24',
        reason: `moves on both sides would nest it ${MAX_PAGE_DEPTH + 1} levels deep (at most ${MAX_PAGE_DEPTH})`,
      },
    ]);
  });

  it('takes line merges made ahead of it (in a work thread), and lists the bodies that need them', () => {
    const [text, ours, theirs] = ['l1\nl2', 'L1\nl2', 'l1\nL2'];
    const sides = [tree(withBody(a, text), b), tree(withBody(a, ours), withBody(b, 'live only')), tree(withBody(a, theirs), b)] as const;
    expect(linesToMerge(...sides)).toEqual([[sha256(text), sha256(ours), sha256(theirs)]]);
    const ahead = new Map([[lineMergeKey(sha256(text), sha256(ours), sha256(theirs)), 'merged ahead']]);
    const outcome = mergeTrees(...sides, bodies(), ahead);
    expect(outcome.ok && outcome.changes).toEqual([{ op: 'update', pageId: 'a', fields: {}, markdown: 'merged ahead' }]);
    const refused = mergeTrees(...sides, bodies(), new Map([[lineMergeKey(sha256(text), sha256(ours), sha256(theirs)), null]]));
    expect(refused.ok ? [] : refused.conflicts.map((c) => c.reason)).toEqual(['the same lines were edited on both sides']);
  });

  it("takes adds and deletes from the change request, and keeps the live side's own", () => {
    const result = merged(base, tree(a, b, page('live-new')), tree(a, page('cr-new')));
    expect([...result.keys()].sort()).toEqual(['a', 'cr-new', 'live-new']);
  });

  it('merges metadata field by field: a title from one side and a move from the other', () => {
    const result = merged(base, tree({ ...a, title: 'Alpha' }, b), tree({ ...a, parent: 'b', rank: 'a0' }, b));
    expect(result.get('a')).toMatchObject({ title: 'Alpha', parent: 'b' });
    expect(pathOf(result, 'a')).toBe('b/a');
  });

  it('merges two edits to different lines of the same page', () => {
    const text = 'l1\nl2\nl3\nl4';
    const [ours, theirs] = ['L1\nl2\nl3\nl4', 'l1\nl2\nl3\nL4'];
    const result = merged(tree(withBody(a, text)), tree(withBody(a, ours)), tree(withBody(a, theirs)), bodies(text, ours, theirs));
    expect(result.get('a')!.bodyHash).toBe(sha256('L1\nl2\nl3\nL4'));
  });

  it('reports every conflict and changes nothing: same title, overlapping lines, edit against delete', () => {
    const text = 'x\ny';
    const outcome = mergeTrees(
      tree(withBody(a, text), b),
      tree({ ...withBody(a, 'X\ny'), title: 'Live' }),
      tree({ ...withBody(a, 'x2\ny'), title: 'Change' }, { ...b, title: 'Edited' }),
      bodies(text, 'X\ny', 'x2\ny'),
    );
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.conflicts.map((c) => `${c.pageId}: ${c.reason}`).sort()).toEqual([
      'a: the same lines were edited on both sides',
      'a: title changed on both sides',
      'b: changed in the change request, deleted in the live content',
    ]);
  });

  it('refuses a page whose parent the other side deleted', () => {
    const outcome = mergeTrees(base, tree(a), tree(a, b, page('child', { parent: 'b' })), bodies());
    expect(outcome.ok).toBe(false);
  });

  it('refuses two moves that would nest pages under each other', () => {
    const outcome = mergeTrees(base, tree({ ...a, parent: 'b' }, b), tree(a, { ...b, parent: 'a' }), bodies());
    expect(outcome).toMatchObject({
      ok: false,
      conflicts: [{ pageId: 'a', reason: expect.stringMatching(/under itself/) }, { pageId: 'b' }],
    });
  });

  it('gives an incoming page a free slug when the live side took it', () => {
    const result = merged(tree(), tree(page('x', { slug: 'intro' })), tree(page('y', { slug: 'intro' })));
    expect(result.get('y')!.slug).toBe('intro-2');
  });

  it('is a no-op when the change request changed nothing', () => {
    const outcome = mergeTrees(base, tree(a, b, page('c')), base, bodies());
    expect(outcome).toEqual({ ok: true, changes: [] as TreeChange[] });
  });

  it('merges into a deep tree in linear time (a 3,000-page chain: cycles are found in one pass)', () => {
    const chain = Array.from({ length: 3000 }, (_, i) => page(`p${i}`, { parent: i === 0 ? null : `p${i - 1}` }));
    const base = tree(...chain);
    const ours = tree(...chain.slice(0, -1), { ...chain[2999]!, title: 'live title' });
    const theirs = tree(...chain, page('new', { parent: 'p1500' }));
    const { result, cpuMs } = withCpuTime(() => merged(base, ours, theirs));
    expect(cpuMs).toBeLessThan(2000);
    expect(result.get('new')!.parent).toBe('p1500');
    expect(result.get('p2999')!.title).toBe('live title');
  });
});

describe('pagesOnCycles', () => {
  it('finds exactly the pages that are their own ancestors, in any parent graph', () => {
    const graph = fc
      .integer({ min: 1, max: 30 })
      .chain((n) => fc.array(fc.option(fc.integer({ min: 0, max: n + 2 })), { minLength: n, maxLength: n }));
    fc.assert(
      fc.property(graph, (parents) => {
        // Parents past the last page are missing pages (orphans), as a merge can leave them.
        const pages = tree(...parents.map((parent, i) => page(`p${i}`, { parent: parent === null ? null : `p${parent}` })));
        const ownAncestor = (id: string) => {
          const seen = new Set<string>();
          for (let at = pages.get(id)?.parent ?? null; at !== null && !seen.has(at); at = pages.get(at)?.parent ?? null) {
            if (at === id) return true;
            seen.add(at);
          }
          return false;
        };
        expect([...pagesOnCycles(pages)].sort()).toEqual([...pages.keys()].filter(ownAncestor).sort());
      }),
      { seed: 7, numRuns: 500 },
    );
  });
});
