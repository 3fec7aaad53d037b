/**
 * GitBook's JSON document (`JSONDocument` in GitBook's OpenAPI document), the part of it that
 * markdown can say: the node types, the blocks each container may hold (as GitBook's schema
 * allows them), small constructors, and the bounds an incoming document must keep.
 *
 * Every constructor here builds nodes the way GitBook's editor normalises them: a block of text
 * always holds at least one text node, and a container at least one block.
 */

export const MARK_TYPES = ['bold', 'italic', 'strikethrough', 'code'] as const;
export type MarkType = (typeof MARK_TYPES)[number];

export interface DocumentMark {
  object: 'mark';
  type: MarkType;
}

export interface DocumentLeaf {
  object: 'leaf';
  text: string;
  marks: DocumentMark[];
}

export interface DocumentText {
  object: 'text';
  leaves: DocumentLeaf[];
}

/** GitBook's ContentRef, the kinds a document here links to. */
export type DocumentRef =
  | { kind: 'url'; url: string }
  | { kind: 'page'; page: string }
  | { kind: 'anchor'; anchor: string; page?: string }
  | { kind: 'file'; file: string };

/** What an image shows: a URL or a file of the space. */
export type ImageRef = Extract<DocumentRef, { kind: 'url' | 'file' }>;

export interface DocumentInlineImage {
  object: 'inline';
  type: 'inline-image';
  data: { ref: ImageRef; alt?: string; caption?: string };
  isVoid: true;
}

export interface DocumentLink {
  object: 'inline';
  type: 'link';
  data: { ref: DocumentRef };
  nodes: Array<DocumentText | DocumentInlineImage>;
}

export type DocumentInline = DocumentLink | DocumentInlineImage;
/** What blocks of text (paragraphs, headings) hold. */
export type InlineContent = DocumentText | DocumentInline;

export const HEADING_TYPES = ['heading-1', 'heading-2', 'heading-3'] as const;
export type HeadingType = (typeof HEADING_TYPES)[number];

export const HINT_STYLES = ['info', 'success', 'warning', 'danger'] as const;
export type HintStyle = (typeof HINT_STYLES)[number];

export const CODE_OVERFLOWS = ['scroll', 'wrap'] as const;
export type CodeOverflow = (typeof CODE_OVERFLOWS)[number];

export const TABLE_ALIGNMENTS = ['left', 'center', 'right'] as const;
export type TableAlignment = (typeof TABLE_ALIGNMENTS)[number];

/** A block of GitBook's: its type and its data (a container adds the nodes it holds, a void block `isVoid`). */
interface Block<Type extends string, Data> {
  object: 'block';
  type: Type;
  data: Data;
}
/** A block that holds no nodes. */
interface Void<Type extends string, Data> extends Block<Type, Data> {
  isVoid: true;
}
type NoData = Record<string, never>;

export interface ParagraphBlock extends Block<'paragraph', NoData> {
  nodes: InlineContent[];
}
export interface HeadingBlock extends Block<HeadingType, { id?: string }> {
  nodes: InlineContent[];
}
export interface ListItemBlock extends Block<'list-item', { checked?: boolean }> {
  nodes: DocumentBlock[];
}
export interface ListBlock extends Block<'list-unordered' | 'list-ordered' | 'list-tasks', { start?: number }> {
  nodes: ListItemBlock[];
}
export interface QuoteBlock extends Block<'blockquote', NoData> {
  nodes: DocumentBlock[];
}
export interface HintBlock extends Block<'hint', { style: HintStyle }> {
  nodes: DocumentBlock[];
}
export interface CodeLineBlock extends Block<'code-line', NoData> {
  nodes: DocumentText[];
}
export interface CodeBlock extends Block<'code', { syntax?: string; title?: string; overflow?: CodeOverflow; lineNumbers?: boolean }> {
  nodes: CodeLineBlock[];
}
export interface TabsItemBlock extends Block<'tabs-item', { title?: string }> {
  nodes: DocumentBlock[];
}
export interface TabsBlock extends Block<'tabs', NoData> {
  nodes: TabsItemBlock[];
}
export interface ImagesBlock extends Block<'images', NoData> {
  nodes: ImageBlock[];
  isVoid: false;
}
export type DividerBlock = Void<'divider', NoData>;
export type FileBlock = Void<'file', { ref: { kind: 'file'; file: string } }>;
export type EmbedBlock = Void<'embed', { url: string }>;
export type ContentRefBlock = Void<'content-ref', { ref: DocumentRef }>;

export interface CaptionFragment {
  object: 'fragment';
  fragment: 'caption';
  nodes: ParagraphBlock[];
}

export interface ImageBlock extends Void<'image', { ref: ImageRef; alt?: string }> {
  fragments: CaptionFragment[];
}

export interface TableColumn {
  id: string;
  title: string;
  type: 'text';
  textAlignment: TableAlignment;
}

export interface TableFragment {
  object: 'fragment';
  fragment: string;
  nodes: DocumentBlock[];
}

/** A grid table: its columns (`definition`, shown in `view.columns` order), rows (`records`, by `orderIndex`), and cells (fragments). */
export interface TableBlock
  extends Void<
    'table',
    {
      view: { type: 'grid'; columns: string[]; hideHeader: boolean };
      records: Record<string, { orderIndex: string; values: Record<string, string> }>;
      definition: Record<string, TableColumn>;
    }
  > {
  fragments: TableFragment[];
}

export type DocumentBlock =
  | ParagraphBlock
  | HeadingBlock
  | ListBlock
  | ListItemBlock
  | DividerBlock
  | QuoteBlock
  | HintBlock
  | CodeBlock
  | CodeLineBlock
  | ImagesBlock
  | ImageBlock
  | FileBlock
  | EmbedBlock
  | ContentRefBlock
  | TabsBlock
  | TabsItemBlock
  | TableBlock;

export type BlockType = DocumentBlock['type'];

export interface JSONDocument {
  object: 'document';
  data: Record<string, unknown>;
  nodes: DocumentBlock[];
}

/**
 * The bounds of an incoming document (page and comment bodies). A JSON body is at most a few MiB,
 * and a page's markdown at most 1 MiB (MAX_PAGE_MARKDOWN_BYTES): these leave room for any document
 * that fits them while keeping the walk over it short and shallow.
 */
export interface DocumentLimits {
  maxDepth: number;
  maxNodes: number;
  maxTextLength: number;
  maxStringLength: number;
  maxErrors: number;
}

export const DOCUMENT_LIMITS: Readonly<DocumentLimits> = {
  /** Levels of nodes below the document, leaves and marks included (markdown nests lists some 30 deep before it stops). */
  maxDepth: 64,
  /** Nodes of every kind (blocks, inlines, texts, leaves, marks, fragments). */
  maxNodes: 200_000,
  /** Characters of text in all leaves together (a page's markdown is at most 1 MiB). */
  maxTextLength: 1024 * 1024,
  /** Characters of one attribute: a URL, a title, a syntax, an id. */
  maxStringLength: 8192,
  /** Errors one validation reports; the rest are counted. */
  maxErrors: 20,
};

/** The essentials GitBook lets every container hold (`DocumentBlocksEssentials`). */
const ESSENTIALS: readonly BlockType[] = [
  'paragraph',
  'heading-1',
  'heading-2',
  'heading-3',
  'list-ordered',
  'list-unordered',
  'list-tasks',
  'divider',
];

/** The blocks each container may hold, as GitBook's schema has them (restricted to the types here). */
export const BLOCKS_IN = {
  document: [...ESSENTIALS, 'blockquote', 'hint', 'images', 'file', 'embed', 'code', 'tabs', 'table', 'content-ref'],
  hint: [...ESSENTIALS, 'embed', 'table'],
  blockquote: [...ESSENTIALS, 'blockquote'],
  'list-item': [...ESSENTIALS, 'code', 'hint', 'blockquote', 'table'],
  'tabs-item': [...ESSENTIALS, 'content-ref', 'code', 'embed', 'file', 'images', 'hint', 'blockquote'],
  /** Table cells (GitBook allows any block; a markdown cell holds a line of text, which they are written as). */
  'table-cell': ESSENTIALS,
} as const satisfies Record<string, readonly BlockType[]>;

export type BlockContainer = keyof typeof BLOCKS_IN;

export function mayHold(container: BlockContainer, type: BlockType): boolean {
  return (BLOCKS_IN[container] as readonly BlockType[]).includes(type);
}

export const mark = (type: MarkType): DocumentMark => ({ object: 'mark', type });
export const leaf = (text: string, marks: readonly MarkType[] = []): DocumentLeaf => ({ object: 'leaf', text, marks: marks.map(mark) });
export const text = (leaves: DocumentLeaf[]): DocumentText => ({ object: 'text', leaves: leaves.length > 0 ? leaves : [leaf('')] });

/** Inline content as GitBook's editor keeps it: a text node first, last, and between two inlines. */
export function normalizedInlines(nodes: readonly InlineContent[]): InlineContent[] {
  const out: InlineContent[] = [];
  for (const node of nodes) {
    const last = out[out.length - 1];
    if (node.object === 'text') {
      if (last?.object === 'text') out[out.length - 1] = { object: 'text', leaves: mergeLeaves([...last.leaves, ...node.leaves]) };
      else out.push({ object: 'text', leaves: mergeLeaves(node.leaves) });
    } else {
      if (last?.object !== 'text') out.push(text([]));
      out.push(node);
    }
  }
  if (out[out.length - 1]?.object !== 'text') out.push(text([]));
  return out;
}

const sameMarks = (a: readonly DocumentMark[], b: readonly DocumentMark[]) =>
  a.length === b.length && a.every((m, i) => m.type === b[i]!.type);

/** Adjacent leaves with the same marks joined, empty ones dropped (one empty leaf stays when all are). */
export function mergeLeaves(leaves: readonly DocumentLeaf[]): DocumentLeaf[] {
  const out: DocumentLeaf[] = [];
  for (const next of leaves) {
    if (next.text === '') continue;
    const last = out[out.length - 1];
    if (last && sameMarks(last.marks, next.marks)) out[out.length - 1] = { ...last, text: last.text + next.text };
    else out.push(next);
  }
  return out.length > 0 ? out : [leaf('')];
}

export const paragraph = (nodes: readonly InlineContent[]): ParagraphBlock => ({
  object: 'block',
  type: 'paragraph',
  data: {},
  nodes: normalizedInlines(nodes),
});

export const emptyParagraph = (): ParagraphBlock => paragraph([]);

/** At least one block, as GitBook's editor keeps every container. */
export const someBlocks = (nodes: DocumentBlock[]): DocumentBlock[] => (nodes.length > 0 ? nodes : [emptyParagraph()]);

export const document = (nodes: DocumentBlock[]): JSONDocument => ({ object: 'document', data: {}, nodes: someBlocks(nodes) });

/** One block as the served OpenAPI document shows it (an example of DocumentBlocksTopLevels): a paragraph. */
export const EXAMPLE_BLOCK: ParagraphBlock = paragraph([text([leaf('A paragraph')])]);
