import { GitPage } from '../git-layout/git-content.domain';
import { archiveEdits } from './archive-edits.domain';

const page = (id: string, slug: string, children: GitPage[] = [], fields: Partial<GitPage> = {}): GitPage => ({
  id,
  title: slug.toUpperCase(),
  slug,
  emoji: '',
  description: '',
  markdown: `# ${id}`,
  children,
  ...fields,
});

describe('archiveEdits', () => {
  it('inserts parents before children, each with its own id, top-level slugs made unique beside the pages already there', () => {
    const content = { pages: [page('a', 'intro', [page('b', 'intro')]), page('c', 'guide')], files: [] };
    const { edits, newPageIds } = archiveEdits(content, new Set(['intro', 'intro-2']), 10);
    expect(newPageIds).toEqual(['a', 'b', 'c']);
    expect(edits.map((e) => [e.slug, e.into, e.title, e.markdown])).toEqual([
      ['intro-3', undefined, 'INTRO', '# a'],
      ['intro', 'a', 'INTRO', '# b'],
      ['guide', undefined, 'GUIDE', '# c'],
    ]);
  });

  it('refuses more pages than an import makes, and fields past the API bounds, naming the page', () => {
    const many = { pages: [page('a', 'a'), page('b', 'b'), page('c', 'c')], files: [] };
    expect(() => archiveEdits(many, new Set(), 2)).toThrow('archive: more than 2 pages');
    const long = { pages: [page('a', 'a', [], { title: 'Long', description: 'x'.repeat(1001) })], files: [] };
    expect(() => archiveEdits(long, new Set(), 10)).toThrow('archive: page "Long": description is longer than 1000 characters');
  });
});
