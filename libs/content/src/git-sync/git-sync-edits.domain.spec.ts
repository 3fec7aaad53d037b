import fc from 'fast-check';
import { generateNKeysBetween } from 'fractional-indexing';
import { sha256 } from '@docs/kernel';
import { GitContent, GitPage } from '../git-layout/git-content.domain';
import { planEdits } from '../page-tree/page-edits.domain';
import { applyChanges, childrenOf, PageNode, PageTree } from '../page-tree/page-tree.domain';
import { SyncedTree, syncEdits } from './git-sync-edits.domain';

type Spec = { slug: string; markdown: string; children?: Spec[] };

/** A revision of pages `id = slug` (ranks in order), as the sync reads it. */
function treeOf(specs: Spec[]): SyncedTree {
  const tree = new Map<string, PageNode>();
  const children = new Map<string | null, PageNode[]>();
  const byPath = new Map<string, string>();
  const walk = (list: Spec[], parent: string | null, prefix: string) => {
    const ranks = generateNKeysBetween(null, null, list.length);
    list.forEach((spec, i) => {
      const path = prefix ? `${prefix}/${spec.slug}` : spec.slug;
      const node: PageNode = {
        id: path,
        title: spec.slug,
        emoji: '',
        description: '',
        slug: spec.slug,
        parent,
        rank: ranks[i]!,
        bodyHash: sha256(spec.markdown),
      };
      tree.set(node.id, node);
      byPath.set(path, node.id);
      children.set(parent, [...(children.get(parent) ?? []), node]);
      walk(spec.children ?? [], node.id, path);
    });
  };
  walk(specs, null, '');
  return { tree, children, byPath };
}

/** The commit's content for the same specs (fresh ids, as read from files). */
function commitOf(specs: Spec[]): GitContent {
  let n = 0;
  const page = (spec: Spec): GitPage => ({
    id: `new-${n++}`,
    title: spec.slug,
    slug: spec.slug,
    emoji: '',
    description: '',
    markdown: spec.markdown,
    children: (spec.children ?? []).map(page),
  });
  return { pages: specs.map(page), files: [] };
}

const space: Spec[] = [
  { slug: 'a', markdown: 'A\n' },
  { slug: 'b', markdown: 'B\n', children: [{ slug: 'b1', markdown: 'B1\n' }] },
];

describe('syncEdits', () => {
  it('the same content plans nothing, with or without a last sync', () => {
    expect(syncEdits(treeOf(space), null, commitOf(space)).edits).toEqual([]);
    expect(syncEdits(treeOf(space), treeOf(space), commitOf(space)).edits).toEqual([]);
  });

  it('a body, a new page and a removed page of the commit become update, insert and delete (pages matched by path)', () => {
    const commit: Spec[] = [
      { slug: 'a', markdown: 'A, changed\n' },
      { slug: 'b', markdown: 'B\n', children: [{ slug: 'b2', markdown: 'B2\n' }] },
    ];
    const plan = syncEdits(treeOf(space), treeOf(space), commitOf(commit));
    expect(plan.conflicts).toEqual([]);
    expect(plan.edits).toEqual([
      { operation: 'delete_page', page: 'b/b1' },
      expect.objectContaining({ operation: 'update_page', page: 'a', markdown: 'A, changed\n' }),
      expect.objectContaining({ operation: 'insert_page', into: 'b', at: 0, slug: 'b2', markdown: 'B2\n' }),
    ]);
    expect(plan.newPageIds).toEqual(['new-2']);
  });

  it("keeps the space's own changes the commit did not touch, and names the pages both changed", () => {
    const local = treeOf([{ slug: 'a', markdown: 'A, here\n' }, space[1]!]);
    const onlyRemote = syncEdits(local, treeOf(space), commitOf([space[0]!, { ...space[1]!, markdown: 'B, there\n' }]));
    expect(onlyRemote.conflicts).toEqual([]);
    expect(onlyRemote.edits).toEqual([expect.objectContaining({ operation: 'update_page', page: 'b', markdown: 'B, there\n' })]);

    const both = syncEdits(local, treeOf(space), commitOf([{ slug: 'a', markdown: 'A, there\n' }, space[1]!]));
    expect(both.conflicts).toEqual(['a']);
  });

  it('reorders only where the commit changed the order', () => {
    const plan = syncEdits(treeOf(space), treeOf(space), commitOf([space[1]!, space[0]!]));
    expect(plan.edits).toEqual([
      { operation: 'update_page', page: 'b', into: null, at: 0 },
      { operation: 'update_page', page: 'a', into: null, at: 1 },
    ]);
  });
});

/** Pages of up to three levels, unique slugs among siblings, from a small alphabet so trees overlap. */
const specs = (depth: number): fc.Arbitrary<Spec[]> =>
  fc.uniqueArray(
    fc.record({
      slug: fc.constantFrom('a', 'b', 'c', 'd'),
      markdown: fc.constantFrom('One\n', 'Two\n', ''),
      children: depth > 1 ? specs(depth - 1) : fc.constant([]),
    }),
    { selector: (s) => s.slug, maxLength: 3 },
  );

/** A tree as nested [slug, title, body hash] in order. */
function shapeOf(tree: PageTree, parent: string | null = null): unknown[] {
  return childrenOf(tree, parent).map((p) => [p.slug, p.title, p.bodyHash, shapeOf(tree, p.id)]);
}

describe('syncEdits (property)', () => {
  it('without a last sync, the planned edits make any space exactly the commit', () => {
    fc.assert(
      fc.property(specs(3), specs(3), (space, commit) => {
        const current = treeOf(space);
        const plan = syncEdits(current, null, commitOf(commit));
        const tree = current.tree as PageTree;
        const after = applyChanges(tree, planEdits(tree, plan.edits, { newPageIds: plan.newPageIds, base: tree, baseBodies: new Map() }));
        expect(shapeOf(after)).toEqual(shapeOf(treeOf(commit).tree as PageTree));
      }),
      { numRuns: 150 },
    );
  });
});
