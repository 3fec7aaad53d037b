import { DocumentContext } from './document-links.domain';
import {
  DocumentBlock,
  DocumentInline,
  DocumentRef,
  InlineContent,
  JSONDocument,
  document,
  leaf,
  MarkType,
  paragraph,
  text,
} from './document-nodes.domain';
import { documentToMarkdown } from './document-to-markdown.domain';
import { validateDocument } from './document-validation.domain';
import { markdownToDocument } from './markdown-to-document.domain';
import { DOCUMENTS_CONTEXT } from './testing/document-arbitraries';
import { gitbookDocumentErrors } from './testing/gitbook-document-schema';

/** Examples of each block and mark, both ways; every document here validates against GitBook's own schema. */

const context: DocumentContext = DOCUMENTS_CONTEXT;
const t = (value: string, ...marks: MarkType[]) => text([leaf(value, marks)]);
const p = (...nodes: InlineContent[]) => paragraph(nodes);
const link = (ref: DocumentRef, ...nodes: InlineContent[]): DocumentInline =>
  ({ object: 'inline', type: 'link', data: { ref }, nodes: paragraph(nodes).nodes }) as DocumentInline;
const block = (type: string, data: object, nodes?: DocumentBlock[], extra: object = {}) =>
  ({ object: 'block', type, data, ...(nodes ? { nodes } : {}), ...extra }) as DocumentBlock;
const item = (nodes: DocumentBlock[], data: object = {}) => block('list-item', data, nodes);
const codeLines = (...lines: string[]) => lines.map((line) => block('code-line', {}, [t(line)] as never));
const url = (value: string): DocumentRef => ({ kind: 'url', url: value });

const tableOf = (title: string): DocumentBlock => ({
  object: 'block',
  type: 'table',
  data: {
    view: { type: 'grid', columns: ['c0'], hideHeader: false },
    records: {},
    definition: { c0: { id: 'c0', title, type: 'text', textAlignment: 'left' } },
  },
  fragments: [],
  isVoid: true,
});

function expectValid(doc: JSONDocument): void {
  expect(validateDocument(doc)).toEqual([]);
  expect(gitbookDocumentErrors(doc)).toEqual([]);
}

const BOTH_WAYS: Array<[string, string, DocumentBlock[]]> = [
  [
    'marks',
    'Plain **bold** _italic_ ~~struck~~ `code` **_both_** in*side*word',
    [
      p(
        text([
          leaf('Plain '),
          leaf('bold', ['bold']),
          leaf(' '),
          leaf('italic', ['italic']),
          leaf(' '),
          leaf('struck', ['strikethrough']),
          leaf(' '),
          leaf('code', ['code']),
          leaf(' '),
          leaf('both', ['bold', 'italic']),
          leaf(' in'),
          leaf('side', ['italic']),
          leaf('word'),
        ]),
      ),
    ],
  ],
  [
    'headings',
    '# One\n\n## Two\n\n### Three',
    [
      block('heading-1', {}, [t('One')] as never),
      block('heading-2', {}, [t('Two')] as never),
      block('heading-3', {}, [t('Three')] as never),
    ],
  ],
  [
    'lists, two in a row kept apart by their markers',
    '- a\n- b\n\n+ c\n\n3. three\n4. four',
    [
      block('list-unordered', {}, [item([p(t('a'))]), item([p(t('b'))])]),
      block('list-unordered', {}, [item([p(t('c'))])]),
      block('list-ordered', { start: 3 }, [item([p(t('three'))]), item([p(t('four'))])]),
    ],
  ],
  [
    'a task list',
    '- [ ] to do\n- [x] done',
    [block('list-tasks', {}, [item([p(t('to do'))], { checked: false }), item([p(t('done'))], { checked: true })])],
  ],
  [
    'nested lists',
    '1. one\n\n   - inner\n\n     more',
    [block('list-ordered', {}, [item([p(t('one')), block('list-unordered', {}, [item([p(t('inner')), p(t('more'))])])])])],
  ],
  ['quotes', '> quoted\n>\n> > deeper', [block('blockquote', {}, [p(t('quoted')), block('blockquote', {}, [p(t('deeper'))])])]],
  ['code with its language', '```js\nconst a = 1;\n\n```', [block('code', { syntax: 'js' }, codeLines('const a = 1;', ''))]],
  [
    "code with GitBook's title and options",
    '{% code title="index.js" overflow="wrap" lineNumbers="true" %}\n\n````\n```nested\n````\n\n{% endcode %}',
    [block('code', { title: 'index.js', overflow: 'wrap', lineNumbers: true }, codeLines('```nested'))],
  ],
  ['a divider', 'Above\n\n***\n\nBelow', [p(t('Above')), block('divider', {}, undefined, { isVoid: true }), p(t('Below'))]],
  [
    'a table',
    '| Name | Size |\n| --- | --: |\n| a `b` | 1 |\n| c \\| d |  |',
    [
      {
        object: 'block',
        type: 'table',
        data: {
          view: { type: 'grid', columns: ['c0', 'c1'], hideHeader: false },
          records: {
            r0: { orderIndex: 'a0', values: { c0: 'r0c0', c1: 'r0c1' } },
            r1: { orderIndex: 'a1', values: { c0: 'r1c0', c1: 'r1c1' } },
          },
          definition: {
            c0: { id: 'c0', title: 'Name', type: 'text', textAlignment: 'left' },
            c1: { id: 'c1', title: 'Size', type: 'text', textAlignment: 'right' },
          },
        },
        fragments: [
          { object: 'fragment', fragment: 'r0c0', nodes: [p(text([leaf('a '), leaf('b', ['code'])]))] },
          { object: 'fragment', fragment: 'r0c1', nodes: [p(t('1'))] },
          { object: 'fragment', fragment: 'r1c0', nodes: [p(t('c | d'))] },
          { object: 'fragment', fragment: 'r1c1', nodes: [p()] },
        ],
        isVoid: true,
      },
    ],
  ],
  [
    'images: a paragraph of them, one a line, and one in text',
    '![A cat](/files/f1 "The cat")\n![](https://example.com/dog.png)\n\nSee ![icon](/files/f2) here',
    [
      block(
        'images',
        {},
        [
          block('image', { ref: { kind: 'file', file: 'f1' }, alt: 'A cat' }, undefined, {
            fragments: [{ object: 'fragment', fragment: 'caption', nodes: [p(t('The cat'))] }],
            isVoid: true,
          }),
          block('image', { ref: url('https://example.com/dog.png') }, undefined, { fragments: [], isVoid: true }),
        ],
        { isVoid: false },
      ),
      p(
        t('See '),
        { object: 'inline', type: 'inline-image', data: { ref: { kind: 'file', file: 'f2' }, alt: 'icon' }, isVoid: true },
        t(' here'),
      ),
    ],
  ],
  [
    'links to a URL, a page, a place in this page and in another, a file',
    '[site](https://example.com/a?b=1&c=2) [guide](/pages/p0) [setup](#setup) [faq](/pages/p2#faq) [file](/files/f1) [](<./a b.md>)',
    [
      p(
        link(url('https://example.com/a?b=1&c=2'), t('site')),
        t(' '),
        link({ kind: 'page', page: 'p0' }, t('guide')),
        t(' '),
        link({ kind: 'anchor', anchor: 'setup' }, t('setup')),
        t(' '),
        link({ kind: 'anchor', anchor: 'faq', page: 'p2' }, t('faq')),
        t(' '),
        link({ kind: 'file', file: 'f1' }, t('file')),
        t(' '),
        link(url('./a b.md')),
      ),
    ],
  ],
  [
    'a hint',
    '{% hint style="warning" %}\n**Careful**\n\n- one\n{% endhint %}',
    [block('hint', { style: 'warning' }, [p(t('Careful', 'bold')), block('list-unordered', {}, [item([p(t('one'))])])])],
  ],
  [
    'tabs',
    [
      '{% tabs %}\n{% tab title="npm" %}\n```sh\nnpm i\n```\n{% endtab %}',
      '{% tab title="Notes" %}\n{% hint style="info" %}\nx\n{% endhint %}\n{% endtab %}\n{% endtabs %}',
    ].join('\n\n'),
    [
      block('tabs', {}, [
        block('tabs-item', { title: 'npm' }, [block('code', { syntax: 'sh' }, codeLines('npm i'))]),
        block('tabs-item', { title: 'Notes' }, [block('hint', { style: 'info' }, [p(t('x'))])]),
      ]),
    ],
  ],
  [
    'an embed',
    '{% embed url="https://www.youtube.com/watch?v=1" %}',
    [block('embed', { url: 'https://www.youtube.com/watch?v=1' }, undefined, { isVoid: true })],
  ],
  ['a file', '{% file src="/files/f2" %}', [block('file', { ref: { kind: 'file', file: 'f2' } }, undefined, { isVoid: true })]],
  [
    'a content reference',
    '{% content-ref url="/pages/p2" %}\n[/pages/p2](/pages/p2)\n{% endcontent-ref %}',
    [block('content-ref', { ref: { kind: 'page', page: 'p2' } }, undefined, { isVoid: true })],
  ],
  [
    'line breaks and characters markdown would read as syntax',
    '\\# 1. \\*not\\* \\_marks\\_ \\[or\\] \\<links> \\\\ \\| \\{% x %} \\&amp;\\\nnext&#32;\\\n&#32;&#32;indented&#10;',
    [p(t('# 1. *not* _marks_ [or] <links> \\ | {% x %} &amp;\nnext \n  indented\n'))],
  ],
];

describe('markdown ↔ GitBook document: each block and mark, both ways', () => {
  it.each(BOTH_WAYS)('%s', (_, markdown, nodes) => {
    const doc = document(nodes);
    expect(markdownToDocument(markdown, context)).toEqual(doc);
    expect(documentToMarkdown(doc, context)).toBe(`${markdown}\n`);
    expectValid(doc);
  });
});

const FROM_MARKDOWN: Array<[string, string, DocumentBlock[]]> = [
  [
    "headings past GitBook's three as its third",
    '#### Four\n\n###### Six',
    [block('heading-3', {}, [t('Four')] as never), block('heading-3', {}, [t('Six')] as never)],
  ],
  ['a soft line break as a space', 'one\ntwo', [p(t('one two'))]],
  [
    'the other emphasis markers, an autolink',
    '*a* __b__ <https://a.test>',
    [p(t('a', 'italic'), t(' '), t('b', 'bold'), t(' '), link(url('https://a.test'), t('https://a.test')))],
  ],
  [
    'relative links, resolved in the space',
    '[install](./install.md) [faq](../faq.md#top) [gone](./gone.md)',
    [
      p(
        link({ kind: 'page', page: 'p1' }, t('install')),
        t(' '),
        link({ kind: 'anchor', anchor: 'top', page: 'p2' }, t('faq')),
        t(' '),
        link(url('./gone.md'), t('gone')),
      ),
    ],
  ],
  ['HTML and unsafe links as text', '<b>x</b> [js](javascript:alert(1))', [p(t('<b>x</b> [js](javascript:alert(1))'))]],
  [
    'a list of some tasks as a list',
    '- [ ] task\n- plain',
    [block('list-unordered', {}, [item([p(t('[ ] task'))]), item([p(t('plain'))])])],
  ],
  [
    'code in a hint as code text (GitBook hints hold no code)',
    '{% hint style="info" %}\n```\na\nb\n```\n{% endhint %}',
    [block('hint', { style: 'info' }, [p(t('a', 'code'), t('\n'), t('b', 'code'))])],
  ],
  [
    'a table in a quote as lines of text',
    '> | a | b |\n> | - | - |\n> | 1 | 2 |',
    [block('blockquote', {}, [p(t('a | b')), p(t('1 | 2'))])],
  ],
  [
    'tabs in a list as titled text',
    '- {% tabs %}\n  {% tab title="T" %}\n  x\n  {% endtab %}\n  {% endtabs %}',
    [block('list-unordered', {}, [item([p(t('T', 'bold')), p(t('x'))])])],
  ],
  [
    'an embed with a caption, the caption after it',
    '{% embed url="https://a.test" %}\nCaption\n{% endembed %}',
    [block('embed', { url: 'https://a.test' }, undefined, { isVoid: true }), p(t('Caption'))],
  ],
  [
    'a file tag that names no file as a link',
    '{% file src="https://a.test/x.pdf" %}',
    [p(link(url('https://a.test/x.pdf'), t('https://a.test/x.pdf')))],
  ],
  [
    'a tab without tabs as tabs',
    '{% tab title="Alone" %}\nx\n{% endtab %}',
    [block('tabs', {}, [block('tabs-item', { title: 'Alone' }, [p(t('x'))])])],
  ],
  ['an unclosed hint as text', '{% hint style="info" %}\nNever closed', [p(t('{% hint style="info" %} Never closed'))]],
  ['formatting in a table header as its text', '| **Bold** |\n| - |', [tableOf('Bold')]],
  ['a code tag around no code as what it holds', '{% code title="x" %}\nText\n{% endcode %}', [p(t('Text'))]],
  ['nothing as one empty paragraph', '', [p()]],
];

describe('markdown → GitBook document: what GitBook has no place for', () => {
  it.each(FROM_MARKDOWN)('%s', (_, markdown, nodes) => {
    const doc = markdownToDocument(markdown, context);
    expect(doc).toEqual(document(nodes));
    expectValid(doc);
  });
});

const TO_MARKDOWN: Array<[string, DocumentBlock[], string]> = [
  ['empty paragraphs as nothing', [p(), p(t('x')), p()], 'x\n'],
  ['spaces at the edge of a mark outside it', [p(t('a'), t(' b ', 'bold'), t('c'))], 'a **b** c\n'],
  ['a mark markdown cannot open where it stands as its text', [p(t('a'), t('(b)', 'bold'), t('c'))], 'a(b)c\n'],
  ['a line break ending a heading as a space', [block('heading-2', {}, [t('a\nb')] as never)], '## a b\n'],
  ['a link to another kind of place, with a context of its own', [p(link({ kind: 'page', page: 'p9' }, t('x')))], '[x](pages/p9.md)\n'],
];

describe('GitBook document → markdown: what markdown cannot say', () => {
  it.each(TO_MARKDOWN)('%s', (name, nodes, markdown) => {
    const own: DocumentContext = name.includes('context') ? { pageHref: (page) => `pages/${page}.md` } : context;
    expect(documentToMarkdown(document(nodes), own)).toBe(markdown);
  });
});
