import MarkdownIt from 'markdown-it';
import PDFDocument from 'pdfkit';
import { Readable } from 'node:stream';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { PdfFace, pdfFonts } from './pdf-fonts';
import { drawablePng } from './png-check';

/** One page of the content, in tree order: `depth` 0 for top-level pages (the outline nests by it). */
export interface PdfPage {
  id: string;
  title: string;
  description: string;
  depth: number;
  /** Null when the export's markdown limit was reached before this page: a note stands for its body. */
  markdown: string | null;
}

export interface PdfInput {
  /** The document's title (its metadata). */
  title: string;
  pages: readonly PdfPage[];
  /** PNG and JPEG bytes of the revision's files that the pages show, by file id (see `imageFileIds`). */
  images: ReadonlyMap<string, Buffer>;
}

type OpenedImage = { width: number; height: number };

/** Bounds of one export (docs/content-design.md, "PDF export, as built"). */
export const PDF_LIMITS = {
  /** Pages in one PDF: more is refused when the URL is asked for (export a part with `page`). */
  pages: 1000,
  /** Markdown rendered in one PDF; the pages past it are listed with a note instead of their body. */
  markdownBytes: 8 * 1024 * 1024,
  /** Images drawn in one PDF, their bytes, and each one's pixels (width × height); others show their alt text. */
  images: 200,
  imageBytes: 32 * 1024 * 1024,
  imagePixels: 25_000_000,
  /** Blocks drawn between two yields to the event loop. */
  blocksPerTurn: 50,
  /** Output the reader has not taken yet beyond which rendering waits, and how long it waits at most. */
  bufferedBytes: 4 * 1024 * 1024,
  stalledMs: 60_000,
} as const;

const markdown = new MarkdownIt({ html: false, linkify: false });
type Token = ReturnType<MarkdownIt['parse']>[number];

/** A file reference in markdown: `/files/<fileId>` (docs/content-api.md), optionally `./` or `../` relative. */
const FILE_REF = /^(?:\.{1,2}\/)*\/?files\/([A-Za-z0-9_-]{1,128})(?:[?#].*)?$/;

/** The file id `src` names, or null (external URLs and anything else are never fetched). */
export function fileIdOf(src: string): string | null {
  return FILE_REF.exec(src.trim())?.[1] ?? null;
}

/** The ids of the files `markdown` shows as images, in order, each once. */
export function imageFileIds(source: string): string[] {
  const ids = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'image') {
        const id = fileIdOf(token.attrGet('src') ?? '');
        if (id) ids.add(id);
      }
      if (token.children) walk(token.children);
    }
  };
  walk(markdown.parse(source, {}));
  return [...ids];
}

const IGNORED = (code: number) =>
  code < 0x20 || (code >= 0x7f && code < 0xa0) || code === 0x200b || code === 0xfeff || (code >= 0xfe00 && code <= 0xfe0f);

/**
 * `text` as a font can write it: tabs become four spaces, control characters and invisible
 * marks are left out, characters the font has no glyph for become `?`. Without `draws`, every
 * other character is kept (metadata and outline titles, which PDF readers draw themselves).
 */
export function printable(text: string, draws: (codePoint: number) => boolean = () => true): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (char === '\t') out += '    ';
    else if (char === '\n') out += char;
    else if (char === '\u00a0') out += ' ';
    else if (IGNORED(code)) continue;
    else out += draws(code) ? char : '?';
  }
  return out;
}

/** Font names registered with every document (pdf-fonts.ts). */
const FONT: Record<PdfFace, PdfFace> = { regular: 'regular', bold: 'bold', italic: 'italic', boldItalic: 'boldItalic', mono: 'mono' };
const HEADING_SIZES = [20, 16, 14, 12, 11, 11];
const BODY_SIZE = 11;
const CODE_SIZE = 9;
const INDENT = 18;
const TEXT = '#1f2328';
const MUTED = '#59636e';
const LINK = '#0969da';

interface Run {
  text: string;
  font: PdfFace;
  size: number;
  color: string;
  link?: string;
}

type Piece = { kind: 'runs'; runs: Run[] } | { kind: 'image'; fileId: string | null; alt: string };

/** Links a reader may follow from the PDF: web and mail addresses only (never fetched by the server). */
const FOLLOWABLE = /^(https?:|mailto:)/i;

/**
 * Streams a PDF of `input`: each page starts a new sheet with its title (and description), then its
 * markdown (headings, paragraphs with bold, italic, code and links, bullet and numbered lists, code
 * blocks in monospace, block quotes, tables as rows, rules, images of the revision's files), and the
 * document's outline lists the page titles nested as in the tree. Rendering yields to the event
 * loop between pages and every few blocks, and waits while the reader lags, so a large export
 * never holds the loop for long; an error destroys the stream with it.
 */
export function renderPdf(input: PdfInput): Readable {
  const doc = new PDFDocument({
    autoFirstPage: false,
    size: 'A4',
    margin: 56,
    info: { Title: printable(input.title), Creator: 'docs-platform-api', Producer: 'docs-platform-api (pdfkit)' },
    displayTitle: true,
  });
  for (const [face, font] of pdfFonts()) doc.registerFont(face, font.bytes);
  void new PdfWriter(doc, input).write().then(
    () => doc.end(),
    (error: unknown) => doc.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return doc;
}

class PdfWriter {
  private blocks = 0;
  private imagesDrawn = 0;
  private imageBytes = 0;
  private markdownBytes = 0;
  private list: { ordered: boolean; next: number }[] = [];
  private quote = 0;
  private bullet: string | null = null;
  private table: { header: boolean; row: string[]; rows: { cells: string[]; header: boolean }[] } | null = null;
  /** The images that can be drawn (PNGs checked first, see drawablePng), opened once each. */
  private readonly drawable = new Map<string, Buffer>();
  private readonly opened = new Map<string, OpenedImage | null>();

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly input: PdfInput,
  ) {}

  async write(): Promise<void> {
    for (const [id, bytes] of this.input.images) {
      const png = bytes.subarray(0, 4).toString('latin1') === '\x89PNG';
      if (!png || (await drawablePng(bytes))) this.drawable.set(id, bytes);
    }
    const outline: PDFKit.PDFOutline[] = [this.doc.outline];
    if (this.input.pages.length === 0) {
      this.doc.addPage();
      this.paragraph([this.run('This content has no pages.', { font: FONT.italic, color: MUTED })]);
    }
    for (const page of this.input.pages) {
      await this.turn();
      if (this.destroyed()) return;
      this.doc.addPage();
      const depth = Math.min(page.depth, outline.length - 1);
      const item = outline[depth]!.addItem(printable(page.title || 'Untitled'), { expanded: true });
      outline.length = depth + 1;
      outline.push(item);
      this.title(page);
      const bytes = page.markdown === null ? 0 : Buffer.byteLength(page.markdown);
      if (page.markdown === null || this.markdownBytes + bytes > PDF_LIMITS.markdownBytes) {
        this.paragraph([this.run(`(Page body left out: the export's limit of ${PDF_LIMITS.markdownBytes / 1024 / 1024} MiB of markdown was reached.)`, { font: FONT.italic, color: MUTED })]);
        continue;
      }
      this.markdownBytes += bytes;
      await this.body(page.title, page.markdown);
    }
  }

  private destroyed(): boolean {
    return this.doc.destroyed;
  }

  /** Lets the event loop run, and waits while the reader has much output left to take. */
  private async turn(): Promise<void> {
    await nextTurn();
    const since = Date.now();
    while (!this.destroyed() && this.doc.readableLength > PDF_LIMITS.bufferedBytes) {
      if (Date.now() - since > PDF_LIMITS.stalledMs) throw new Error('PDF reader stalled');
      await sleep(10);
    }
  }

  private get left(): number {
    return this.doc.page.margins.left;
  }

  private get width(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  private run(text: string, style: Partial<Omit<Run, 'text'>> = {}): Run {
    return { text, font: FONT.regular, size: BODY_SIZE, color: TEXT, ...style };
  }

  private title(page: PdfPage): void {
    this.writeRuns([this.run(page.title || 'Untitled', { font: FONT.bold, size: 24 })], 0, 6);
    if (page.description) this.writeRuns([this.run(page.description, { font: FONT.italic, size: 12, color: MUTED })], 0, 6);
    this.doc.moveDown(0.5);
  }

  private async body(title: string, source: string): Promise<void> {
    const tokens = markdown.parse(source, {});
    // A body that opens with the page's title as a heading would repeat it.
    let start = 0;
    if (tokens[0]?.type === 'heading_open' && tokens[1]?.type === 'inline' && tokens[1].content.trim() === title.trim()) start = 3;
    for (let i = start; i < tokens.length; i++) {
      if (++this.blocks % PDF_LIMITS.blocksPerTurn === 0) {
        await this.turn();
        if (this.destroyed()) return;
      }
      i = this.block(tokens, i);
    }
  }

  /** Draws the block at `tokens[i]`; answers the index of the last token it used. */
  private block(tokens: Token[], i: number): number {
    const token = tokens[i]!;
    // A list item that opens with something other than a paragraph gets its bullet on a line of its own.
    if (this.bullet !== null && token.type !== 'paragraph_open' && token.type !== 'list_item_close' && token.nesting !== -1) {
      this.writeRuns([this.run(this.bullet)], this.indent(), 2);
      this.bullet = null;
    }
    switch (token.type) {
      case 'heading_open': {
        const level = Number(token.tag.slice(1));
        const inline = tokens[i + 1]!;
        this.doc.moveDown(0.4);
        this.pieces(inline, { font: FONT.bold, size: HEADING_SIZES[level - 1] ?? BODY_SIZE }, 4);
        return i + 2;
      }
      case 'paragraph_open': {
        const inline = tokens[i + 1]!;
        this.pieces(inline, this.quote ? { color: MUTED, font: FONT.italic } : {}, token.hidden ? 2 : 6);
        return i + 2;
      }
      case 'bullet_list_open':
      case 'ordered_list_open':
        this.list.push({ ordered: token.type === 'ordered_list_open', next: Number(token.attrGet('start') ?? 1) });
        return i;
      case 'bullet_list_close':
      case 'ordered_list_close':
        this.list.pop();
        if (this.list.length === 0) this.doc.moveDown(0.4);
        return i;
      case 'list_item_open': {
        const list = this.list[this.list.length - 1];
        this.bullet = list?.ordered ? `${list.next++}. ` : `${this.list.length % 2 === 1 ? '•' : '-'} `;
        return i;
      }
      case 'list_item_close':
        if (this.bullet !== null) this.writeRuns([this.run(this.bullet)], this.indent(), 2); // an empty item
        this.bullet = null;
        return i;
      case 'blockquote_open':
        this.quote++;
        return i;
      case 'blockquote_close':
        this.quote--;
        return i;
      case 'fence':
      case 'code_block':
        this.code(token.content.replace(/\n$/, ''));
        return i;
      case 'hr': {
        this.doc.moveDown(0.3);
        const y = this.doc.y;
        this.doc.moveTo(this.left, y).lineTo(this.left + this.width, y).lineWidth(0.5).strokeColor('#d0d7de').stroke();
        this.doc.moveDown(0.6);
        return i;
      }
      case 'table_open':
        this.table = { header: false, row: [], rows: [] };
        return i;
      case 'thead_open':
        if (this.table) this.table.header = true;
        return i;
      case 'thead_close':
        if (this.table) this.table.header = false;
        return i;
      case 'inline':
        if (this.table) this.table.row.push(plainText(token));
        return i;
      case 'tr_close':
        if (this.table) {
          this.table.rows.push({ cells: this.table.row, header: this.table.header });
          this.table.row = [];
        }
        return i;
      case 'table_close':
        this.tableRows(this.table?.rows ?? []);
        this.table = null;
        return i;
      default:
        return i; // html is not rendered (markdown-it runs with html off); closing tokens draw nothing
    }
  }

  private indent(): number {
    return (this.list.length + this.quote) * INDENT;
  }

  /** An inline token as text runs and images, then drawn. */
  private pieces(inline: Token, base: Partial<Omit<Run, 'text'>>, gap: number): void {
    const pieces: Piece[] = [];
    let runs: Run[] = [];
    const flush = () => {
      if (runs.length) pieces.push({ kind: 'runs', runs });
      runs = [];
    };
    let bold = base.font === FONT.bold;
    let italic = base.font === FONT.italic;
    let link: string | undefined;
    const font = () => (bold && italic ? FONT.boldItalic : bold ? FONT.bold : italic ? FONT.italic : FONT.regular);
    for (const child of inline.children ?? []) {
      switch (child.type) {
        case 'text':
          runs.push(this.run(child.content, { ...base, font: font(), ...(link ? { color: LINK, link } : {}) }));
          break;
        case 'code_inline':
          runs.push(this.run(child.content, { ...base, font: FONT.mono, size: (base.size ?? BODY_SIZE) - 1 }));
          break;
        case 'softbreak':
          runs.push(this.run(' ', { ...base, font: font() }));
          break;
        case 'hardbreak':
          runs.push(this.run('\n', { ...base, font: font() }));
          break;
        case 'strong_open':
          bold = true;
          break;
        case 'strong_close':
          bold = base.font === FONT.bold;
          break;
        case 'em_open':
          italic = true;
          break;
        case 'em_close':
          italic = base.font === FONT.italic;
          break;
        case 'link_open': {
          const href = child.attrGet('href') ?? '';
          link = FOLLOWABLE.test(href) ? href : undefined;
          break;
        }
        case 'link_close':
          link = undefined;
          break;
        case 'image':
          flush();
          pieces.push({ kind: 'image', fileId: fileIdOf(child.attrGet('src') ?? ''), alt: plainText(child) });
          break;
        default:
          if (child.content) runs.push(this.run(child.content, { ...base, font: font() }));
      }
    }
    flush();
    if (pieces.length === 0 && this.bullet !== null) pieces.push({ kind: 'runs', runs: [this.run('')] });
    for (const piece of pieces) {
      if (piece.kind === 'image') this.image(piece.fileId, piece.alt);
      else {
        const prefix = this.bullet;
        this.bullet = null;
        this.writeRuns(prefix === null ? piece.runs : [this.run(prefix, { ...base, font: FONT.regular }), ...piece.runs], this.indent(), gap);
      }
    }
  }

  /** Writes runs as one flowing paragraph at `indent`, then `gap` points of space. */
  private writeRuns(runs: Run[], indent: number, gap: number): void {
    const drawn = runs.map((run) => ({ ...run, text: printable(run.text, pdfFonts().get(run.font)!.draws) })).filter((run) => run.text.length > 0);
    if (drawn.length === 0) return;
    const x = this.left + indent;
    const width = Math.max(this.width - indent, 72);
    this.doc.x = x;
    drawn.forEach((run, n) => {
      this.doc.font(run.font).fontSize(run.size).fillColor(run.color);
      const options: PDFKit.Mixins.TextOptions = { continued: n < drawn.length - 1, link: run.link ?? null, underline: run.link !== undefined };
      if (n === 0) this.doc.text(run.text, x, this.doc.y, { ...options, width, lineGap: 2 });
      else this.doc.text(run.text, options);
    });
    this.doc.x = this.left;
    this.doc.y += gap;
  }

  private paragraph(runs: Run[]): void {
    this.writeRuns(runs, this.indent(), 6);
  }

  private code(text: string): void {
    const indent = this.indent();
    const x = this.left + indent;
    const width = Math.max(this.width - indent, 72);
    const content = printable(text, pdfFonts().get('mono')!.draws) || ' ';
    this.doc.font(FONT.mono).fontSize(CODE_SIZE);
    const options = { width: width - 16, lineGap: 1 };
    const height = this.doc.heightOfString(content, options) + 12;
    const bottom = this.doc.page.height - this.doc.page.margins.bottom;
    if (this.doc.y + height > bottom && height < bottom - this.doc.page.margins.top) this.doc.addPage();
    if (this.doc.y + height <= bottom) this.doc.rect(x, this.doc.y, width, height).fill('#f6f8fa');
    this.doc.fillColor(TEXT).text(content, x + 8, this.doc.y + 6, options);
    this.doc.x = this.left;
    this.doc.y += 12;
  }

  private tableRows(rows: { cells: string[]; header: boolean }[]): void {
    for (const row of rows) {
      this.writeRuns([this.run(row.cells.join('  |  '), { font: row.header ? FONT.bold : FONT.regular, size: BODY_SIZE - 1 })], this.indent(), 3);
    }
    this.doc.moveDown(0.4);
  }

  /** An image of the revision's files, fitted to the column; its alt text when it is not one or is past the limits. */
  private image(fileId: string | null, alt: string): void {
    const bytes = fileId ? this.drawable.get(fileId) : undefined;
    const fallback = () => this.paragraph([this.run(`[image${alt ? `: ${alt}` : ''}]`, { font: FONT.italic, color: MUTED })]);
    if (!fileId || !bytes) return fallback();
    const first = !this.opened.has(fileId);
    if (first && (this.imagesDrawn >= PDF_LIMITS.images || this.imageBytes + bytes.length > PDF_LIMITS.imageBytes)) return fallback();
    const indent = this.indent();
    try {
      if (first) {
        this.opened.set(fileId, null);
        const opened = (this.doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(bytes);
        if (opened.width * opened.height > PDF_LIMITS.imagePixels) return fallback();
        this.opened.set(fileId, opened);
        this.imagesDrawn++;
        this.imageBytes += bytes.length;
      }
      const image = this.opened.get(fileId);
      if (!image) return fallback();
      const width = Math.min(image.width, this.width - indent);
      const maxHeight = (this.doc.page.height - this.doc.page.margins.top - this.doc.page.margins.bottom) * 0.8;
      const scale = Math.min(width / image.width, maxHeight / image.height, 1);
      const height = image.height * scale;
      if (this.doc.y + height > this.doc.page.height - this.doc.page.margins.bottom) this.doc.addPage();
      this.doc.image(image as never, this.left + indent, this.doc.y, { width: image.width * scale, height });
      this.doc.x = this.left;
      this.doc.y += 6;
    } catch {
      fallback(); // not an image pdfkit can read after all
    }
  }
}

/** The text of an inline token (an image's alt, a table cell), without formatting. */
function plainText(token: Token): string {
  if (!token.children?.length) return token.content;
  return token.children.map((child) => (child.type === 'softbreak' || child.type === 'hardbreak' ? ' ' : child.children ? plainText(child) : child.content)).join('');
}
