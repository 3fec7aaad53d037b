import { sha256 } from '@docs/kernel';
import { applyChanges, childrenOf, PageNode, pathOf, rankAt, requireNoCycle, slugify, uniqueSlug } from './page-tree';

const page = (id: string, fields: Partial<PageNode> = {}): PageNode => ({
  id, title: id, emoji: '', description: '', slug: id, parent: null, rank: 'a0', bodyHash: sha256(''), ...fields,
});

describe('page tree', () => {
  const tree = new Map([
    ['guide', page('guide', { rank: 'a0' })],
    ['install', page('install', { parent: 'guide', rank: 'a0' })],
    ['usage', page('usage', { parent: 'guide', rank: 'a1' })],
  ]);

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
