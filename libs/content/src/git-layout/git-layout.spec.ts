import fc from 'fast-check';
import { fromGitFiles } from './from-git-files.domain';
import { GitContent, GitFile, GitPage, pagesInOrder } from './git-content.domain';
import { toGitFiles } from './to-git-files.domain';

const utf8 = new TextEncoder();
const text = (files: ReadonlyMap<string, Uint8Array>, path: string) => new TextDecoder().decode(files.get(path));
const page = (fields: Partial<GitPage> & { id: string; slug: string }): GitPage => ({
  title: fields.slug,
  emoji: '',
  description: '',
  markdown: '',
  children: [],
  ...fields,
});
const file = (id: string, name: string, bytes = 'x'): GitFile => ({ id, name, contentType: 'image/png', bytes: utf8.encode(bytes) });

describe('toGitFiles', () => {
  const content: GitContent = {
    pages: [
      page({ id: 'home', slug: 'home', title: 'Welcome', markdown: 'See [setup](/pages/setup#install) and ![logo](/files/logo).\n' }),
      page({
        id: 'guide',
        slug: 'guide',
        title: 'Guide [v2]',
        description: 'How: to',
        emoji: '1f680',
        markdown: '{% content-ref url="/pages/home" %}\n[Home](/pages/home)\n{% endcontent-ref %}\n',
        children: [
          page({
            id: 'setup',
            slug: 'setup',
            title: 'Set up',
            markdown: '{% file src="/files/logo-2" %}\n[up](/pages/guide) [gone](/pages/nope)\n',
          }),
        ],
      }),
      page({ id: 'summary', slug: 'summary', title: 'Summary page' }),
    ],
    files: [file('logo', 'logo.png'), file('logo-2', 'logo.png', 'y')],
  };
  const files = toGitFiles(content);

  it('writes GitBook layout: .gitbook.yaml, SUMMARY.md, README.md first, folders for pages with children, assets', () => {
    expect([...files.keys()]).toEqual([
      '.gitbook.yaml',
      'SUMMARY.md',
      'README.md',
      'guide/README.md',
      'guide/setup.md',
      '_summary.md',
      '.gitbook/assets/logo (1).png',
      '.gitbook/assets/logo.png',
    ]);
    expect(text(files, '.gitbook.yaml')).toBe('root: ./\n\nstructure:\n  readme: "README.md"\n  summary: SUMMARY.md\n');
    expect(text(files, 'SUMMARY.md')).toBe(
      '# Table of contents\n\n* [Welcome](README.md)\n* [Guide \\[v2\\]](guide/README.md)\n' +
        '  * [Set up](guide/setup.md)\n* [Summary page](_summary.md)\n',
    );
  });

  it('rewrites links between pages and to files relative to each page, leaving unknown ones', () => {
    expect(text(files, 'README.md')).toBe('# Welcome\n\nSee [setup](guide/setup.md#install) and ![logo](.gitbook/assets/logo.png).\n');
    expect(text(files, 'guide/README.md')).toBe(
      "---\ndescription: 'How: to'\nemoji: 1f680\n---\n\n# Guide [v2]\n\n" +
        '{% content-ref url="../README.md" %}\n[Home](../README.md)\n{% endcontent-ref %}\n',
    );
    expect(text(files, 'guide/setup.md')).toBe(
      '# Set up\n\n{% file src="../.gitbook/assets/logo%20%281%29.png" %}\n[up](README.md) [gone](/pages/nope)\n',
    );
  });

  it('reads back what it wrote: titles, tree, metadata, bodies with stable links', () => {
    const back = fromGitFiles(files);
    expect(back.pages.map((p) => [p.title, p.slug, p.children.map((c) => c.title)])).toEqual([
      ['Welcome', 'welcome', []],
      ['Guide [v2]', 'guide', ['Set up']],
      ['Summary page', '_summary', []],
    ]);
    const [home, guide] = back.pages;
    expect(home!.markdown).toBe('See [setup](/pages/page-2#install) and ![logo](/files/file-1).\n');
    expect(guide).toMatchObject({ description: 'How: to', emoji: '1f680' });
    expect(guide!.children[0]!.markdown).toBe('{% file src="/files/file-0" %}\n[up](/pages/page-1) [gone](/pages/nope)\n');
    expect(back.files.map((f) => [f.name, f.contentType])).toEqual([
      ['logo (1).png', 'image/png'],
      ['logo.png', 'image/png'],
    ]);
  });

  it('keeps a first page with children in its folder and names it as the readme', () => {
    const out = toGitFiles({ pages: [page({ id: 'a', slug: 'a', children: [page({ id: 'b', slug: 'b' })] })], files: [] });
    expect([...out.keys()]).toEqual(['.gitbook.yaml', 'SUMMARY.md', 'a/README.md', 'a/b.md']);
    expect(text(out, '.gitbook.yaml')).toContain('readme: "a/README.md"');
    expect(fromGitFiles(out).pages[0]).toMatchObject({ slug: 'a', children: [{ slug: 'b' }] });
  });

  it('never writes outside the folder nor twice to one path', () => {
    const out = toGitFiles({
      pages: [
        page({ id: '1', slug: 'first' }),
        page({ id: '2', slug: '..', children: [page({ id: '3', slug: '.' })] }),
        page({ id: '4', slug: 'x' }),
        page({ id: '5', slug: 'x.md', children: [page({ id: '6', slug: 'y' })] }),
        page({ id: '7', slug: 'README' }),
      ],
      files: [file('f', '../../etc/passwd')],
    });
    expect([...out.keys()]).toEqual([
      '.gitbook.yaml',
      'SUMMARY.md',
      'README.md',
      '_../README.md',
      '_../_..md',
      'x.md',
      '_x.md/README.md',
      '_x.md/y.md',
      '_README.md',
      '.gitbook/assets/.._.._etc_passwd',
    ]);
  });
});

describe('fromGitFiles on other folders', () => {
  const folder = (entries: Record<string, string>) => new Map(Object.entries(entries).map(([k, v]) => [k, utf8.encode(v)]));

  it('reads GitBook groups as pages, titles from SUMMARY.md, front matter GitBook writes', () => {
    const back = fromGitFiles(
      folder({
        'docs/README.md': '# Intro\n\nHello',
        'docs/SUMMARY.md':
          '# Table of contents\n\n* [Intro](README.md)\n\n## Reference\n\n* [API](api/README.md)\n  * [Auth](<api/auth method.md>)\n',
        'docs/api/README.md': '---\ndescription: >-\n  All the\n  endpoints\n---\n\n# API\n\nSee [auth](<auth method.md>)',
        'docs/api/auth method.md': 'No heading',
        'docs/.gitbook/assets/a.png': 'png',
      }),
    );
    expect(
      back.pages.map((p) => [p.title, p.slug, p.children.map((c) => [c.title, c.slug, c.children.map((g) => [g.title, g.slug])])]),
    ).toEqual([
      ['Intro', 'intro', []],
      ['Reference', 'reference', [['API', 'api', [['Auth', 'auth-method']]]]],
    ]);
    expect(back.pages[1]!.children[0]).toMatchObject({ description: 'All the endpoints', markdown: 'See [auth](<auth method.md>)' });
    expect(back.files).toEqual([{ id: 'file-0', name: 'a.png', contentType: 'image/png', bytes: utf8.encode('png') }]);
  });

  it('reads plain markdown folders without SUMMARY.md: files and folders sorted, README.md first, titles from headings', () => {
    const back = fromGitFiles(
      folder({
        'b.md': '# Bee\n\nb',
        'README.md': 'home',
        'guide/z.md': 'z',
        'guide/README.md': '# The guide\n',
        'img/p.png': 'p',
        'a.md': 'see ![p](img/p.png)',
      }),
    );
    expect(back.pages.map((p) => [p.title, p.slug, p.children.map((c) => c.title)])).toEqual([
      ['README', 'readme', []],
      ['a', 'a', []],
      ['Bee', 'b', []],
      ['The guide', 'guide', ['z']],
    ]);
    expect(back.pages[1]!.markdown).toBe('see ![p](/files/file-0)');
  });

  it('refuses pages nested past the cap', () => {
    const deep = Array.from({ length: 60 }, (_, i) => `${'  '.repeat(i)}* [p${i}](p${i}.md)`).join('\n');
    expect(() => fromGitFiles(folder({ 'SUMMARY.md': deep }))).toThrow(/nest more than 50 levels/);
    expect(() => fromGitFiles(folder({ [`${'d/'.repeat(60)}x.md`]: 'x' }))).toThrow(/nest more than 50 levels/);
  });
});

/** Generated spaces: nested pages with awkward slugs, titles and metadata, bodies linking pages and files, files with clashing names. */
const slug = fc.stringMatching(/^[a-zA-Z0-9._%()é-]{1,8}$/).filter((s) => !/[\s/?#]/.test(s));
const freeText = fc.string({
  unit: fc.constantFrom('a', ' ', '[', ']', '\\', '&', '#', '\n', '(', ')', '"', 'é', '`', '*', ':', '-'),
  maxLength: 20,
});

const spaceArb: fc.Arbitrary<GitContent> = fc
  .record({
    shape: fc.array(fc.nat({ max: 20 }), { minLength: 0, maxLength: 14 }),
    slugs: fc.array(slug, { minLength: 14, maxLength: 14 }),
    titles: fc.array(freeText, { minLength: 14, maxLength: 14 }),
    metas: fc.array(fc.tuple(freeText, fc.constantFrom('', '1f680', 'x')), { minLength: 14, maxLength: 14 }),
    bodies: fc.array(
      fc.array(fc.tuple(freeText, fc.nat(), fc.constantFrom('page', 'anchor', 'file', 'image', 'src', 'url')), { maxLength: 4 }),
      {
        minLength: 14,
        maxLength: 14,
      },
    ),
    files: fc.array(fc.tuple(fc.constantFrom('a.png', 'a (1).png', 'b c.pdf', 'noext', 'x.png'), fc.uint8Array({ maxLength: 8 })), {
      maxLength: 5,
    }),
  })
  .map(({ shape, slugs, titles, metas, bodies, files }) => {
    const gitFiles = files.map(([name, bytes], i) => ({
      id: `fl${i}x`,
      name,
      contentType: 'application/octet-stream',
      bytes: Uint8Array.of(i, ...bytes),
    }));
    const pages: GitPage[] = [];
    const all: GitPage[] = [];
    for (const [i, parentPick] of shape.entries()) {
      const node = page({ id: `pg${i}x`, slug: slugs[i]!, title: titles[i]!, description: metas[i]![0], emoji: metas[i]![1] });
      const parent = parentPick % (all.length + 1);
      const siblings = parent === all.length ? pages : all[parent]!.children;
      if (siblings.some((s) => s.slug === node.slug)) continue;
      siblings.push(node);
      all.push(node);
    }
    for (const [i, node] of all.entries()) {
      node.markdown = bodies[i]!.map(([words, pick, kind]) => {
        const target = all[pick % all.length]!.id;
        const fileId = gitFiles.length > 0 ? gitFiles[pick % gitFiles.length]!.id : 'none';
        if (kind === 'page') return `${words}[p](/pages/${target})`;
        if (kind === 'anchor') return `${words}[p](/pages/${target}#sec-${pick})`;
        if (kind === 'file') return `${words}{% file src="/files/${fileId}" %}`;
        if (kind === 'image') return `${words}![i](/files/${fileId})`;
        if (kind === 'src') return `<img src="/files/${fileId}">${words}`;
        return `{% content-ref url="/pages/${target}" %}\n[x](./relative.md)\n{% endcontent-ref %}${words}`;
      }).join('\n');
    }
    return { pages, files: gitFiles };
  });

const sameFiles = (a: ReadonlyMap<string, Uint8Array>, b: ReadonlyMap<string, Uint8Array>) =>
  expect([...b].map(([k, v]) => [k, Buffer.from(v).toString('hex')])).toEqual([...a].map(([k, v]) => [k, Buffer.from(v).toString('hex')]));

describe('the git layout round trip (property)', () => {
  it('files → content → files gives the same files byte for byte', () => {
    fc.assert(
      fc.property(spaceArb, (space) => {
        const first = toGitFiles(space);
        sameFiles(first, toGitFiles(fromGitFiles(first)));
      }),
      { numRuns: 100 },
    );
  });

  it('content → files → content keeps titles, metadata, order and bodies (links to the new ids)', () => {
    fc.assert(
      fc.property(spaceArb, (space) => {
        const back = fromGitFiles(toGitFiles(space));
        const before = pagesInOrder(space.pages);
        const after = pagesInOrder(back.pages);
        expect(after.map((p) => [p.title, p.description, p.emoji, p.children.length])).toEqual(
          before.map((p) => [p.title.replace(/[\r\n]+/g, ' ') && p.title, p.description, p.emoji, p.children.length]),
        );
        const newId = new Map(before.map((p, i) => [p.id, after[i]!.id]));
        const fileId = new Map(
          space.files.map((f) => [f.id, back.files.find((g) => Buffer.from(g.bytes).equals(Buffer.from(f.bytes)))!.id]),
        );
        for (const [i, p] of before.entries()) {
          const expected = p.markdown
            .replace(/\/pages\/(pg\d+x)/g, (_, id: string) => `/pages/${newId.get(id)}`)
            .replace(/\/files\/(fl\d+x)/g, (_, id: string) => `/files/${fileId.get(id)}`);
          expect(after[i]!.markdown).toBe(expected);
        }
      }),
      { numRuns: 100 },
    );
  });
});
