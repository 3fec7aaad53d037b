import fc from 'fast-check';
import { load } from 'cheerio';
import type { RevisionLinkData } from '@docs/content/documents';
import { renderPage } from './page-html';

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

/** Markdown fragments that try to get script, event handlers or script URLs into the page. */
export const XSS_CORPUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](  javascript:alert(1))',
  '[x](java\tscript:alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](vbscript:msgbox(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '![x](javascript:alert(1))',
  '![x" onerror="alert(1)](https://example.com/a.png)',
  '[x](https://example.com/" onmouseover="alert(1))',
  '<javascript:alert(1)>',
  '<svg onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '{% embed url="javascript:alert(1)" %}',
  '{% content-ref url="javascript:alert(1)" %}',
  '{% hint style="info\\" onclick=\\"alert(1)" %}\nx\n{% endhint %}',
  '{% tabs %}\n{% tab title="<script>alert(1)</script>" %}\nx\n{% endtab %}\n{% endtabs %}',
  '{% code title="<img src=x onerror=alert(1)>" %}\n```"><script>alert(1)</script>\nx\n```\n{% endcode %}',
  '# <script>alert(1)</script>',
  '## x" onmouseover="alert(1)',
  '`<script>alert(1)</script>`',
  '```\n<script>alert(1)</script>\n```',
  '| a | b |\n|---|---|\n| <script>alert(1)</script> | [x](javascript:alert(1)) |',
  '[ref]: javascript:alert(1)\n\n[x][ref]',
  '<style>body{}</style><object data="x"></object><embed src="x">',
];

/** What must never survive into a served page: script elements, event handler attributes, script URLs. */
export function xssProblems(html: string): string[] {
  const $ = load(html);
  const problems: string[] = [];
  if ($('script, iframe, object, embed, style, svg').length > 0) problems.push('an active element');
  for (const element of $('*').toArray()) {
    for (const [name, value] of Object.entries((element as { attribs?: Record<string, string> }).attribs ?? {})) {
      if (/^on/i.test(name)) problems.push(`attribute ${name}`);
      if (
        /^(href|src|action|formaction|xlink:href)$/i.test(name) &&
        /^\s*(javascript|vbscript|data):/i.test(value.replace(/[\s\0]/g, ''))
      ) {
        if (!(name === 'src' && /^data:image\//i.test(value))) problems.push(`${name}=${value}`);
      }
    }
  }
  return problems;
}

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
});
