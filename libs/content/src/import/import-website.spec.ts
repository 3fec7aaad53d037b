import fc from 'fast-check';
import { planEdits } from '../page-tree/page-edits.domain';
import { importEdits } from './import-website';
import { CrawledPage, pageLinkMarker, resolvePageLinks } from './page-markers';

const page = (path: string): CrawledPage => ({
  path,
  url: `https://site.test${path}`,
  title: `T ${path}`,
  markdown: `# ${path}\n`,
  images: [],
});

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

  it('turns links between imported pages into page links, fragment kept; links to pages not imported stay URLs', () => {
    const link = (href: string) => pageLinkMarker(new URL(href));
    const pages: CrawledPage[] = [
      {
        ...page('/docs'),
        markdown:
          `[Guide](${link('https://site.test/docs/guide/')}) ` +
          `[API](${link('https://site.test/docs/api#auth')}) ` +
          `[Gone](${link('https://site.test/docs/gone?x=1')})\n`,
      },
      {
        ...page('/docs/guide'),
        markdown: `[Home](${link('https://site.test/docs/index.html')}) [Mail](mailto:a@b.test) [Out](https://elsewhere.test/docs)\n`,
      },
      page('/docs/api'),
    ];
    const edits = importEdits(pages, ['n1', 'n2', 'n3']);
    expect(edits.map((e) => e.markdown)).toEqual([
      '[Guide](/pages/n2) [API](/pages/n3#auth) [Gone](https://site.test/docs/gone?x=1)\n',
      '[Home](/pages/n1) [Mail](mailto:a@b.test) [Out](https://elsewhere.test/docs)\n',
      '# /docs/api\n',
    ]);
  });

  it('resolving page links never throws, and leaves text without markers as it is (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 40 }), (text, junk) => {
        const withJunk = `${text} docs-import-page:${junk.replace(/[^A-Za-z0-9_-]/g, '')}`;
        expect(() => resolvePageLinks(withJunk, () => '/pages/x')).not.toThrow();
        if (!text.includes('docs-import-page:')) expect(resolvePageLinks(text, () => '/pages/x')).toBe(text);
      }),
      { seed: 11, numRuns: 300 },
    );
  });
});
