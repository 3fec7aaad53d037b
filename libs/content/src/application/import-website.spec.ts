import { planEdits } from '../domain/page-edits';
import { importEdits } from './import-website';
import { CrawledPage } from './website-crawler';

const page = (path: string): CrawledPage => ({ path, url: `https://site.test${path}`, title: `T ${path}`, markdown: `# ${path}\n` });

describe('importEdits (nesting by URL path)', () => {
  it('puts each page under its nearest imported ancestor, parents first, siblings in crawl order; the root is never a parent', () => {
    const pages = ['/docs', '/', '/docs/b', '/docs/a/x/y', '/docs/a', '/blog/post'].map(page);
    const ids = pages.map((_, i) => `p${i}`);
    const edits = importEdits(pages, ids);
    // Order: depth of path, then crawl order.
    expect(edits.map((e) => e.title)).toEqual(['T /', 'T /docs', 'T /docs/b', 'T /docs/a', 'T /blog/post', 'T /docs/a/x/y']);
    const idOf = (title: string) => ids[edits.findIndex((e) => e.title === title)];
    const into = Object.fromEntries(edits.map((e) => [e.title, e.into]));
    expect(into).toEqual({
      'T /': undefined,
      'T /docs': undefined,
      'T /docs/b': idOf('T /docs'),
      'T /docs/a': idOf('T /docs'),
      'T /blog/post': undefined, // /blog was not imported: skipped, not invented
      'T /docs/a/x/y': idOf('T /docs/a'), // /docs/a/x missing: under /docs/a
    });
  });

  it('plans as one batch: `into` may name a page inserted earlier in it', () => {
    const pages = ['/docs', '/docs/a', '/docs/a/b'].map(page);
    const ids = ['n1', 'n2', 'n3'];
    const changes = planEdits(new Map(), importEdits(pages, ids), { newPageIds: ids, base: new Map(), baseBodies: new Map() });
    expect(changes.map((c) => (c.op === 'insert' ? [c.page.id, c.page.parent, c.markdown] : null))).toEqual([
      ['n1', null, '# /docs\n'],
      ['n2', 'n1', '# /docs/a\n'],
      ['n3', 'n2', '# /docs/a/b\n'],
    ]);
  });
});
