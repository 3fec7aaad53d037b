import { PdfLayout } from './pdf-layout';
import { PDF_COLORS } from './pdf-style';

/** One line of the table of contents: a page of the export, and the sheet its title is on (null: left out). */
export interface ContentsEntry {
  title: string;
  depth: number;
  /** Where the page starts (a named destination), and its sheet from 0; null when the page was not drawn. */
  destination: string;
  sheet: number | null;
}

const TITLE_SIZE = 28;
const HEADING_SIZE = 18;
const ENTRY_SIZE = 11;
const ENTRY_HEIGHT = 18;
const DEPTH_INDENT = 14;
const MAX_DEPTH = 6;
const NUMBER_WIDTH = 40;
const TEXT = PDF_COLORS.text;
const MUTED = PDF_COLORS.muted;

/**
 * The cover (the export's title) and the table of contents: one line a page, indented by depth,
 * with its page number and a link to where it starts. The contents come before the pages but are
 * known only after them, so their sheets are reserved first (one line a page, so their number is
 * known) and pdfkit is kept from writing them out (`end` is held back) until `finish` draws them.
 */
export class ContentsPages {
  private readonly sheets: { page: PDFKit.PDFPage; sheet: number; end: () => void }[] = [];

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly layout: PdfLayout,
    private readonly fonts: { regular: string; bold: string; italic: string },
  ) {}

  /** Draws the cover and reserves the sheets of the contents of `entries` pages. */
  reserve(title: string, subtitle: string, entries: number): void {
    const doc = this.doc;
    this.layout.newSheet();
    const { left, top } = doc.page.margins;
    const width = this.width;
    doc.y = top + (doc.page.height - top - doc.page.margins.bottom) / 3;
    this.layout.open('cover', left, width);
    doc.font(this.fonts.bold).fontSize(TITLE_SIZE).fillColor(TEXT);
    doc.text(title, left, doc.y, { width, align: 'center', height: TITLE_SIZE * 6, ellipsis: true });
    doc.moveDown(0.6);
    doc.font(this.fonts.italic).fontSize(12).fillColor(MUTED);
    doc.text(subtitle, left, doc.y, { width, align: 'center' });
    this.layout.close();

    const first = this.perSheet(true);
    const sheets = entries <= first ? 1 : 1 + Math.ceil((entries - first) / this.perSheet(false));
    for (let n = 0; n < sheets; n++) {
      this.layout.newSheet();
      const page = doc.page;
      const end = page.end.bind(page);
      page.end = () => undefined; // written by finish
      this.sheets.push({ page, sheet: this.layout.sheet, end });
      this.layout.reserve(); // the contents will fill it
    }
  }

  /** Draws the contents on the reserved sheets, and lets pdfkit write them. */
  finish(entries: readonly ContentsEntry[]): void {
    const doc = this.doc;
    const current = doc.page;
    const width = this.width;
    let at = 0;
    for (const [n, { page, sheet, end }] of this.sheets.entries()) {
      (doc as { page: PDFKit.PDFPage }).page = page;
      const { left, top } = page.margins;
      doc.y = top;
      if (n === 0) {
        doc.font(this.fonts.bold).fontSize(HEADING_SIZE).fillColor(TEXT);
        doc.text('Contents', left, top, { width, lineBreak: false });
        this.layout.record('contents', left, top, width, HEADING_SIZE * 1.2, sheet);
        doc.y = top + HEADING_SIZE * 2;
      }
      for (const last = at + this.perSheet(n === 0); at < entries.length && at < last; at++) this.entry(entries[at]!, sheet);
      end();
    }
    (doc as { page: PDFKit.PDFPage }).page = current;
  }

  private entry(entry: ContentsEntry, sheet: number): void {
    const doc = this.doc;
    const { left } = doc.page.margins;
    const y = doc.y;
    const indent = Math.min(entry.depth, MAX_DEPTH) * DEPTH_INDENT;
    const titleWidth = this.width - indent - NUMBER_WIDTH;
    doc
      .font(entry.depth === 0 ? this.fonts.bold : this.fonts.regular)
      .fontSize(ENTRY_SIZE)
      .fillColor(TEXT);
    doc.text(entry.title || 'Untitled', left + indent, y, {
      width: titleWidth,
      height: ENTRY_SIZE * 1.2,
      ellipsis: true,
      lineBreak: false,
    });
    doc.font(this.fonts.regular).fillColor(entry.sheet === null ? MUTED : TEXT);
    const number = entry.sheet === null ? '-' : String(entry.sheet + 1);
    doc.text(number, left + this.width - NUMBER_WIDTH, y, { width: NUMBER_WIDTH, align: 'right', lineBreak: false });
    if (entry.sheet !== null) doc.goTo(left, y, this.width, ENTRY_HEIGHT - 4, entry.destination);
    this.layout.record('contents', left, y, this.width, ENTRY_HEIGHT - 4, sheet);
    doc.y = y + ENTRY_HEIGHT;
  }

  private get width(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }

  /** Lines a sheet of the contents holds (the first has the heading). */
  private perSheet(first: boolean): number {
    const { top, bottom } = this.doc.page.margins;
    const usable = this.doc.page.height - top - bottom - (first ? HEADING_SIZE * 2 : 0);
    return Math.floor(usable / ENTRY_HEIGHT);
  }
}
