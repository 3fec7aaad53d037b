import fc from 'fast-check';
import { withCpuTime } from '@docs/kernel/testing';
import { EditableTree } from './editable-tree.domain';
import { planEdits } from './page-edits.domain';
import { applyChanges, childrenOf, PageNode, TreeChange } from './page-tree.domain';
import { page, tree } from '../testing/page-tree-fixtures.domain';

const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
const parentArb = fc.constantFrom(null, ...ids);
const slugArb = fc.constantFrom('x', 'y', 'z');
const rankArb = fc.constantFrom('a0', 'a1', 'a2', 'a3');

/** Random changes over a few ids, so inserts, moves, renames and deletes of whole subtrees meet. */
const changeArb: fc.Arbitrary<TreeChange> = fc.oneof(
  fc.record({ id: fc.constantFrom(...ids), parent: parentArb, slug: slugArb, rank: rankArb }).map(({ id, parent, slug, rank }) => ({
    op: 'insert' as const,
    page: page(id, { parent: parent === id ? null : parent, slug, rank }),
    markdown: '',
  })),
  fc.record({ id: fc.constantFrom(...ids), parent: parentArb, slug: slugArb, rank: rankArb }).map(({ id, parent, slug, rank }) => ({
    op: 'update' as const,
    pageId: id,
    fields: { parent: parent === id ? null : parent, slug, rank },
  })),
  fc.constantFrom(...ids).map((id) => ({ op: 'delete' as const, pageId: id })),
);

/** What the plain functions answer over a copy (a plain Map takes no fast path). */
const plainChildren = (pages: ReadonlyMap<string, PageNode>, parent: string | null) => childrenOf(new Map(pages), parent).map((p) => p.id);

describe('EditableTree', () => {
  it('keeps, after any changes, the children and slugs the plain tree has (applyChanges, childrenOf)', () => {
    fc.assert(
      fc.property(fc.array(changeArb, { maxLength: 30 }), fc.integer({ min: 0, max: 30 }), (changes, readAt) => {
        let plain: ReadonlyMap<string, PageNode> = tree();
        const editable = new EditableTree(tree());
        changes.forEach((change, i) => {
          // Only changes a decider records: an insert of a new id, an update or delete of a page that is there.
          if (change.op === 'insert' ? plain.has(change.page.id) : !plain.has(change.pageId)) return;
          if (i === readAt) editable.childrenOf(null); // the index built part-way, then kept up to date
          plain = applyChanges(plain, [change]);
          editable.apply([change]);
        });
        expect(new Map(editable)).toEqual(new Map(plain));
        for (const parent of [null, ...ids]) {
          expect(editable.childrenOf(parent).map((p) => p.id)).toEqual(plainChildren(plain, parent));
          for (const slug of ['x', 'y', 'z']) {
            const holders = [...plain.values()].filter((p) => p.parent === parent && p.slug === slug).map((p) => p.id);
            expect(editable.slugTaken(parent, slug)).toBe(holders.length > 0);
            if (holders.length === 1) expect(editable.slugTaken(parent, slug, holders[0])).toBe(false);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('lets planEdits insert 5,000 pages beside 5,000 others in linear time (it was quadratic: 2,000 took over a second)', () => {
    const existing = tree(...Array.from({ length: 5000 }, (_, i) => page(`p${i}`, { slug: `page-${i}`, rank: `a${i}` })));
    const edits = Array.from({ length: 5000 }, (_, i) => ({ operation: 'insert_page' as const, title: `Page ${i % 100}` }));
    const newPageIds = edits.map((_, i) => `n${i}`);
    const { result, cpuMs } = withCpuTime(() => planEdits(existing, edits, { newPageIds, base: tree(), baseBodies: new Map() }));
    expect(result).toHaveLength(5000);
    const slugs = new Set(result.map((c) => (c.op === 'insert' ? c.page.slug : '')));
    expect(slugs.size).toBe(5000);
    expect(cpuMs).toBeLessThan(1000);
  });
});
