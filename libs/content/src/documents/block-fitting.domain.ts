import {
  BlockContainer,
  DocumentBlock,
  DocumentInlineImage,
  DocumentLink,
  DocumentRef,
  InlineContent,
  leaf,
  mayHold,
  paragraph,
  TableBlock,
  text,
} from './document-nodes.domain';

/**
 * Markdown nests what GitBook's schema does not (a code block in a hint, a table in a quote, tabs in
 * a list): such a block becomes what the container may hold, keeping its text. `label` is how a
 * reference reads when a block that shows it (an embed, a file, a content reference) becomes a link.
 */
export function fitBlocks(
  container: BlockContainer,
  blocks: readonly DocumentBlock[],
  label: (ref: DocumentRef) => string,
): DocumentBlock[] {
  const out: DocumentBlock[] = [];
  for (const block of blocks) {
    if (mayHold(container, block.type)) out.push(block);
    else out.push(...fitBlocks(container, simpler(block, label), label));
  }
  return out;
}

const linkTo = (ref: DocumentRef, label: string): DocumentLink => ({
  object: 'inline',
  type: 'link',
  data: { ref },
  nodes: [text([leaf(label)])],
});

/** The text of inline content, marks and links left out. */
export function inlineText(nodes: readonly InlineContent[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.object === 'text') for (const { text } of node.leaves) out += text;
    else if (node.type === 'link') out += inlineText(node.nodes);
  }
  return out;
}

/** A table's rows (the header first) as lines of text, cells apart. */
function tableLines(table: TableBlock): InlineContent[][] {
  const { view, records, definition } = table.data;
  const columns = view.columns.filter((id) => Object.hasOwn(definition, id));
  const cells = new Map(table.fragments.map((fragment) => [fragment.fragment, fragment.nodes]));
  const rows = Object.values(records).sort((a, b) => (a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0));
  const line = (parts: InlineContent[][]) => parts.flatMap((part, i) => (i === 0 ? part : [text([leaf(' | ')]), ...part]));
  const cellContent = (name: string | undefined): InlineContent[] =>
    (cells.get(name ?? '') ?? []).flatMap((block) => ('nodes' in block && block.type === 'paragraph' ? block.nodes : []));
  return [
    line(columns.map((id) => [text([leaf(definition[id]!.title)])])),
    ...rows.map((row) => line(columns.map((id) => cellContent(Object.hasOwn(row.values, id) ? row.values[id] : undefined)))),
  ];
}

/** The blocks one block becomes where its container cannot hold it. */
function simpler(block: DocumentBlock, label: (ref: DocumentRef) => string): DocumentBlock[] {
  switch (block.type) {
    case 'blockquote':
    case 'hint':
    case 'tabs-item':
    case 'list-item':
      return block.nodes;
    case 'tabs':
      return block.nodes.flatMap((item) => [
        ...(item.data.title ? [paragraph([text([leaf(item.data.title, ['bold'])])])] : []),
        ...item.nodes,
      ]);
    case 'list-unordered':
    case 'list-ordered':
    case 'list-tasks':
      return block.nodes.flatMap((item) => item.nodes);
    case 'heading-1':
    case 'heading-2':
    case 'heading-3':
      return [paragraph(block.nodes)];
    case 'code':
      return [
        paragraph(
          block.nodes.flatMap((line, i) => [
            ...(i > 0 ? [text([leaf('\n')])] : []),
            text(line.nodes.flatMap((node) => node.leaves).map((l) => leaf(l.text, ['code']))),
          ]),
        ),
      ];
    case 'code-line':
      return [paragraph(block.nodes)];
    case 'images':
      return [paragraph(block.nodes.map(inlineImage))];
    case 'image':
      return [paragraph([inlineImage(block)])];
    case 'file':
    case 'content-ref':
      return [paragraph([linkTo(block.data.ref, label(block.data.ref))])];
    case 'embed':
      return [paragraph([linkTo({ kind: 'url', url: block.data.url }, block.data.url)])];
    case 'table':
      return tableLines(block).map((line) => paragraph(line));
    case 'paragraph':
    case 'divider':
      return [];
  }
}

function inlineImage(image: Extract<DocumentBlock, { type: 'image' }>): DocumentInlineImage {
  const caption = image.fragments.flatMap((fragment) => fragment.nodes.map((p) => inlineText(p.nodes))).join(' ');
  return {
    object: 'inline',
    type: 'inline-image',
    data: { ref: image.data.ref, ...(image.data.alt ? { alt: image.data.alt } : {}), ...(caption ? { caption } : {}) },
    isVoid: true,
  };
}
