import { sha256 } from '@docs/kernel';
import { FileNode } from '../page-tree/content-files.domain';
import { PageNode } from '../page-tree/page-tree.domain';
import { page, tree, withBody } from '../testing/page-tree-fixtures.domain';
import { changedAttributes, changedPageIds, DiffSide, fileChanges, samePage, semanticChanges } from './semantic-changes.domain';

/** A side of a diff: the pages, their paths (parent's path and slug), and files. */
function side(pages: PageNode[], files: FileNode[] = []): DiffSide {
  const t = tree(...pages);
  const pathOf = (p: PageNode): string => (p.parent === null ? p.slug : `${pathOf(t.get(p.parent)!)}/${p.slug}`);
  return { tree: t, paths: new Map(pages.map((p) => [p.id, pathOf(p)])), files };
}

const file = (id: string, name = `${id}.png`): FileNode => ({ id, name, contentType: 'image/png', size: 1, hash: sha256(id) });
const kinds = (changes: ReturnType<typeof semanticChanges>) => changes.map((c) => `${c.type} ${'page' in c ? c.page.id : c.file.id}`);

describe('semanticChanges (the changes between two page trees)', () => {
  const a = page('a', { rank: 'a0' });
  const b = page('b', { rank: 'a1' });
  const c = page('c', { parent: 'a', rank: 'a0' });

  it('finds nothing between equal trees', () => {
    expect(semanticChanges(side([a, b, c]), side([a, b, c]))).toEqual([]);
  });

  it('names pages added (in the newer tree) and removed (in the older), with their paths', () => {
    const d = page('d', { parent: 'b', rank: 'a0' });
    const changes = semanticChanges(side([a, b, c]), side([a, b, d]));
    expect(changes).toEqual([
      { type: 'page_deleted', page: c, path: 'a/c' },
      { type: 'page_created', page: d, path: 'b/d' },
    ]);
  });

  it('names the attributes an edit changed: a rename, a new slug, a description, an emoji, a body (by hash)', () => {
    const edited = withBody({ ...a, title: 'Alpha', slug: 'alpha', description: 'First', emoji: '1f600' }, '# Alpha');
    const [change] = semanticChanges(side([a, c]), side([edited, c]));
    expect(change).toEqual({
      type: 'page_edited',
      page: edited,
      path: 'alpha',
      attributes: {
        title: { before: 'a', after: 'Alpha' },
        slug: { before: 'a', after: 'alpha' },
        description: { before: '', after: 'First' },
        emoji: { before: '', after: '1f600' },
        document: { before: sha256(''), after: sha256('# Alpha') },
      },
    });
  });

  it('names a page under another parent moved, with both parents (null at the top level)', () => {
    const movedUp = { ...c, parent: null, rank: 'a2' };
    expect(semanticChanges(side([a, b, c]), side([a, b, movedUp]))).toEqual([
      { type: 'page_moved', page: movedUp, path: 'c', parent: { before: { page: a, path: 'a' }, after: null } },
    ]);
    const movedUnder = { ...c, parent: 'b' };
    expect(semanticChanges(side([a, b, c]), side([a, b, movedUnder]))).toEqual([
      { type: 'page_moved', page: movedUnder, path: 'b/c', parent: { before: { page: a, path: 'a' }, after: { page: b, path: 'b' } } },
    ]);
  });

  it('names a page reordered among its siblings moved, and a page both edited and moved twice', () => {
    const reordered = { ...b, rank: 'Zz' };
    expect(kinds(semanticChanges(side([a, b]), side([a, reordered])))).toEqual(['page_moved b']);
    const both = withBody({ ...c, parent: null, rank: 'a5' }, 'new');
    expect(kinds(semanticChanges(side([a, c]), side([a, both])))).toEqual(['page_edited c', 'page_moved c']);
  });

  it('does not count a child of a renamed page as changed (only its path moves)', () => {
    const renamed = { ...a, slug: 'renamed' };
    expect(kinds(semanticChanges(side([a, c]), side([renamed, c])))).toEqual(['page_edited a']);
  });

  it('compares only the candidate pages when given', () => {
    const edited = withBody(a, 'x');
    const removed = side([a, b]);
    expect(kinds(semanticChanges(removed, side([edited]), ['a']))).toEqual(['page_edited a']);
    expect(kinds(semanticChanges(removed, side([edited])))).toEqual(['page_edited a', 'page_deleted b']);
  });

  it('orders pages by path, then kind, then files by name', () => {
    const z = page('z', { slug: 'zeta' });
    const m = page('m', { slug: 'mu' });
    const changes = semanticChanges(side([z], [file('f1', 'b.png')]), side([m, withBody(z, 'z')], [file('f2', 'a.png')]));
    expect(kinds(changes)).toEqual(['page_created m', 'page_edited z', 'file_created f2', 'file_deleted f1']);
  });

  it('names files added and removed by id', () => {
    const [f1, f2, f3] = [file('f1'), file('f2'), file('f3')];
    expect(fileChanges([f1, f2], [f2, f3])).toEqual([
      { type: 'file_created', file: f3 },
      { type: 'file_deleted', file: f1 },
    ]);
  });

  it('changedAttributes is empty for a page moved only', () => {
    expect(changedAttributes(c, { ...c, parent: null, rank: 'b0' })).toEqual({});
  });

  it('changedPageIds merges two id-sorted lists: pages in one only, and pages that differ in any field', () => {
    const [p1, p2, p3, p4] = ['p1', 'p2', 'p3', 'p4'].map((id) => page(id));
    expect(changedPageIds([p1, p2, p3], [{ ...p1 }, { ...p2, emoji: 'x' }, p4])).toEqual(['p2', 'p3', 'p4']);
    expect(changedPageIds([], [p1, p2])).toEqual(['p1', 'p2']);
    expect(changedPageIds([p3], [])).toEqual(['p3']);
    expect(samePage(p1, { ...p1 })).toBe(true);
    for (const field of ['title', 'emoji', 'description', 'slug', 'parent', 'rank', 'bodyHash'] as const)
      expect(samePage(p1, { ...p1, [field]: 'other' })).toBe(false);
  });
});
