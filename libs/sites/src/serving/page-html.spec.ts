import fc from 'fast-check';
import { load } from 'cheerio';
import type { RevisionLinkData } from '@docs/content/documents';
import { renderPage, withFileUrls } from './page-html';
import { XSS_CORPUS, xssProblems } from './testing/xss-corpus';

const links: RevisionLinkData = {
  pages: new Set(['p1', 'p2']),
  byPath: new Map([
    ['intro', 'p1'],
    ['intro/more', 'p2'],
  ]),
  paths: new Map([
    ['p1', 'intro'],
    ['p2', 'intro/more'],
  ]),
  withChildren: new Set(['p1']),
  firstPage: 'p1',
  files: new Set(),
  fileNames: new Map(),
};
const render = (markdown: string) => renderPage({ markdown, pageId: 'p1', links, base: '/sites/o/docs' });

describe('served pages rendered from markdown', () => {
  it('resolves page links to site URLs, marks broken ones, and anchors headings uniquely for the outline', () => {
    const { html, outline } = render(
      '[more](/intro/more.md) [anchor](./more.md#x) [gone](nope.md) [out](https://example.com)\n\n## A\n\n## A\n\n### B',
    );
    const $ = load(html);
    expect(
      $('a')
        .toArray()
        .map((a) => [$(a).attr('href'), $(a).attr('class') ?? '']),
    ).toEqual([
      ['/sites/o/docs/intro/more', ''],
      ['/sites/o/docs/intro/more#x', ''],
      ['nope.md', 'broken-link'],
      ['https://example.com', ''],
    ]);
    expect(outline).toEqual([
      { level: 2, id: 'a', text: 'A' },
      { level: 2, id: 'a-2', text: 'A' },
      { level: 3, id: 'b', text: 'B' },
    ]);
  });

  it('escapes every fragment of the XSS corpus', () => {
    // The check itself finds what it looks for.
    expect(xssProblems('<script></script><a href=" javascript:x" onclick="y">a</a><img src="data:image/png;base64,AA">')).toEqual([
      'an active element',
      'href= javascript:x',
      'attribute onclick',
    ]);
    for (const fragment of XSS_CORPUS)
      expect({ fragment, problems: xssProblems(render(fragment).html) }).toEqual({ fragment, problems: [] });
  });

  it('never lets a script element, an on* attribute or a script URL through, whatever the markdown mixes', () => {
    const piece = fc.oneof(
      fc.constantFrom(...XSS_CORPUS),
      fc.constantFrom('\n', '\n\n', '> ', '- ', '1. ', '    ', '**', '_', '`', '[', ']', '(', ')', '<', '>', '"', "'", '{% ', ' %}', '='),
      fc.string({ maxLength: 20 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        expect(xssProblems(render(pieces.join('')).html)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it("puts files' URLs where the page shows or links them, and nowhere its own text says <file:0>", () => {
    const withFile: RevisionLinkData = { ...links, files: new Set(['f1']), fileNames: new Map([['a.png', 'f1']]) };
    const markdown = '![a](/files/f1) ![b](a.png) [c](files/f1) <file:0> `<file:0>` ![x](<file:0>)\n\n    src="<file:0>"';
    const rendered = renderPage({ markdown, pageId: 'p1', links: withFile, base: '' });
    expect(rendered.files).toEqual(['f1']);
    const $ = load(withFileUrls(rendered, (id) => `https://files.test/${id}?a=1&b="2"`));
    expect(
      $('img')
        .toArray()
        .map((i) => $(i).attr('src')),
    ).toEqual(['https://files.test/f1?a=1&b="2"', 'https://files.test/f1?a=1&b="2"', expect.not.stringContaining('files.test')]);
    expect($('a').attr('href')).toBe('https://files.test/f1?a=1&b="2"');
    expect($.text()).toContain('<file:0>');
    expect($('pre').text()).toBe('src="<file:0>"\n');
  });
});
