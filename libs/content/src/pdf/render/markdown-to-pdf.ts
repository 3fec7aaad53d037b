import MarkdownIt from 'markdown-it';
import PDFDocument from 'pdfkit';
import { getHeapStatistics } from 'node:v8';
import { breakLongWords, SOFT_HYPHEN, WORD_PIECE, ZERO_WIDTH_SPACE } from './long-words';
import { PdfFace, pdfFonts } from './pdf-fonts';
import { drawablePng } from './png-check';
import { PDF_LIMITS, PdfLimits, PdfPage } from './pdf-limits';
import { PdfBox, PdfLayout } from './pdf-layout';
import { ContentsEntry, ContentsPages } from './pdf-contents';
import { drawTable, TableRow } from './pdf-table';
import { classifyHref, LinkTargets, resolveLink } from '../../links/links.domain';
import { linkTargetsOf, RevisionLinkData } from '../../documents/page-bodies.domain';
import { PDF_COLORS } from './pdf-style';

export { PDF_LIMITS };
export type { PdfLimits, PdfPage, PdfBox };

export interface PdfInput {
  /** The document's title (its metadata). */
  title: string;
  pages: readonly PdfPage[];
  /** PNG and JPEG bytes of the revision's files that the pages show, by file id (see `imageFileIds`). */
  images: ReadonlyMap<string, Buffer>;
  /** The revision's pages and files, to resolve images and links as the links resolver does (`./diagram.png`, `./other.md`). */
  links?: RevisionLinkData;
}

type OpenedImage = { width: number; height: number };

const markdown = new MarkdownIt({ html: false, linkify: false });
type Token = ReturnType<MarkdownIt['parse']>[number];

/** A file reference in markdown: `/files/<fileId>` (docs/content-api.md), optionally `./` or `../` relative. */
const FILE_REF = /^(?:\.{1,2}\/)*\/?files\/([A-Za-z0-9_-]{1,128})(?:[?#].*)?$/;

/** The file id `src` names, or null (external URLs and anything else are never fetched). */
export function fileIdOf(src: string): string | null {
  return FILE_REF.exec(src.trim())?.[1] ?? null;
}

/**
 * The file an image of page `from` shows: what the links resolver makes of its source in the
 * revision (`/files/<id>`, or a file's name, `./diagram.png`), else a `/files/<id>` reference.
 */
export function imageFileId(src: string, from: string, targets?: LinkTargets): string | null {
  const href = targets ? classifyHref(src) : null;
  if (targets && href) {
    const { target, status } = resolveLink({ relation: 'embed', href, raw: src }, from, targets);
    if (target.kind === 'file' && status === 'ok') return target.file;
  }
  return fileIdOf(src);
}

/** The ids of the files `markdown` (the body of page `from`) shows as images, in order, each once. */
export function imageFileIds(source: string, from = '', targets?: LinkTargets): string[] {
  const ids = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'image') {
        const id = imageFileId(token.attrGet('src') ?? '', from, targets);
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
/** Characters drawn over or between others, with no width of their own. */
const ZERO_WIDTH = /[\p{M}\p{Cf}]/u;

/**
 * `text` as a font can write it: tabs become four spaces, control characters and invisible
 * marks are left out, characters the font has no glyph for become `?`, and at most
 * `PDF_LIMITS.marksInARow` combining marks or format characters follow one another (a stack of a
 * million accents is one line of a million glyphs). Without `draws`, every other character is kept
 * (metadata and outline titles, which PDF readers draw themselves).
 */
export function printable(text: string, draws: (codePoint: number) => boolean = () => true): string {
  let out = '';
  let marks = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xad && ZERO_WIDTH.test(char)) {
      if (++marks > PDF_LIMITS.marksInARow) continue;
    } else marks = 0;
    if (char === '\t') out += '    ';
    else if (char === '\n') out += char;
    else if (char === '\u00a0') out += ' ';
    else if (IGNORED(code)) continue;
    else out += draws(code) ? char : '?';
  }
  return out;
}

/** `text` as `face` draws it (`printable`), its long words cut into pieces with a break that face draws as nothing. */
function drawable(text: string, face: PdfFace): string {
  const font = pdfFonts().get(face)!;
  return breakLongWords(printable(text, font.draws), font.draws(ZERO_WIDTH_SPACE.codePointAt(0)!) ? ZERO_WIDTH_SPACE : SOFT_HYPHEN);
}

/** Font names registered with every document (pdf-fonts.ts). */
const FONT: Record<PdfFace, PdfFace> = { regular: 'regular', bold: 'bold', italic: 'italic', boldItalic: 'boldItalic', mono: 'mono' };
const HEADING_SIZES = [20, 16, 14, 12, 11, 11];
const BODY_SIZE = 11;
const CODE_SIZE = 9;
const INDENT = 18;
const { text: TEXT, muted: MUTED, link: LINK } = PDF_COLORS;

interface Run {
  text: string;
  font: PdfFace;
  size: number;
  color: string;
  link?: string;
  /** A named destination in the PDF (a page of the export). */
  goTo?: string;
}

type Piece = { kind: 'runs'; runs: Run[] } | { kind: 'image'; fileId: string | null; alt: string };

/** Space around code in its box. */
const CODE_PAD = 6;
const CODE_FILL = PDF_COLORS.shade;
const IMAGE_GAP = 8;

/** Links a reader may follow from the PDF: web and mail addresses only (never fetched by the server). */
const FOLLOWABLE = /^(https?:|mailto:)/i;
/**
 * Longer link targets are drawn as text only: pdfkit writes a link's target into an annotation for
 * every line the link's text takes, so a long link whose text is its target (an autolink) would
 * write the whole target once a line (a 40,000-character URL made 22 MB).
 */
const MAX_LINK_TARGET = 2048;

const MIB = 1024 * 1024;
/** Text drawn in one pdfkit call at most (see `slices`). */
const SLICE = 16 * 1024;
/** A code block longer than this is drawn as flowing text, with no box (measuring it line by line would cost too much). */
const CODE_BOX_CHARS = 8000;
/** Deeper lists and quotes are drawn at this depth's indent, so text keeps a usable width. */
const MAX_INDENT_LEVELS = 10;

/**
 * The PDF of `input`, as bytes: with more than one page, a cover (the title) and a table of
 * contents (page numbers, links to the pages); then each page starts a new sheet with its title (and
 * description), then its markdown (headings, paragraphs with bold, italic, code and links, links to
 * pages of the export followed inside the PDF, bullet and numbered lists, code blocks in monospace
 * on a shaded box, block quotes, tables with borders and a header row, rules, images of the
 * revision's files below one another), and the document's outline lists the page titles nested as
 * in the tree. Nothing is drawn over anything else, nothing leaves the margins, and no sheet is left
 * empty: `onBox` is told every box drawn (pdf-layout.ts), which the tests check.
 *
 * The work is linear in the input (long words are cut into pieces, see long-words.ts) and bounded
 * by PDF_LIMITS; it is synchronous past the image checks, so it runs in a work thread
 * (render-pdf.task.ts), never on the event loop.
 */
export async function renderPdf(
  input: PdfInput,
  limits: PdfLimits = PDF_LIMITS,
  clock: () => number = Date.now,
  onBox?: (box: PdfBox) => void,
): Promise<Uint8Array> {
  const doc = new PDFDocument({
    autoFirstPage: false,
    size: 'A4',
    margin: 56,
    info: { Title: printable(input.title), Creator: 'docs-platform-api', Producer: 'docs-platform-api (pdfkit)' },
    displayTitle: true,
  });
  for (const [face, font] of pdfFonts()) doc.registerFont(face, font.bytes);
  doc.on('pageAdded', () => forgetLayoutsPastHalfTheHeap(doc));
  const writer = new PdfWriter(doc, input, limits, clock, new PdfLayout(doc, onBox));
  await writer.checkImages();
  writer.write();
  doc.end();
  return bytesOf(doc);
}

/**
 * pdfkit keeps the layout of every distinct word it drew, per font, for the document's life (a word
 * costs fontkit's shaping once): a page of a few hundred thousand distinct words would fill a work
 * thread's heap. Past half the heap, at a new sheet, the layouts are forgotten; words are laid out
 * again as they come.
 */
function forgetLayoutsPastHalfTheHeap(doc: PDFKit.PDFDocument): void {
  const heap = getHeapStatistics();
  if (heap.used_heap_size < heap.heap_size_limit / 2) return;
  const fonts = (doc as unknown as { _fontFamilies?: Record<string, { layoutCache?: object }> })._fontFamilies ?? {};
  for (const font of Object.values(fonts)) if (font.layoutCache) font.layoutCache = Object.create(null) as object;
}

/** Everything the document wrote (it is read once it has ended), in one array that can be transferred. */
async function bytesOf(doc: PDFKit.PDFDocument): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of doc as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  return bytes;
}

class PdfWriter {
  /** When drawing stops with a note (`limits.drawMs` after the writer was made). */
  private readonly deadline: number;
  private elements = 0;
  /** A text was cut short with a note (`flow`): nothing more is drawn from the markdown. */
  private stopped = false;
  private imagesDrawn = 0;
  private imageBytes = 0;
  private markdownBytes = 0;
  private list: { ordered: boolean; next: number }[] = [];
  private quote = 0;
  private bullet: string | null = null;
  private table: { header: boolean; row: string[]; rows: TableRow[] } | null = null;
  /** The images that can be drawn (PNGs checked first, see drawablePng), opened once each. */
  private readonly drawable = new Map<string, Buffer>();
  private readonly opened = new Map<string, OpenedImage | null>();
  /** The revision's pages and files, when given: images and links resolve as the links resolver has them. */
  private readonly targets: LinkTargets | undefined;
  /** The named destination of each page of the export, by page id. */
  private readonly destinations = new Map<string, string>();
  /** The page being drawn. */
  private pageId = '';
  /** The pages drawn. */
  private readonly printed: readonly PdfPage[];

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly input: PdfInput,
    private readonly limits: PdfLimits,
    private readonly clock: () => number,
    private readonly layout: PdfLayout,
  ) {
    this.deadline = clock() + limits.drawMs;
    this.targets = input.links ? linkTargetsOf(input.links) : undefined;
    this.printed = withoutEmptyFirstPage(input.pages);
    this.printed.forEach((page, n) => {
      if (!this.destinations.has(page.id)) this.destinations.set(page.id, `page-${n + 1}`);
    });
  }

  async checkImages(): Promise<void> {
    for (const [id, bytes] of this.input.images) {
      const png = bytes.subarray(0, 4).toString('latin1') === '\x89PNG';
      if (!png || (await drawablePng(bytes))) this.drawable.set(id, bytes);
    }
  }

  write(): void {
    const pages = this.printed;
    if (pages.length === 0) {
      this.layout.newSheet();
      this.note('This content has no pages.');
      return;
    }
    if (pages.length === 1) {
      this.pages();
      return;
    }
    const contents = new ContentsPages(this.doc, this.layout, FONT);
    contents.reserve(drawable(this.input.title || 'Untitled', FONT.bold), `${pages.length.toLocaleString('en')} pages`, pages.length);
    const sheets = this.pages();
    contents.finish(
      pages.map(
        (page, n): ContentsEntry => ({
          title: drawable(page.title || 'Untitled', page.depth === 0 ? FONT.bold : FONT.regular),
          depth: page.depth,
          destination: this.destinations.get(page.id)!,
          sheet: sheets[n] ?? null,
        }),
      ),
    );
  }

  /** Draws the pages; answers the sheet each drawn page starts on. */
  private pages(): number[] {
    const sheets: number[] = [];
    const outline: PDFKit.PDFOutline[] = [this.doc.outline];
    for (const [n, page] of this.printed.entries()) {
      if (n > 0 && this.outputFull()) {
        this.note(`(The rest of the export was left out: ${this.cut()}.)`);
        return sheets;
      }
      this.layout.newSheet();
      sheets.push(this.layout.sheet);
      this.pageId = page.id;
      const destination = this.destinations.get(page.id)!;
      if (destination === `page-${n + 1}`) this.doc.addNamedDestination(destination, 'XYZ', null, this.doc.y, null);
      const depth = Math.min(page.depth, outline.length - 1);
      const item = outline[depth]!.addItem(printable(page.title || 'Untitled'), { expanded: true });
      outline.length = depth + 1;
      outline.push(item);
      this.title(page);
      const bytes = page.markdown === null ? 0 : Buffer.byteLength(page.markdown);
      const cut = this.cut();
      if (page.markdown === null || this.markdownBytes + bytes > this.limits.markdownBytes) {
        this.note(`(Page body left out: the export's limit of ${sizeOf(this.limits.markdownBytes)} of markdown was reached.)`);
      } else if (cut) {
        this.note(`(Page body left out: ${cut}.)`);
      } else {
        this.markdownBytes += bytes;
        this.body(page.title, page.markdown);
      }
    }
    return sheets;
  }

  /** Which limit on drawing the export has reached, in words, or null. */
  private cut(): string | null {
    if (this.elements >= this.limits.elements) return this.elementLimit();
    return this.slowOrLarge();
  }

  private elementLimit(): string {
    return `the export's limit of ${this.limits.elements.toLocaleString('en')} drawn elements was reached`;
  }

  /** Which of the limits checked within a block (output, time) the export has reached, in words, or null. */
  private slowOrLarge(): string | null {
    if (this.outputFull()) return `the PDF reached the export's limit of ${sizeOf(this.limits.outputBytes)}`;
    if (this.clock() > this.deadline) return `drawing the export took longer than its limit of ${this.limits.drawMs / 1000} s`;
    return null;
  }

  /** What the document wrote so far: pdfkit writes a sheet when the next one starts, and nothing reads it before the end. */
  private outputFull(): boolean {
    return this.doc.readableLength >= this.limits.outputBytes;
  }

  /** A muted line saying what is not there; it is drawn whatever the limits. */
  private note(text: string): void {
    this.writeRuns([this.run(text, { font: FONT.italic, color: MUTED })], 0, 6, false);
  }

  private get left(): number {
    return this.doc.page.margins.left;
  }

  private get width(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  /** Where a sheet's drawing ends. */
  private get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  private run(text: string, style: Partial<Omit<Run, 'text'>> = {}): Run {
    return { text, font: FONT.regular, size: BODY_SIZE, color: TEXT, ...style };
  }

  private title(page: PdfPage): void {
    this.writeRuns([this.run(page.title || 'Untitled', { font: FONT.bold, size: 24 })], 0, 6, false);
    if (page.description) this.writeRuns([this.run(page.description, { font: FONT.italic, size: 12, color: MUTED })], 0, 6, false);
    this.doc.moveDown(0.5);
  }

  private body(title: string, source: string): void {
    this.list = [];
    this.quote = 0;
    this.bullet = null;
    this.table = null;
    const tokens = markdown.parse(source, {});
    // A body that opens with the page's title as a heading would repeat it.
    let start = 0;
    if (tokens[0]?.type === 'heading_open' && tokens[1]?.type === 'inline' && tokens[1].content.trim() === title.trim()) start = 3;
    for (let i = start; i < tokens.length; i++) {
      if (this.stopped) return; // a note says why already
      const cut = this.cut();
      if (cut) {
        this.note(`(The rest of this page was left out: ${cut}.)`);
        return;
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
        this.elements++;
        this.doc.moveDown(0.3);
        const y = this.doc.y;
        // A rule where a sheet ends separates nothing: it is left out.
        if (y + 1 <= this.bottom) {
          this.doc
            .moveTo(this.left, y + 0.5)
            .lineTo(this.left + this.width, y + 0.5)
            .lineWidth(0.5)
            .strokeColor(PDF_COLORS.line)
            .stroke();
          this.layout.record('rule', this.left, y, this.width, 1);
        }
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
    return Math.min(this.list.length + this.quote, MAX_INDENT_LEVELS) * INDENT;
  }

  /** An inline token as text runs and images, then drawn. */
  private pieces(inline: Token, base: Partial<Omit<Run, 'text'>>, gap: number): void {
    const pieces: Piece[] = [];
    let runs: Run[] = [];
    // Only spaces between images (`![a](x) ![b](y)`) would be a blank line: they are left out.
    const flush = () => {
      if (runs.some((run) => run.text.trim() !== '')) pieces.push({ kind: 'runs', runs });
      runs = [];
    };
    let bold = base.font === FONT.bold;
    let italic = base.font === FONT.italic;
    let link: Pick<Run, 'color' | 'link' | 'goTo'> | undefined;
    const font = () => (bold && italic ? FONT.boldItalic : bold ? FONT.bold : italic ? FONT.italic : FONT.regular);
    for (const child of inline.children ?? []) {
      switch (child.type) {
        case 'text':
          runs.push(this.run(child.content, { ...base, font: font(), ...link }));
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
        // Emphasis ends back at the block's own font (a heading stays bold).
        case 'strong_open':
        case 'strong_close':
          bold = child.type === 'strong_open' || base.font === FONT.bold;
          break;
        case 'em_open':
        case 'em_close':
          italic = child.type === 'em_open' || base.font === FONT.italic;
          break;
        case 'link_open':
          link = this.linkTo(child.attrGet('href') ?? '');
          break;
        case 'link_close':
          link = undefined;
          break;
        case 'image':
          flush();
          pieces.push({ kind: 'image', fileId: imageFileId(child.attrGet('src') ?? '', this.pageId, this.targets), alt: plainText(child) });
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
        this.writeRuns(
          prefix === null ? piece.runs : [this.run(prefix, { ...base, font: FONT.regular }), ...piece.runs],
          this.indent(),
          gap,
        );
      }
    }
  }

  /** How a link is drawn: a web or mail address, a page of the export (followed inside the PDF), or as text. */
  private linkTo(href: string): Pick<Run, 'color' | 'link' | 'goTo'> | undefined {
    if (FOLLOWABLE.test(href)) return href.length <= MAX_LINK_TARGET ? { color: LINK, link: href } : undefined;
    const written = this.targets ? classifyHref(href) : null;
    if (!written || written.form === 'url' || written.form === 'file') return undefined;
    const { target } = resolveLink({ relation: 'reference', href: written, raw: href }, this.pageId, this.targets!);
    const goTo = target.kind === 'page' || target.kind === 'anchor' ? this.destinations.get(target.page) : undefined;
    return goTo ? { color: LINK, goTo } : undefined;
  }

  /**
   * Writes runs as one flowing paragraph at `indent`, then `gap` points of space. Neighbouring runs
   * of one style are drawn as one; each drawn run is an element (`counted`), and the runs past the
   * element limit are left out (the body notes it before its next block).
   */
  private writeRuns(runs: Run[], indent: number, gap: number, counted = true): void {
    const merged: Run[] = [];
    for (const run of runs) {
      const last = merged[merged.length - 1];
      if (
        last &&
        last.font === run.font &&
        last.size === run.size &&
        last.color === run.color &&
        last.link === run.link &&
        last.goTo === run.goTo
      )
        last.text += run.text;
      else merged.push({ ...run });
    }
    let drawn = merged.map((run) => ({ ...run, text: drawable(run.text, run.font) })).filter((run) => run.text.length > 0);
    if (counted) {
      if (this.stopped) return;
      drawn = drawn.slice(0, Math.max(this.limits.elements - this.elements, 0));
      this.elements += drawn.length;
    }
    if (drawn.length === 0) return;
    const width = Math.max(this.width - indent, 72);
    this.layout.open('text', this.left + indent, width, 2);
    this.flow(drawn, this.left + indent, width, 2);
    this.layout.close();
    this.doc.x = this.left;
    this.doc.y += gap;
  }

  /**
   * Draws runs as one flowing text from `x` at the current line, in slices (see `slices`); before
   * each slice after the first, past the time or output limit, it ends the text with a note instead.
   */
  private flow(runs: readonly Run[], x: number, width: number, lineGap: number): void {
    const parts = runs.flatMap((run) => slices(run.text).map((text) => ({ ...run, text })));
    this.doc.x = x;
    for (let n = 0; n < parts.length; n++) {
      let part = parts[n]!;
      const cut = n > 0 ? this.slowOrLarge() : null;
      if (cut) {
        part = this.run(`\n(The rest of this page was left out: ${cut}.)`, { font: FONT.italic, color: MUTED });
        this.stopped = true;
      }
      const last = cut !== null || n === parts.length - 1;
      this.doc.font(part.font).fontSize(part.size).fillColor(part.color);
      const linked = part.link !== undefined || part.goTo !== undefined;
      // pdfkit carries options over to the next part of a continued text unless they are set: null ends a link.
      const options = {
        continued: !last,
        link: part.link ?? null,
        goTo: part.goTo ?? null,
        underline: linked,
      } as PDFKit.Mixins.TextOptions;
      if (n === 0) this.doc.text(part.text, x, this.doc.y, { ...options, width, lineGap });
      else this.doc.text(part.text, options);
      if (last) return;
    }
  }

  private paragraph(runs: Run[]): void {
    this.writeRuns(runs, this.indent(), 6);
  }

  /**
   * A code block in monospace on a shaded box. The box breaks between lines where a sheet ends (each
   * sheet's part has its own box); a block longer than CODE_BOX_CHARS, or with a line taller than a
   * sheet, flows on as text with no box.
   */
  private code(text: string): void {
    const indent = this.indent();
    const x = this.left + indent;
    const width = Math.max(this.width - indent, 72);
    const inner = width - 2 * CODE_PAD;
    const content = drawable(text, FONT.mono) || ' ';
    this.elements++;
    this.doc.font(FONT.mono).fontSize(CODE_SIZE);
    const lines = content.length <= CODE_BOX_CHARS ? content.split('\n').map((line) => line || ' ') : [];
    const heights = lines.map((line) => this.doc.heightOfString(line, { width: inner, lineGap: 1 }));
    const usable = this.bottom - this.doc.page.margins.top - 2 * CODE_PAD;
    if (lines.length === 0 || heights.some((height) => height > usable)) {
      this.layout.open('code', x, width, 1);
      this.doc.y += CODE_PAD;
      this.flow([{ text: content, font: FONT.mono, size: CODE_SIZE, color: TEXT }], x + CODE_PAD, inner, 1);
      this.layout.close();
    } else {
      for (let first = 0; first < lines.length; ) {
        if (this.doc.y + 2 * CODE_PAD + heights[first]! > this.bottom) this.layout.newSheet();
        const room = this.bottom - this.doc.y - 2 * CODE_PAD;
        let last = first;
        let height = 0;
        while (last < lines.length && height + heights[last]! <= room) height += heights[last++]!;
        if (last === first) height += heights[last++]!; // no new sheet was started (nothing is on this one yet): a line at least
        const top = this.doc.y;
        this.doc.rect(x, top, width, height + 2 * CODE_PAD).fill(CODE_FILL);
        this.doc.font(FONT.mono).fontSize(CODE_SIZE).fillColor(TEXT);
        // The height keeps pdfkit from starting a sheet inside the box (the lines were measured to fit).
        this.doc.text(lines.slice(first, last).join('\n'), x + CODE_PAD, top + CODE_PAD, { width: inner, lineGap: 1, height: height + 1 });
        this.layout.record('code', x, top, width, height + 2 * CODE_PAD);
        this.doc.y = top + height + 2 * CODE_PAD;
        first = last;
      }
    }
    this.doc.x = this.left;
    this.doc.y += 8;
  }

  /** A table (pdf-table.ts); a table of too many columns as lines of text. */
  private tableRows(rows: TableRow[]): void {
    const indent = this.indent();
    const rowAsText = (row: TableRow) =>
      this.writeRuns(
        [this.run(row.cells.join('  |  '), { font: row.header ? FONT.bold : FONT.regular, size: BODY_SIZE - 1 })],
        indent,
        3,
        false,
      );
    // Each cell is an element (a text pdfkit measures and draws); the time and output limits are checked at each row.
    const count = (cells: number) => {
      if (this.stopped) return false;
      const cut = this.elements + cells > this.limits.elements ? this.elementLimit() : this.slowOrLarge();
      if (cut) {
        this.note(`(The rest of this page was left out: ${cut}.)`);
        this.stopped = true;
        return false;
      }
      this.elements += cells;
      return true;
    };
    const drawn = drawTable(
      {
        doc: this.doc,
        layout: this.layout,
        x: this.left + indent,
        width: Math.max(this.width - indent, 72),
        fonts: FONT,
        drawable: (text, face) => drawable(text, face),
        count,
        rowAsText,
      },
      rows,
    );
    if (!drawn) for (const row of rows) if (count(1)) rowAsText(row);
    this.doc.moveDown(0.6);
  }

  /** An image of the revision's files, fitted to the column; its alt text when it is not one or is past the limits. */
  private image(fileId: string | null, alt: string): void {
    const bytes = fileId ? this.drawable.get(fileId) : undefined;
    const fallback = () => this.paragraph([this.run(`[image${alt ? `: ${alt}` : ''}]`, { font: FONT.italic, color: MUTED })]);
    if (this.stopped) return;
    if (!fileId || !bytes) {
      fallback();
      return;
    }
    this.elements++;
    const first = !this.opened.has(fileId);
    if (first && (this.imagesDrawn >= this.limits.images || this.imageBytes + bytes.length > this.limits.imageBytes)) {
      fallback();
      return;
    }
    const indent = this.indent();
    try {
      if (first) {
        this.opened.set(fileId, null);
        const opened = (this.doc as unknown as { openImage(src: Buffer): OpenedImage }).openImage(bytes);
        if (opened.width * opened.height > this.limits.imagePixels) {
          fallback();
          return;
        }
        this.opened.set(fileId, opened);
        this.imagesDrawn++;
        this.imageBytes += bytes.length;
      }
      const image = this.opened.get(fileId);
      if (!image) {
        fallback();
        return;
      }
      const width = Math.min(image.width, this.width - indent);
      const maxHeight = (this.bottom - this.doc.page.margins.top) * 0.8;
      const scale = Math.min(width / image.width, maxHeight / image.height, 1);
      const height = image.height * scale;
      if (this.doc.y + height > this.bottom) this.layout.newSheet();
      // Placed at a point, pdfkit leaves the cursor where it was: what follows goes below the image.
      const x = this.left + indent;
      const y = this.doc.y;
      this.doc.image(image as never, x, y, { width: image.width * scale, height });
      this.layout.record('image', x, y, image.width * scale, height);
      this.doc.x = this.left;
      this.doc.y = y + height + IMAGE_GAP;
    } catch {
      fallback(); // not an image pdfkit can read after all
    }
  }
}

/**
 * The pages without the first when it is empty (no body, no description, no pages under it) and
 * others follow: a new space's first page, `Untitled`, which its writers leave as it is.
 */
export function withoutEmptyFirstPage(pages: readonly PdfPage[]): readonly PdfPage[] {
  const [first, next] = pages;
  if (!first || !next || next.depth > first.depth || first.description.trim() !== '' || first.markdown?.trim() !== '') return pages;
  return pages.slice(1);
}

/** A limit in bytes, in words: `8 MiB`, `4 KiB`. */
function sizeOf(bytes: number): string {
  return bytes >= MIB ? `${+(bytes / MIB).toFixed(1)} MiB` : `${+(bytes / 1024).toFixed(1)} KiB`;
}

/**
 * `text` in slices of about SLICE characters, each ending after a space or a zero-width break
 * (breakLongWords leaves one at least every WORD_PIECE characters), so that drawing them one after
 * the other breaks lines where drawing the whole would, and the limits can be checked in between.
 */
function slices(text: string): string[] {
  if (text.length <= SLICE) return [text];
  const out: string[] = [];
  let from = 0;
  while (text.length - from > SLICE) {
    let end = from + SLICE;
    const floor = end - 2 * WORD_PIECE;
    while (end > floor && !BREAKS_AFTER.has(text.charCodeAt(end - 1))) end--;
    if (end === floor) end = from + SLICE;
    const unit = text.charCodeAt(end);
    if (unit >= 0xdc00 && unit <= 0xdfff) end++; // never between the halves of a surrogate pair
    out.push(text.slice(from, end));
    from = end;
  }
  out.push(text.slice(from));
  return out;
}

const BREAKS_AFTER = new Set([0x20, 0x0a, 0x200b, 0xad]);

/** The text of an inline token (an image's alt, a table cell), without formatting. */
function plainText(token: Token): string {
  if (!token.children?.length) return token.content;
  return token.children
    .map((child) => (child.type === 'softbreak' || child.type === 'hardbreak' ? ' ' : child.children ? plainText(child) : child.content))
    .join('');
}
