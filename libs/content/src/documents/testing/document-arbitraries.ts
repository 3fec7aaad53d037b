import fc from 'fast-check';
import { LinkTargets } from '../../links/links.domain';
import { DocumentContext, revisionDocumentContext } from '../document-links.domain';
import {
  BLOCKS_IN,
  BlockContainer,
  BlockType,
  CODE_OVERFLOWS,
  DocumentBlock,
  DocumentInlineImage,
  DocumentLeaf,
  DocumentLink,
  DocumentRef,
  HEADING_TYPES,
  HINT_STYLES,
  ImageRef,
  InlineContent,
  JSONDocument,
  ListItemBlock,
  MARK_TYPES,
  MarkType,
  TABLE_ALIGNMENTS,
  TableBlock,
} from '../document-nodes.domain';

/**
 * fast-check arbitraries of GitBook documents made of the nodes converted here, each block where
 * GitBook's schema allows it, with text that exercises markdown's syntax characters, and the
 * space their links live in (`DOCUMENTS_CONTEXT`).
 */

const PAGES = new Map([
  ['p0', 'guide'],
  ['p1', 'guide/install'],
  ['p2', 'faq'],
]);
const FILES = new Set(['f1', 'f2']);

const targets: LinkTargets = {
  hasPage: (id) => PAGES.has(id),
  pageAtPath: (path) => [...PAGES].find(([, p]) => p === path)?.[0],
  pathOf: (id) => PAGES.get(id),
  hasChildren: (id) => id === 'p0',
  firstPage: () => 'p0',
  hasFile: (id) => FILES.has(id),
  fileNamed: () => undefined,
};

/** The documents are bodies of page `p1`, in a space of three pages and two files. */
export const DOCUMENTS_CONTEXT: DocumentContext = revisionDocumentContext('p1', targets);

/** Characters markdown reads as syntax somewhere, and a few others (accents, an emoji, a no-break space). */
const SYNTAX = [...'*_~`[]()<>#!|{}%&\\-+=.:;\'"/@$^?,'];
const OTHER = ['a', 'b', 'z', 'A', '0', '1', '9', ' ', ' ', '\t', 'é', '😀', '\u00a0', 'x y'];

const char = (newlines: boolean) => fc.constantFrom(...SYNTAX, ...OTHER, ...(newlines ? ['\n'] : []));
const textOf = (newlines: boolean, maxLength = 12) => fc.array(char(newlines), { maxLength }).map((chars) => chars.join(''));
/** Fragments that markdown reads as syntax, to find the seams between escapes. */
const tricky = fc.constantFrom(
  '1. ',
  '- ',
  '# ',
  '> ',
  '{% hint %}',
  '{% endtab %}',
  '&amp;',
  '&#32;',
  '```',
  '***',
  '\\',
  '|',
  '[ ] ',
  '    x',
);
const textValue = (newlines: boolean) => fc.oneof({ weight: 4, arbitrary: textOf(newlines) }, { weight: 1, arbitrary: tricky });

const leafOf = (newlines: boolean, marks = true): fc.Arbitrary<DocumentLeaf> =>
  fc
    .record({
      text: textValue(newlines),
      marks: marks ? fc.subarray([...MARK_TYPES]) : fc.constant<MarkType[]>([]),
    })
    .map(({ text, marks }) => ({ object: 'leaf', text, marks: marks.map((type) => ({ object: 'mark', type })) }));

const textNode = (newlines: boolean, marks = true) =>
  fc.array(leafOf(newlines, marks), { minLength: 1, maxLength: 4 }).map((leaves) => ({ object: 'text' as const, leaves }));

const url = fc.constantFrom(
  'https://example.com/a?b=1&c=2',
  'https://x.test/path_(1)',
  'mailto:a@b.c',
  './other page.md',
  'https://e.com/<x>',
);
const linkRef: fc.Arbitrary<DocumentRef> = fc.oneof(
  url.map((u) => ({ kind: 'url' as const, url: u })),
  fc.constantFrom('p0', 'p2').map((page) => ({ kind: 'page' as const, page })),
  fc.constantFrom('f1', 'f2').map((file) => ({ kind: 'file' as const, file })),
  fc.constant({ kind: 'anchor' as const, anchor: 'setup' }),
  fc.constant({ kind: 'anchor' as const, anchor: 'faq', page: 'p2' }),
);
const imageRef: fc.Arbitrary<ImageRef> = fc.oneof(
  fc.constantFrom('https://example.com/i.png', 'https://x.test/a b.png').map((u) => ({ kind: 'url' as const, url: u })),
  fc.constantFrom('f1', 'f2').map((file) => ({ kind: 'file' as const, file })),
);
const attribute = fc.oneof(textOf(false, 8), fc.constantFrom('Title "quoted"', 'a %} b', 'a & b', 'x\\y'));
const optionalText = fc.option(
  textOf(false, 8).filter((t) => t !== ''),
  { nil: undefined },
);

const inlineImage: fc.Arbitrary<DocumentInlineImage> = fc
  .record({ ref: imageRef, alt: optionalText, caption: optionalText })
  .map(({ ref, alt, caption }) => ({
    object: 'inline',
    type: 'inline-image',
    data: { ref, ...(alt ? { alt } : {}), ...(caption ? { caption } : {}) },
    isVoid: true,
  }));

const link = (newlines: boolean): fc.Arbitrary<DocumentLink> =>
  fc
    .record({
      ref: linkRef,
      nodes: fc.array(fc.oneof({ weight: 4, arbitrary: textNode(newlines) }, { weight: 1, arbitrary: inlineImage }), {
        minLength: 1,
        maxLength: 3,
      }),
    })
    .map(({ ref, nodes }) => ({ object: 'inline', type: 'link', data: { ref }, nodes }));

const inlines = (newlines: boolean): fc.Arbitrary<InlineContent[]> =>
  fc.array(
    fc.oneof({ weight: 6, arbitrary: textNode(newlines) }, { weight: 1, arbitrary: link(newlines) }, { weight: 1, arbitrary: inlineImage }),
    {
      maxLength: 4,
    },
  );

const paragraph = inlines(true).map((nodes): DocumentBlock => ({ object: 'block', type: 'paragraph', data: {}, nodes }));

const heading = fc
  .record({ type: fc.constantFrom(...HEADING_TYPES), nodes: inlines(false) })
  .map(({ type, nodes }): DocumentBlock => ({ object: 'block', type, data: {}, nodes }));

const codeLine = fc
  .oneof(
    { weight: 4, arbitrary: textOf(false) },
    { weight: 1, arbitrary: fc.constantFrom('```', '~~~~', '{% endtab %}', '\tindented', '') },
  )
  .map((line) => ({
    object: 'block' as const,
    type: 'code-line' as const,
    data: {},
    nodes: [{ object: 'text' as const, leaves: [{ object: 'leaf' as const, text: line, marks: [] }] }],
  }));

const code = fc
  .record({
    syntax: fc.option(fc.constantFrom('js', 'c++', 'shell-session', 'a`b'), { nil: undefined }),
    title: fc.option(attribute, { nil: undefined }),
    overflow: fc.option(fc.constantFrom(...CODE_OVERFLOWS), { nil: undefined }),
    lineNumbers: fc.option(fc.boolean(), { nil: undefined }),
    lines: fc.array(codeLine, { minLength: 1, maxLength: 4 }),
  })
  .map(
    ({ lines, ...data }): DocumentBlock => ({
      object: 'block',
      type: 'code',
      data: Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)),
      nodes: lines,
    }),
  );

const images = fc.array(inlineImage, { minLength: 1, maxLength: 3 }).map(
  (list): DocumentBlock => ({
    object: 'block',
    type: 'images',
    data: {},
    isVoid: false,
    nodes: list.map(({ data: { ref, alt, caption } }) => ({
      object: 'block',
      type: 'image',
      data: { ref, ...(alt ? { alt } : {}) },
      fragments: caption
        ? [
            {
              object: 'fragment',
              fragment: 'caption',
              nodes: [
                {
                  object: 'block',
                  type: 'paragraph',
                  data: {},
                  nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: caption, marks: [] }] }],
                },
              ],
            },
          ]
        : [],
      isVoid: true,
    })),
  }),
);

const table = fc
  .integer({ min: 1, max: 3 })
  .chain((width) =>
    fc.record({
      titles: fc.array(textOf(false, 6), { minLength: width, maxLength: width }),
      alignments: fc.array(fc.constantFrom(...TABLE_ALIGNMENTS), { minLength: width, maxLength: width }),
      rows: fc.array(fc.array(inlines(false), { minLength: width, maxLength: width }), { maxLength: 3 }),
    }),
  )
  .map(({ titles, alignments, rows }): TableBlock => {
    const ids = titles.map((_, i) => `col${i}`);
    return {
      object: 'block',
      type: 'table',
      data: {
        view: { type: 'grid', columns: ids, hideHeader: false },
        records: Object.fromEntries(
          rows.map((_, r) => [`row${r}`, { orderIndex: `a${r}`, values: Object.fromEntries(ids.map((id) => [id, `row${r}-${id}`])) }]),
        ),
        definition: Object.fromEntries(ids.map((id, i) => [id, { id, title: titles[i]!, type: 'text', textAlignment: alignments[i]! }])),
      },
      fragments: rows.flatMap((cells, r) =>
        cells.map((nodes, c) => ({
          object: 'fragment' as const,
          fragment: `row${r}-${ids[c]}`,
          nodes: [{ object: 'block' as const, type: 'paragraph' as const, data: {}, nodes }],
        })),
      ),
      isVoid: true,
    };
  });

const leaves: Partial<Record<BlockType, fc.Arbitrary<DocumentBlock>>> = {
  paragraph,
  'heading-1': heading,
  divider: fc.constant({ object: 'block', type: 'divider', data: {}, isVoid: true }),
  code,
  images,
  table,
  file: fc
    .constantFrom('f1', 'f2')
    .map((file): DocumentBlock => ({ object: 'block', type: 'file', data: { ref: { kind: 'file', file } }, isVoid: true })),
  embed: url.map((u): DocumentBlock => ({ object: 'block', type: 'embed', data: { url: u }, isVoid: true })),
  'content-ref': linkRef.map((ref): DocumentBlock => ({ object: 'block', type: 'content-ref', data: { ref }, isVoid: true })),
};

const memo = new Map<string, fc.Arbitrary<DocumentBlock[]>>();

/** Blocks a container may hold, nesting at most `depth` more containers. */
export function blocksIn(container: BlockContainer, depth: number): fc.Arbitrary<DocumentBlock[]> {
  const key = `${container}:${depth}`;
  const known = memo.get(key);
  if (known) return known;
  const allowed = BLOCKS_IN[container] as readonly BlockType[];
  const options: fc.Arbitrary<DocumentBlock>[] = allowed.flatMap((type) => (leaves[type] ? [leaves[type]] : []));
  if (depth > 0) {
    const items = (inner: BlockContainer) => fc.array(blocksIn(inner, depth - 1), { minLength: 1, maxLength: 3 });
    const item = (nodes: DocumentBlock[], checked?: boolean): ListItemBlock => ({
      object: 'block',
      type: 'list-item',
      data: checked === undefined ? {} : { checked },
      nodes,
    });
    if (allowed.includes('list-unordered')) {
      options.push(
        items('list-item').map(
          (list): DocumentBlock => ({ object: 'block', type: 'list-unordered', data: {}, nodes: list.map((nodes) => item(nodes)) }),
        ),
        fc.record({ start: fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined }), list: items('list-item') }).map(
          ({ start, list }): DocumentBlock => ({
            object: 'block',
            type: 'list-ordered',
            data: start === undefined ? {} : { start },
            nodes: list.map((nodes) => item(nodes)),
          }),
        ),
        fc.array(fc.record({ checked: fc.boolean(), nodes: blocksIn('list-item', depth - 1) }), { minLength: 1, maxLength: 3 }).map(
          (list): DocumentBlock => ({
            object: 'block',
            type: 'list-tasks',
            data: {},
            nodes: list.map(({ checked, nodes }) => item(nodes, checked)),
          }),
        ),
      );
    }
    if (allowed.includes('blockquote'))
      options.push(
        blocksIn('blockquote', depth - 1).map((nodes): DocumentBlock => ({ object: 'block', type: 'blockquote', data: {}, nodes })),
      );
    if (allowed.includes('hint')) {
      options.push(
        fc
          .record({ style: fc.constantFrom(...HINT_STYLES), nodes: blocksIn('hint', depth - 1) })
          .map(({ style, nodes }): DocumentBlock => ({ object: 'block', type: 'hint', data: { style }, nodes })),
      );
    }
    if (allowed.includes('tabs')) {
      options.push(
        fc
          .array(fc.record({ title: fc.option(attribute, { nil: undefined }), nodes: blocksIn('tabs-item', depth - 1) }), {
            minLength: 1,
            maxLength: 3,
          })
          .map(
            (tabs): DocumentBlock => ({
              object: 'block',
              type: 'tabs',
              data: {},
              nodes: tabs.map(({ title, nodes }) => ({
                object: 'block',
                type: 'tabs-item',
                data: title === undefined ? {} : { title },
                nodes,
              })),
            }),
          ),
      );
    }
  }
  const arbitrary = fc.array(fc.oneof(...options), { minLength: 1, maxLength: 4 });
  memo.set(key, arbitrary);
  return arbitrary;
}

export const documents = (depth = 2): fc.Arbitrary<JSONDocument> =>
  blocksIn('document', depth).map((nodes) => ({ object: 'document', data: {}, nodes }));
