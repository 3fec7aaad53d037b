import { sha256 } from '@docs/kernel';
import { applyChanges, childrenOf, pathOf, rankAt, requireNoCycle, slugify, subtreeOf, uniqueSlug } from './page-tree.domain';
import { page, tree as pageTree } from '../testing/page-tree-fixtures.domain';

describe('page tree', () => {
  const tree = pageTree(
    page('guide', { rank: 'a0' }),
    page('install', { parent: 'guide', rank: 'a0' }),
    page('usage', { parent: 'guide', rank: 'a1' }),
  );

  it('derives paths, and slugs unique among siblings', () => {
    expect(pathOf(tree, 'usage')).toBe('guide/usage');
    expect(slugify('  Getting Started: Élan & Co!  ')).toBe('getting-started-elan-co');
    expect(slugify('???')).toBe('page');
    expect(uniqueSlug(tree, 'guide', 'usage')).toBe('usage-2');
    expect(uniqueSlug(tree, 'guide', 'usage', 'usage')).toBe('usage');
  });

  it('ranks a page at an index among its siblings without renumbering them', () => {
    const first = rankAt(tree, 'guide', 0);
    const middle = rankAt(tree, 'guide', 1);
    expect(first < 'a0').toBe(true);
    expect(middle > 'a0' && middle < 'a1').toBe(true);
    expect(rankAt(tree, 'guide', undefined) > 'a1').toBe(true);
  });

  it('applies inserts, updates (hashing new bodies) and subtree deletes', () => {
    const next = applyChanges(tree, [
      { op: 'insert', page: page('faq', { rank: 'a1' }), markdown: '' },
      { op: 'update', pageId: 'install', fields: { title: 'Install' }, markdown: '# Install' },
      { op: 'delete', pageId: 'guide' },
    ]);
    expect([...next.keys()]).toEqual(['faq']);
    const updated = applyChanges(tree, [{ op: 'update', pageId: 'install', fields: { title: 'Install' }, markdown: '# Install' }]);
    expect(updated.get('install')).toMatchObject({ title: 'Install', bodyHash: sha256('# Install') });
    expect(childrenOf(updated, 'guide').map((p) => p.id)).toEqual(['install', 'usage']);
  });

  it('refuses moving a page under itself', () => {
    expect(() => requireNoCycle(tree, 'guide', 'usage')).toThrow(/under itself/);
    expect(() => requireNoCycle(tree, 'usage', 'install')).not.toThrow();
  });
});

describe('subtreeOf', () => {
  const node = (id: string, parent: string | null, rank: string) => page(id, { parent, rank });

  it('lists the page and the pages under it breadth first, children in order, once each even on a cycle', () => {
    const tree = pageTree(
      node('a', null, 'a0'),
      node('c', 'a', 'a2'),
      node('b', 'a', 'a1'),
      node('d', 'b', 'a0'),
      node('x', null, 'a1'),
      node('y', 'z', 'a0'),
      node('z', 'y', 'a0'),
    );
    expect(subtreeOf(tree, 'a')).toEqual(['a', 'b', 'c', 'd']);
    expect(subtreeOf(tree, 'y')).toEqual(['y', 'z']);
  });

  it('takes linear time under a page with 20,000 pages (it asked every page for its children)', () => {
    const pages = [
      node('root', null, 'a0'),
      ...Array.from({ length: 20_000 }, (_, i) => node(`p${i}`, i % 2 ? 'root' : i > 1 ? `p${i - 2}` : 'root', `a${i}`)),
    ];
    const tree = pageTree(...pages);
    const cpu = process.cpuUsage();
    expect(subtreeOf(tree, 'root')).toHaveLength(20_001);
    const { user, system } = process.cpuUsage(cpu);
    // Some 0.1 s on a quiet machine; quadratic took 7 s.
    expect((user + system) / 1000).toBeLessThan(2_000);
  });
});
