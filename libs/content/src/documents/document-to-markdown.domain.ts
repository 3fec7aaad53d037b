import { DocumentContext, hrefOfRef } from './document-links.domain';
import { CodeBlock, DocumentBlock, InlineContent, JSONDocument, leaf, ListBlock, TableBlock, text } from './document-nodes.domain';
import { writeTag } from './gitbook-blocks.domain';
import { imageMarkdown, writeInlines } from './inline-markdown.domain';

/**
 * The markdown of a GitBook document, as the server stores bodies: CommonMark with GitHub's tables,
 * and GitBook's own blocks for hints, tabs, titled code, embeds, files and content references
 * (gitbook-blocks.domain.ts). `markdownToDocument` reads it back to the same document, once the
 * document has been through one round (a round drops what markdown cannot say: empty paragraphs,
 * marks on spaces, formatting in table headers).
 *
 * Expects a document `validateDocument` accepts; its work is linear in the document.
 */
export function documentToMarkdown(document: JSONDocument, context: DocumentContext = {}): string {
  const markdown = new MarkdownWriter(context).blocks(document.nodes);
  return markdown === '' ? '' : `${markdown}\n`;
}

const HEADING_LEVEL = { 'heading-1': 1, 'heading-2': 2, 'heading-3': 3 } as const;

/** `text` with `first` before its first line and `rest` before the others (blank lines stay blank). */
function prefixLines(markdown: string, first: string, rest: string): string {
  return markdown
    .split('\n')
    .map((line, i) => (i === 0 ? first + line : line === '' ? rest.trimEnd() : rest + line))
    .join('\n');
}

class MarkdownWriter {
  constructor(private readonly context: DocumentContext) {}

  /** Blocks apart by a blank line; two lists in a row take different markers, so that markdown keeps them apart. */
  blocks(nodes: readonly DocumentBlock[]): string {
    return this.written(nodes)
      .map(({ markdown }) => markdown)
      .join('\n\n');
  }

  /** The blocks that write something, each with its markdown. */
  private written(nodes: readonly DocumentBlock[]): Array<{ type: string; markdown: string }> {
    const out: Array<{ type: string; markdown: string }> = [];
    let previous: { kind: string; marker: number } = { kind: '', marker: 0 };
    for (const node of nodes) {
      const kind = node.type === 'list-ordered' ? 'ordered' : node.type === 'list-unordered' || node.type === 'list-tasks' ? 'bullet' : '';
      const marker = kind !== '' && previous.kind === kind ? 1 - previous.marker : 0;
      const markdown = kind === '' ? this.block(node) : this.list(node as ListBlock, marker);
      if (markdown === '') continue;
      out.push({ type: node.type, markdown });
      previous = { kind, marker };
    }
    return out;
  }

  private block(node: DocumentBlock): string {
    switch (node.type) {
      case 'paragraph':
        return writeInlines(node.nodes, 'paragraph', this.context);
      case 'heading-1':
      case 'heading-2':
      case 'heading-3': {
        const content = writeInlines(node.nodes, 'heading', this.context);
        return `${'#'.repeat(HEADING_LEVEL[node.type])}${content === '' ? '' : ` ${content}`}`;
      }
      case 'list-ordered':
      case 'list-unordered':
      case 'list-tasks':
        return this.list(node, 0);
      case 'list-item':
      case 'tabs-item':
        return this.blocks(node.nodes);
      case 'divider':
        return '***';
      case 'blockquote':
        return prefixLines(this.blocks(node.nodes), '> ', '> ').replace(/^> $/, '>');
      case 'hint':
        return this.tag(writeTag('hint', [['style', node.data.style]]), this.blocks(node.nodes), '{% endhint %}');
      case 'code':
        return code(node);
      case 'code-line':
        return this.block({ object: 'block', type: 'code', data: {}, nodes: [node] });
      case 'images':
        return node.nodes.map((image) => this.image(image)).join('\n');
      case 'image':
        return this.image(node);
      case 'file':
        return writeTag('file', [['src', hrefOfRef(node.data.ref, this.context)]]);
      case 'embed':
        return writeTag('embed', [['url', node.data.url]]);
      case 'content-ref': {
        const href = hrefOfRef(node.data.ref, this.context);
        const link = writeInlines(
          [{ object: 'inline', type: 'link', data: { ref: { kind: 'url', url: href } }, nodes: [text([leaf(href)])] }],
          'paragraph',
          {},
        );
        return this.tag(writeTag('content-ref', [['url', href]]), link, '{% endcontent-ref %}');
      }
      case 'tabs': {
        if (node.nodes.length === 0) return '';
        const tabs = node.nodes.map((item) =>
          this.tag(writeTag('tab', [['title', item.data.title]]), this.blocks(item.nodes), '{% endtab %}'),
        );
        return `{% tabs %}\n${tabs.join('\n\n')}\n{% endtabs %}`;
      }
      case 'table':
        return this.table(node);
      default:
        return ''; // not a block of a valid document
    }
  }

  private tag(open: string, content: string, close: string): string {
    return content === '' ? `${open}\n${close}` : `${open}\n${content}\n${close}`;
  }

  private image(image: Extract<DocumentBlock, { type: 'image' }>): string {
    const caption = image.fragments
      .flatMap((fragment) =>
        fragment.nodes.map((p) => p.nodes.flatMap((n) => (n.object === 'text' ? n.leaves.map((l) => l.text) : [])).join('')),
      )
      .join(' ');
    return imageMarkdown(image.data.ref, image.data.alt, caption, this.context);
  }

  private list(list: ListBlock, marker: number): string {
    const start = list.type === 'list-ordered' ? (list.data.start ?? 1) : 0;
    return list.nodes
      .map((item, i) => {
        const bullet = list.type === 'list-ordered' ? `${start + i}${marker === 0 ? '.' : ')'}` : marker === 0 ? '-' : '+';
        const box = list.type === 'list-tasks' ? ` [${item.data.checked ? 'x' : ' '}]` : '';
        const written = this.written(item.nodes);
        const content = written.map(({ markdown }) => markdown).join('\n\n');
        const indent = ' '.repeat(bullet.length + 1);
        if (content === '') return `${bullet}${box}`;
        // A task's box belongs to its first paragraph; before anything else it stands as a paragraph of its own.
        if (box !== '' && written[0]!.type !== 'paragraph') return `${bullet}${box}\n\n${prefixLines(content, indent, indent)}`;
        return prefixLines(content, `${bullet}${box} `, indent);
      })
      .join('\n');
  }

  private table(table: TableBlock): string {
    const { view, records, definition } = table.data;
    const columns = new Map(Object.entries(definition));
    const shown = view.columns.flatMap((id) => (columns.has(id) ? [columns.get(id)!] : []));
    if (shown.length === 0) return '';
    const cells = new Map(table.fragments.map((fragment) => [fragment.fragment, fragment.nodes]));
    const rows = Object.values(records).sort((a, b) => (a.orderIndex < b.orderIndex ? -1 : a.orderIndex > b.orderIndex ? 1 : 0));
    const row = (contents: string[]) => `| ${contents.join(' | ')} |`;
    const cell = (nodes: readonly InlineContent[]) => writeInlines(nodes, 'cell', this.context);
    const rule = { left: '---', center: ':-:', right: '--:' } as const;
    return [
      row(shown.map((column) => cell([text([leaf(column.title)])]))),
      row(shown.map((column) => rule[column.textAlignment] ?? '---')),
      ...rows.map((record) => {
        const values = new Map(Object.entries(record.values));
        return row(shown.map((column) => cell(inlineContentOf(cells.get(String(values.get(column.id))) ?? []))));
      }),
    ].join('\n');
  }
}

/** The inline content of blocks, in one line (a table cell's). */
function inlineContentOf(blocks: readonly DocumentBlock[]): InlineContent[] {
  const out: InlineContent[] = [];
  for (const block of blocks) {
    const content =
      'nodes' in block
        ? block.type === 'paragraph' || block.type === 'heading-1' || block.type === 'heading-2' || block.type === 'heading-3'
          ? block.nodes
          : block.type === 'code-line'
            ? block.nodes
            : inlineContentOf(block.nodes as DocumentBlock[])
        : [];
    if (content.length === 0) continue;
    if (out.length > 0) out.push(text([leaf(' ')]));
    out.push(...content);
  }
  return out;
}

function code(node: CodeBlock): string {
  const content = node.nodes.map((line) => line.nodes.flatMap((t) => t.leaves.map((l) => l.text)).join('')).join('\n');
  const syntax = (node.data.syntax ?? '').replace(/[\r\n]/g, ' ').replace(/[\\&]/g, (c) => `\\${c}`);
  const marker = syntax.includes('`') ? '~' : '`';
  const longest = Math.max(0, ...(content.match(marker === '`' ? /`+/g : /~+/g) ?? []).map((run) => run.length));
  const fence = marker.repeat(Math.max(3, longest + 1));
  const block = `${fence}${syntax}\n${content === '' && node.nodes.length === 0 ? '' : `${content}\n`}${fence}`;
  const { title, overflow, lineNumbers } = node.data;
  if (!title && overflow === undefined && lineNumbers === undefined) return block;
  const tag = writeTag('code', [
    ['title', title],
    ['overflow', overflow],
    ['lineNumbers', lineNumbers === undefined ? undefined : String(lineNumbers)],
  ]);
  return `${tag}\n\n${block}\n\n{% endcode %}`;
}
