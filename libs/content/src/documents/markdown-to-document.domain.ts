import { generateNKeysBetween } from 'fractional-indexing';
import { fitBlocks, inlineText } from './block-fitting.domain';
import { DocumentContext, hrefOfRef, refOfHref } from './document-links.domain';
import { documentMarkdown, Token } from './document-markdown.domain';
import {
  BlockContainer,
  CODE_OVERFLOWS,
  CodeBlock,
  CodeOverflow,
  DocumentBlock,
  DocumentInlineImage,
  DocumentLeaf,
  DocumentLink,
  DocumentRef,
  document,
  HEADING_TYPES,
  HINT_STYLES,
  HintStyle,
  ImageBlock,
  ImageRef,
  InlineContent,
  JSONDocument,
  ListItemBlock,
  leaf,
  MarkType,
  normalizedInlines,
  paragraph,
  someBlocks,
  TableAlignment,
  TableBlock,
  TableColumn,
  TabsItemBlock,
  text,
} from './document-nodes.domain';
import { GitbookTagName, openedTag, tagAttribute } from './gitbook-blocks.domain';

/**
 * GitBook's JSON document for a body of markdown (document-markdown.domain.ts says which markdown).
 * Never throws; the work is linear in the markdown (markdown-it's, then one walk over its tokens).
 *
 * - Headings 1 to 3 are GitBook's three levels; 4 to 6, which GitBook lacks, are its third.
 * - A line break in a paragraph is a space (as it reads); a hard break (`\` or two spaces) is `\n`.
 * - A paragraph of images only, one a line, is an `images` block (an image's title is its caption).
 * - A list whose every item starts with `[ ]` or `[x]` is a task list.
 * - Links become GitBook references: a page or a file when `context` names one, else a URL.
 * - A block GitBook's schema does not allow where markdown put it becomes one it allows, keeping
 *   its text (block-fitting.domain.ts).
 */
export function markdownToDocument(markdown: string, context: DocumentContext = {}): JSONDocument {
  const reader = new TokenReader(documentMarkdown.parse(markdown, {}), context);
  return document(reader.fit('document', reader.blocks()));
}

const MARK_OF = new Map<string, MarkType>([
  ['strong_open', 'bold'],
  ['strong_close', 'bold'],
  ['em_open', 'italic'],
  ['em_close', 'italic'],
  ['s_open', 'strikethrough'],
  ['s_close', 'strikethrough'],
]);

const MARK_ORDER: readonly MarkType[] = ['bold', 'italic', 'strikethrough', 'code'];

const TASK = /^\[([ xX])\](?=\s|$)/;

/** The text an image's description reads as (its `alt`). */
function plainText(tokens: readonly Token[] | null): string {
  let out = '';
  for (const token of tokens ?? []) {
    // An image's description is parsed apart from its paragraph: escapes there stay `text_special` tokens.
    if (token.type === 'text' || token.type === 'text_special' || token.type === 'code_inline') out += token.content;
    else if (token.type === 'softbreak' || token.type === 'hardbreak') out += ' ';
    else if (token.type === 'image') out += plainText(token.children);
  }
  return out;
}

class TokenReader {
  private at = 0;

  constructor(
    private readonly tokens: readonly Token[],
    private readonly context: DocumentContext,
  ) {}

  fit(container: BlockContainer, blocks: DocumentBlock[]): DocumentBlock[] {
    return fitBlocks(container, blocks, (ref) => hrefOfRef(ref, this.context));
  }

  /** The blocks up to the end of the current container (whose closing token is read too), or of the tokens. */
  blocks(): DocumentBlock[] {
    const out: DocumentBlock[] = [];
    while (this.at < this.tokens.length) {
      const token = this.tokens[this.at]!;
      if (token.nesting === -1) {
        this.at++;
        break;
      }
      out.push(...this.block());
    }
    return out;
  }

  private skipContainer(): void {
    this.at++;
    this.blocks();
  }

  /** The blocks the token at the cursor starts (most often one), the cursor moved past it. */
  private block(): DocumentBlock[] {
    const token = this.tokens[this.at]!;
    const tag = openedTag(token);
    if (tag) {
      this.at++;
      return this.tag(tag, token, this.blocks());
    }
    switch (token.type) {
      case 'paragraph_open': {
        const children = this.tokens[this.at + 1]?.children ?? [];
        const images = children.length % 2 === 1 && children.every((t, i) => t.type === (i % 2 === 0 ? 'image' : 'softbreak'));
        const nodes = this.inlineAndClose();
        return [images ? imagesBlock(nodes) : paragraph(nodes)];
      }
      case 'heading_open': {
        const level = Math.min(Number(token.tag.slice(1)) || 3, 3);
        return [{ object: 'block', type: HEADING_TYPES[level - 1]!, data: {}, nodes: normalizedInlines(this.inlineAndClose()) }];
      }
      case 'bullet_list_open':
      case 'ordered_list_open':
        return [this.list(token)];
      case 'blockquote_open':
        this.at++;
        return [{ object: 'block', type: 'blockquote', data: {}, nodes: someBlocks(this.fit('blockquote', this.blocks())) }];
      case 'fence':
      case 'code_block':
        this.at++;
        return [codeBlock(token)];
      case 'hr':
        this.at++;
        return [{ object: 'block', type: 'divider', data: {}, isVoid: true }];
      case 'table_open':
        return [this.table()];
      default:
        if (token.nesting === 1) this.skipContainer();
        else this.at++;
        return [];
    }
  }

  /** The inline content of a block of text at the cursor (its opening token), the cursor moved past its closing token. */
  private inlineAndClose(): InlineContent[] {
    const inline = this.tokens[this.at + 1];
    this.at += inline?.type === 'inline' ? 3 : 2;
    return inline?.type === 'inline' ? this.inlines(inline.children ?? []) : [];
  }

  private list(open: Token): DocumentBlock {
    this.at++;
    const items: ListItemBlock[] = [];
    const boxes: Array<string | undefined> = [];
    while (this.at < this.tokens.length) {
      const token = this.tokens[this.at]!;
      if (token.nesting === -1) {
        this.at++;
        break;
      }
      if (token.type !== 'list_item_open') {
        this.block();
        continue;
      }
      this.at++;
      boxes.push(open.type === 'bullet_list_open' ? this.taskBox() : undefined);
      items.push({ object: 'block', type: 'list-item', data: {}, nodes: someBlocks(this.fit('list-item', this.blocks())) });
    }
    if (open.type === 'ordered_list_open') {
      const start = Number(open.attrGet('start') ?? 1);
      return { object: 'block', type: 'list-ordered', data: start === 1 ? {} : { start }, nodes: items };
    }
    if (items.length === 0 || boxes.some((box) => box === undefined))
      return { object: 'block', type: 'list-unordered', data: {}, nodes: items };
    const tasks = items.map((item, i) => ({ ...item, data: { checked: boxes[i] !== ' ' }, nodes: someBlocks(withoutTaskBox(item.nodes)) }));
    return { object: 'block', type: 'list-tasks', data: {}, nodes: tasks };
  }

  /** The box (` `, `x`) a list item's first paragraph opens with (`[ ] `, `[x] `), if it does. */
  private taskBox(): string | undefined {
    const paragraphOpen = this.tokens[this.at];
    const inline = this.tokens[this.at + 1];
    if (paragraphOpen?.type !== 'paragraph_open' || inline?.type !== 'inline') return undefined;
    const first = inline.children?.[0];
    const mark = TASK.exec(inline.content)?.[1];
    return mark !== undefined && first?.type === 'text' && TASK.test(first.content) ? mark : undefined;
  }

  private tag(name: GitbookTagName, open: Token, inner: DocumentBlock[]): DocumentBlock[] {
    switch (name) {
      case 'hint': {
        const style = tagAttribute(open, 'style');
        const known = (HINT_STYLES as readonly string[]).includes(style ?? '') ? (style as HintStyle) : 'info';
        return [{ object: 'block', type: 'hint', data: { style: known }, nodes: someBlocks(this.fit('hint', inner)) }];
      }
      case 'tab':
        return [{ object: 'block', type: 'tabs', data: {}, nodes: [tabsItem(open, this.fit('tabs-item', inner))] }];
      case 'tabs':
        return this.tabs(inner);
      case 'code':
        return codeWithAttributes(open, inner);
      case 'embed': {
        const url = tagAttribute(open, 'url');
        return url ? [{ object: 'block', type: 'embed', data: { url }, isVoid: true }, ...inner] : inner;
      }
      case 'file': {
        const src = tagAttribute(open, 'src');
        if (!src) return inner;
        const ref = refOfHref(src, this.context);
        if (ref.kind === 'file') return [{ object: 'block', type: 'file', data: { ref }, isVoid: true }, ...inner];
        return [paragraph([link(ref, [text([leaf(plainOf(inner) || src)])])])];
      }
      case 'content-ref': {
        const url = tagAttribute(open, 'url');
        if (!url) return inner;
        // The link GitBook writes inside is for renderers that know no content references.
        return [{ object: 'block', type: 'content-ref', data: { ref: refOfHref(url, this.context) }, isVoid: true }];
      }
    }
  }

  /**
   * The tabs of a `tabs` tag: its `tab` tags (each read as tabs of one tab), anything else between
   * them joined to the tab before (or to an untitled first tab).
   */
  private tabs(inner: DocumentBlock[]): DocumentBlock[] {
    const items: TabsItemBlock[] = [];
    for (const block of inner) {
      if (block.type === 'tabs') items.push(...block.nodes);
      else if (items.length === 0) items.push({ object: 'block', type: 'tabs-item', data: {}, nodes: this.fit('tabs-item', [block]) });
      else {
        const last = items[items.length - 1]!;
        items[items.length - 1] = { ...last, nodes: [...last.nodes, ...this.fit('tabs-item', [block])] };
      }
    }
    if (items.length === 0) return [];
    return [{ object: 'block', type: 'tabs', data: {}, nodes: items.map((item) => ({ ...item, nodes: someBlocks(item.nodes) })) }];
  }

  private table(): TableBlock {
    const rows: Array<{ cells: InlineContent[][]; alignments: TableAlignment[] }> = [];
    this.at++;
    while (this.at < this.tokens.length) {
      const token = this.tokens[this.at]!;
      if (token.type === 'table_close') {
        this.at++;
        break;
      }
      if (token.type === 'tr_open') rows.push({ cells: [], alignments: [] });
      if ((token.type === 'th_open' || token.type === 'td_open') && rows.length > 0) {
        const style = token.attrGet('style') ?? '';
        const alignment = /text-align:(left|center|right)/.exec(style)?.[1] as TableAlignment | undefined;
        rows[rows.length - 1]!.alignments.push(alignment ?? 'left');
        rows[rows.length - 1]!.cells.push(this.inlineAndClose());
        continue;
      }
      this.at++;
    }
    return tableBlock(rows);
  }

  private inlines(tokens: readonly Token[]): InlineContent[] {
    const out: InlineContent[] = [];
    const open = new Map<MarkType, number>();
    let leaves: DocumentLeaf[] = [];
    let linkStart: { ref: DocumentRef; outer: InlineContent[] } | null = null;
    let target = out;
    const flush = () => {
      if (leaves.length > 0) target.push(text(leaves));
      leaves = [];
    };
    const marks = (extra?: MarkType) => MARK_ORDER.filter((m) => (open.get(m) ?? 0) > 0 || m === extra);
    for (const token of tokens) {
      const mark = MARK_OF.get(token.type);
      if (mark) open.set(mark, Math.max(0, (open.get(mark) ?? 0) + token.nesting));
      else if (token.type === 'text') leaves.push(leaf(token.content, marks()));
      else if (token.type === 'code_inline') leaves.push(leaf(token.content, marks('code')));
      else if (token.type === 'softbreak') leaves.push(leaf(' ', marks()));
      else if (token.type === 'hardbreak') leaves.push(leaf('\n', marks()));
      else if (token.type === 'image') {
        flush();
        target.push(inlineImage(token, this.context));
      } else if (token.type === 'link_open' && !linkStart) {
        flush();
        linkStart = { ref: refOfHref(token.attrGet('href') ?? '', this.context), outer: target };
        target = [];
      } else if (token.type === 'link_close' && linkStart) {
        flush();
        const nodes = target as Array<DocumentLink['nodes'][number]>;
        target = linkStart.outer;
        target.push(link(linkStart.ref, nodes));
        linkStart = null;
      } else if (token.content) leaves.push(leaf(token.content, marks()));
    }
    flush();
    return normalizedInlines(out);
  }
}

/** The first paragraph of a task's blocks without its box. */
function withoutTaskBox(nodes: DocumentBlock[]): DocumentBlock[] {
  const [first, ...rest] = nodes;
  if (first?.type !== 'paragraph') return nodes;
  const [head, ...others] = first.nodes;
  if (head?.object !== 'text') return nodes;
  const [firstLeaf, ...leaves] = head.leaves;
  const stripped = firstLeaf!.text.replace(TASK, '').replace(/^[ \t]/, '');
  const kept = stripped === '' ? leaves : [{ ...firstLeaf!, text: stripped }, ...leaves];
  return kept.length === 0 && others.length === 0 ? rest : [paragraph([text(kept), ...others]), ...rest];
}

function tabsItem(open: Token, nodes: DocumentBlock[]): TabsItemBlock {
  const title = tagAttribute(open, 'title');
  return { object: 'block', type: 'tabs-item', data: title ? { title } : {}, nodes: someBlocks(nodes) };
}

const link = (ref: DocumentRef, nodes: DocumentLink['nodes']): DocumentLink => ({
  object: 'inline',
  type: 'link',
  data: { ref },
  nodes: normalizedInlines(nodes) as DocumentLink['nodes'],
});

const plainOf = (blocks: readonly DocumentBlock[]): string =>
  blocks
    .flatMap((block) => (block.type === 'paragraph' ? [inlineText(block.nodes)] : []))
    .join(' ')
    .trim();

function imageRef(src: string, context: DocumentContext): ImageRef {
  const ref = refOfHref(src, context);
  return ref.kind === 'file' || ref.kind === 'url' ? ref : { kind: 'url', url: src };
}

function inlineImage(token: Token, context: DocumentContext): DocumentInlineImage {
  const alt = plainText(token.children);
  const caption = token.attrGet('title');
  return {
    object: 'inline',
    type: 'inline-image',
    data: { ref: imageRef(token.attrGet('src') ?? '', context), ...(alt ? { alt } : {}), ...(caption ? { caption } : {}) },
    isVoid: true,
  };
}

/** The block of a paragraph of images only (one a line). */
function imagesBlock(nodes: readonly InlineContent[]): DocumentBlock {
  const images = nodes.filter((node): node is DocumentInlineImage => node.object === 'inline' && node.type === 'inline-image');
  return { object: 'block', type: 'images', data: {}, nodes: images.map(imageBlock), isVoid: false };
}

function imageBlock(image: DocumentInlineImage): ImageBlock {
  const { ref, alt, caption } = image.data;
  return {
    object: 'block',
    type: 'image',
    data: { ref, ...(alt ? { alt } : {}) },
    fragments: caption ? [{ object: 'fragment', fragment: 'caption', nodes: [paragraph([text([leaf(caption)])])] }] : [],
    isVoid: true,
  };
}

function codeBlock(token: Token): CodeBlock {
  const syntax = token.type === 'fence' ? documentMarkdown.utils.unescapeAll(token.info).trim().split(/\s+/)[0] : '';
  const content = token.content.endsWith('\n') ? token.content.slice(0, -1) : token.content;
  return {
    object: 'block',
    type: 'code',
    data: syntax ? { syntax } : {},
    nodes: content.split('\n').map((line) => ({ object: 'block', type: 'code-line', data: {}, nodes: [text([leaf(line)])] })),
  };
}

/** A `code` tag's block: its code block with the tag's title and options, or what it holds when that is not one code block. */
function codeWithAttributes(open: Token, inner: DocumentBlock[]): DocumentBlock[] {
  const code = inner.filter((block) => block.type !== 'paragraph' || plainOf([block]) !== '');
  if (code.length !== 1 || code[0]!.type !== 'code') return inner;
  const title = tagAttribute(open, 'title');
  const overflow = tagAttribute(open, 'overflow');
  const lineNumbers = tagAttribute(open, 'lineNumbers');
  const data: CodeBlock['data'] = { ...code[0]!.data };
  if (title) data.title = title;
  if ((CODE_OVERFLOWS as readonly string[]).includes(overflow ?? '')) data.overflow = overflow as CodeOverflow;
  if (lineNumbers === 'true' || lineNumbers === 'false') data.lineNumbers = lineNumbers === 'true';
  return [{ ...code[0]!, data }];
}

function tableBlock(rows: ReadonlyArray<{ cells: InlineContent[][]; alignments: TableAlignment[] }>): TableBlock {
  const [header, ...body] = rows;
  const columns: TableColumn[] = (header?.cells ?? []).map((cell, i) => ({
    id: `c${i}`,
    title: inlineText(cell),
    type: 'text',
    textAlignment: header!.alignments[i] ?? 'left',
  }));
  const orderIndexes = body.length > 0 ? generateNKeysBetween(null, null, body.length) : [];
  const records: TableBlock['data']['records'] = {};
  const fragments: TableBlock['fragments'] = [];
  body.forEach((row, r) => {
    const values: Record<string, string> = {};
    columns.forEach((column, c) => {
      const name = `r${r}${column.id}`;
      values[column.id] = name;
      fragments.push({ object: 'fragment', fragment: name, nodes: [paragraph(row.cells[c] ?? [])] });
    });
    records[`r${r}`] = { orderIndex: orderIndexes[r]!, values };
  });
  return {
    object: 'block',
    type: 'table',
    data: {
      view: { type: 'grid', columns: columns.map((column) => column.id), hideHeader: false },
      records,
      definition: Object.fromEntries(columns.map((column) => [column.id, column])),
    },
    fragments,
    isVoid: true,
  };
}
