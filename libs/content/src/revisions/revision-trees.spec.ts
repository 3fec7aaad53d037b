import { page } from '../testing/page-tree-fixtures.domain';
import { RevisionDoc, RevisionsReadModel } from './revisions.read-model';
import { contentOf, RevisionTrees } from './revision-trees';

const revision = (fields: Partial<RevisionDoc> = {}): RevisionDoc => ({
  id: 'rev1',
  spaceId: 'space1',
  organizationId: 'org1',
  parents: [],
  type: 'edits',
  changeRequestId: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  createdBy: 'user1',
  chunks: [],
  files: [],
  ...fields,
});

describe('contentOf', () => {
  // Stored in no particular order: the tree is rebuilt from parents and ranks.
  const pages = [
    page('usage', { parent: 'guide', rank: 'a2' }),
    page('faq', { rank: 'a1' }),
    page('install', { parent: 'guide', rank: 'a1', slug: 'setup' }),
    page('guide', { rank: 'a0' }),
    page('linux', { parent: 'install', rank: 'a0' }),
    page('intro', { parent: 'guide', rank: 'Zz' }),
    // Same rank as `faq`: the id breaks the tie.
    page('about', { rank: 'a1' }),
  ];
  const content = contentOf(revision(), pages);
  const ids = (parent: string | null) => (content.children.get(parent) ?? []).map((p) => p.id);

  it('orders each parent’s children by rank, the id breaking ties', () => {
    expect(ids(null)).toEqual(['guide', 'about', 'faq']);
    expect(ids('guide')).toEqual(['intro', 'install', 'usage']);
    expect(ids('install')).toEqual(['linux']);
    expect(content.children.has('faq')).toBe(false);
  });

  it('gives every page its path (the slugs from the top level), and the page at each path', () => {
    expect(Object.fromEntries(content.paths)).toEqual({
      guide: 'guide',
      intro: 'guide/intro',
      install: 'guide/setup',
      linux: 'guide/setup/linux',
      usage: 'guide/usage',
      about: 'about',
      faq: 'faq',
    });
    expect(content.byPath.get('guide/setup/linux')).toBe('linux');
    expect(content.byPath.get('guide/setup')).toBe('install');
    expect(content.byPath.get('guide/install')).toBeUndefined();
    expect(content.byPath.size).toBe(pages.length);
  });

  it('keeps the tree by id, the files and the revision', () => {
    expect(content.tree.get('linux')).toEqual(pages[4]);
    expect(content.tree.size).toBe(pages.length);
    expect(content.revision.id).toBe('rev1');
    expect(contentOf(revision(), []).children.get(null)).toBeUndefined();
    const files = [{ id: 'f1', name: 'a.png', contentType: 'image/png', size: 3, hash: 'h' }];
    expect(contentOf(revision({ files }), []).files).toEqual(files);
  });

  it('leaves out of paths the pages a cycle cuts off from the top level', () => {
    const cyclic = contentOf(revision(), [page('top'), page('a', { parent: 'b' }), page('b', { parent: 'a' })]);
    expect(Object.fromEntries(cyclic.paths)).toEqual({ top: 'top' });
    expect(cyclic.tree.size).toBe(3);
  });
});

describe('RevisionTrees', () => {
  function trees(docs: RevisionDoc[]) {
    const reads = { spaceId: [] as string[] };
    const model = {
      revision: async (spaceId: string, revisionId: string) => {
        reads.spaceId.push(spaceId);
        return docs.find((d) => d.id === revisionId && d.spaceId === spaceId) ?? null;
      },
      chunks: async (hashes: string[]) => hashes.map((id) => ({ id, pages: [page(id)] })),
      bodies: async () => new Map(),
    } as unknown as RevisionsReadModel;
    return { trees: new RevisionTrees(model), reads };
  }

  it('builds a revision once and keeps it; another space’s revision is 404', async () => {
    const { trees: t, reads } = trees([revision({ chunks: ['a', null] })]);
    const first = await t.content('space1', 'rev1');
    expect(await t.content('space1', 'rev1')).toBe(first);
    expect([...first.tree.keys()]).toEqual(['a']);
    expect(reads.spaceId).toEqual(['space1']);
    await expect(t.content('space2', 'rev1')).rejects.toMatchObject({ kind: 'not_found', message: 'revision not found: rev1' });
    await expect(t.content('space1', 'nope')).rejects.toMatchObject({ message: 'revision not found: nope' });
  });
});
