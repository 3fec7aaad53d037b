import fc from 'fast-check';
import {
  brokenBeyond,
  classifyHref,
  extractLinks,
  gatherLinks,
  LinkTargets,
  pagesReferencingFile,
  resolveLink,
  resolvePageLinks,
  WrittenLink,
} from './links.domain';
import { MAX_LINKS_PER_PAGE } from '../page-tree/page-limits.domain';

/**
 * A revision:  guide (a)          pages: a "guide" (children: b "install", c "usage"), d "faq";
 *              ├─ install (b)     files: f1 "diagram.png"
 *              └─ usage (c)
 *              faq (d)
 */
function revision(): LinkTargets {
  const paths = new Map([
    ['a', 'guide'],
    ['b', 'guide/install'],
    ['c', 'guide/usage'],
    ['d', 'faq'],
  ]);
  const byPath = new Map([...paths].map(([id, path]) => [path, id]));
  return {
    hasPage: (id) => paths.has(id),
    pageAtPath: (path) => byPath.get(path),
    pathOf: (id) => paths.get(id),
    hasChildren: (id) => id === 'a',
    firstPage: () => 'a',
    hasFile: (id) => id === 'f1',
    fileNamed: (name) => (name === 'diagram.png' ? 'f1' : undefined),
    appOrigin: 'https://app.docs.test',
  };
}

const written = (markdown: string) => extractLinks(markdown).links;
const resolveIn = (markdown: string, from = 'b', targets = revision()) => resolvePageLinks(written(markdown), from, targets);

describe('extractLinks', () => {
  it('finds links, images, autolinks, bare URLs and reference-style links, each once, in order', () => {
    const md = [
      '# Title',
      '',
      'See [install](./install.md), ![diagram](/files/f1 "A diagram") and <https://example.com/a>.',
      'Also https://example.com/bare and [ref][r] and [install again](./install.md).',
      '',
      '> [quoted](/pages/d#top)',
      '',
      '- [in a list](#local)',
      '',
      '[r]: ../README.md',
    ].join('\n');
    expect(written(md).map((l) => [l.relation, l.raw])).toEqual([
      ['reference', './install.md'],
      ['embed', '/files/f1'],
      ['reference', 'https://example.com/a'],
      ['reference', 'https://example.com/bare'],
      ['reference', '../README.md'],
      ['reference', '/pages/d#top'],
      ['reference', '#local'],
    ]);
  });

  it('ignores links in code, and file names that merely look like domains', () => {
    expect(written('`[x](./a.md)`\n\n```\n[y](./b.md)\n```\n\nRead README.md or docs.example')).toEqual([]);
  });

  it('reports unsafe URLs as written (nothing is rendered) and skips empty targets', () => {
    expect(written('[a](javascript:alert(1)) [b]() [c](#)').map((l) => l.raw)).toEqual(['javascript:alert(1)']);
  });
});

describe('classifyHref', () => {
  it('sorts targets by form', () => {
    expect(classifyHref('https://x.test/a')).toEqual({ form: 'url', url: 'https://x.test/a' });
    expect(classifyHref('mailto:a@b.test')).toEqual({ form: 'url', url: 'mailto:a@b.test' });
    expect(classifyHref('//cdn.test/x')).toEqual({ form: 'url', url: '//cdn.test/x' });
    expect(classifyHref('/files/f1?download=1')).toEqual({ form: 'file', fileId: 'f1' });
    expect(classifyHref('/pages/guide/install.md#step-2')).toEqual({ form: 'pages', path: 'guide/install.md', anchor: 'step-2' });
    expect(classifyHref('./my%20page.md')).toEqual({ form: 'relative', path: './my page.md' });
    expect(classifyHref('#Top')).toEqual({ form: 'anchor', anchor: 'Top' });
    expect(classifyHref('?q=1#x')).toEqual({ form: 'anchor', anchor: 'x' });
    expect(classifyHref('%E0%A4%A')).toEqual({ form: 'relative', path: '%E0%A4%A' });
    expect(classifyHref('  ')).toBeNull();
  });
});

describe('resolveLink', () => {
  const one = (markdown: string, from = 'b') => resolveIn(markdown, from)[0];

  it('resolves GitBook page forms: ids, slug paths, .md paths, README', () => {
    expect(one('[x](/pages/d)')).toEqual({ relation: 'reference', target: { kind: 'page', page: 'd' }, status: 'ok' });
    expect(one('[x](/pages/guide/usage)')).toMatchObject({ target: { kind: 'page', page: 'c' }, status: 'ok' });
    expect(one('[x](/pages/faq.md)')).toMatchObject({ target: { kind: 'page', page: 'd' }, status: 'ok' });
    expect(one('[x](/pages/guide/README.md)')).toMatchObject({ target: { kind: 'page', page: 'a' }, status: 'ok' });
    expect(one('[x](/pages/README.md)')).toMatchObject({ target: { kind: 'page', page: 'a' }, status: 'ok' });
    expect(one('[x](/pages/d#top)')).toMatchObject({ target: { kind: 'anchor', anchor: 'top', page: 'd' }, status: 'ok' });
  });

  it('resolves relative links from where the page is (a page with children is its folder README)', () => {
    // From install (guide/install.md): siblings are in guide/.
    expect(one('[x](./usage.md)')).toMatchObject({ target: { kind: 'page', page: 'c' }, status: 'ok' });
    expect(one('[x](usage.md)')).toMatchObject({ target: { page: 'c' } });
    expect(one('[x](./README.md)')).toMatchObject({ target: { page: 'a' } });
    expect(one('[x](../faq.md)')).toMatchObject({ target: { page: 'd' } });
    expect(one('[x](../README.md)')).toMatchObject({ target: { page: 'a' } });
    expect(one('[x](/faq)')).toMatchObject({ target: { page: 'd' } });
    // From guide (guide/README.md): its children are beside it.
    expect(one('[x](./install.md)', 'a')).toMatchObject({ target: { page: 'b' }, status: 'ok' });
    expect(one('[x](./usage)', 'a')).toMatchObject({ target: { page: 'c' }, status: 'ok' });
    expect(one('[x](./diagram.png)', 'a')).toMatchObject({ relation: 'reference', target: { kind: 'file', file: 'f1' }, status: 'ok' });
  });

  it('says broken for targets absent from the revision', () => {
    expect(one('[x](/pages/gone)')).toEqual({ relation: 'reference', target: { kind: 'page', page: 'gone' }, status: 'broken' });
    expect(one('[x](./nowhere.md)')).toEqual({ relation: 'reference', target: { kind: 'url', url: './nowhere.md' }, status: 'broken' });
    expect(one('[x](../../../above.md)')).toMatchObject({ status: 'broken' });
    expect(one('![x](/files/f9)')).toEqual({ relation: 'embed', target: { kind: 'file', file: 'f9' }, status: 'broken' });
  });

  it('says in-app for URLs into the application, ok for other URLs (not fetched)', () => {
    expect(one('<https://app.docs.test/s/x>')).toEqual({
      relation: 'reference',
      target: { kind: 'url', url: 'https://app.docs.test/s/x' },
      status: 'in-app',
    });
    expect(one('<https://elsewhere.test/>')).toMatchObject({ status: 'ok' });
    expect(one('[x](https://[bad)')).toMatchObject({ status: 'ok' });
  });

  it('resolves the same written link differently in another revision (a deleted page makes it broken)', () => {
    const link: WrittenLink = written('[x](/pages/d)')[0]!;
    const without: LinkTargets = { ...revision(), hasPage: (id) => id !== 'd' && revision().hasPage(id) };
    expect(resolveLink(link, 'b', revision()).status).toBe('ok');
    expect(resolveLink(link, 'b', without).status).toBe('broken');
  });
});

describe('gathering', () => {
  it('lists each target once with the pages that write it, counts what a change request breaks', () => {
    const targets = revision();
    const pages = [
      { pageId: 'a', links: resolveIn('[i](./install.md) ![d](/files/f1) [g](/pages/gone)', 'a', targets) },
      { pageId: 'b', links: resolveIn('[i](/pages/b) [g](/pages/gone)', 'b', targets) },
    ];
    const entries = gatherLinks(pages);
    expect(entries.map((e) => [e.target, e.status, e.pages])).toEqual([
      [{ kind: 'page', page: 'b' }, 'ok', ['a', 'b']],
      [{ kind: 'file', file: 'f1' }, 'ok', ['a']],
      [{ kind: 'page', page: 'gone' }, 'broken', ['a', 'b']],
    ]);
    expect(new Set(entries.map((e) => e.id)).size).toBe(3);
    expect(pagesReferencingFile(pages, 'f1')).toEqual(['a']);
    const withMore = gatherLinks([...pages, { pageId: 'c', links: resolveIn('[n](/pages/none)', 'c', targets) }]);
    expect(brokenBeyond(withMore, entries)).toBe(1);
    expect(brokenBeyond(entries, withMore)).toBe(0);
  });
});

describe('extractLinks caps', () => {
  it('keeps the first MAX_LINKS_PER_PAGE distinct links and counts the others', () => {
    const md = Array.from({ length: MAX_LINKS_PER_PAGE + 150 }, (_, i) => `[a](/pages/p${i}) [again](/pages/p${i})`).join('\n');
    const { links, notListed } = extractLinks(md);
    expect(links).toHaveLength(MAX_LINKS_PER_PAGE);
    expect(links[MAX_LINKS_PER_PAGE - 1]!.raw).toBe(`/pages/p${MAX_LINKS_PER_PAGE - 1}`);
    expect(notListed).toBe(150);
    expect(extractLinks('[a](/x) [b](/x) ![c](/x)')).toMatchObject({
      links: [{ relation: 'reference' }, { relation: 'embed' }],
      notListed: 0,
    });
  });
});

describe('extraction never throws (property)', () => {
  const prototypeNames = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

  it('on arbitrary strings and on markdown-ish fragments', () => {
    const fragment = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '[',
        ']',
        '(',
        ')',
        '![',
        '](',
        '<',
        '>',
        '#',
        '`',
        '```',
        '>',
        '- ',
        '1. ',
        '\n',
        '\n\n',
        '*',
        '_',
        '\\',
        '"',
        '|',
        '---',
      ),
      fc
        .constantFrom(...prototypeNames)
        .map((n) => `[${n}](/pages/${n}) [x](./${n}.md) ![y](/files/${n}) [r][${n}]\n\n[${n}]: /pages/${n}`),
      fc.webUrl().map((u) => `[u](${u}) <${u}> ${u}`),
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 60 }), (parts) => {
        const { links } = extractLinks(parts.join(''));
        const targets = revision();
        for (const link of links) resolveLink(link, 'b', targets);
      }),
      { numRuns: 500 },
    );
  });

  it('on deep nesting and huge lines', () => {
    for (const md of [
      `${'>'.repeat(20_000)} [x](/pages/d)`,
      `${'- '.repeat(5_000)}[x](/pages/d)`,
      `${'['.repeat(50_000)}](x)`,
      '*'.repeat(50_000),
      `[x](${'a/'.repeat(100_000)})`,
      'word '.repeat(200_000),
      `[x](/pages/${'%'.repeat(10_000)})`,
    ]) {
      expect(() => resolvePageLinks(extractLinks(md).links, 'b', revision())).not.toThrow();
    }
  });

  it('never lets input reach an object prototype', () => {
    const pages = prototypeNames.map((name) => ({
      pageId: name,
      links: resolveIn(`[a](/pages/${name}) ![b](/files/${name}) [c](#${name})`, name),
    }));
    const entries = gatherLinks(pages);
    expect(entries.length).toBe(prototypeNames.length * 3);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.hasOwn(Object.prototype, 'pages')).toBe(false);
  });
});
