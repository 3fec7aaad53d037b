/** What a drawn box holds. */
export type PdfBoxKind = 'cover' | 'contents' | 'text' | 'image' | 'code' | 'cell' | 'rule';

/**
 * A rectangle the renderer drew on a sheet, in points from the sheet's top left corner (`sheet`
 * counts from 0). A block that runs onto the next sheet is one box per sheet.
 */
export interface PdfBox {
  sheet: number;
  kind: PdfBoxKind;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The sheets of a document and the boxes drawn on them. Every block is drawn between `open` and
 * `close`; pdfkit may start a new sheet in between (text that flows on), so the recorder hooks the
 * document's `addPage`: the part drawn so far ends where the cursor stands, and the block goes on
 * at the new sheet's top margin. The boxes tell whether a sheet holds anything yet (no sheet is
 * left empty) and, to tests, where everything went (`onBox`).
 */
export class PdfLayout {
  /** The sheet being drawn on, from 0; -1 before the first. */
  sheet = -1;
  private drawnOnSheet = 0;
  private block: { kind: PdfBoxKind; x: number; width: number; y: number; lineGap: number } | null = null;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly onBox: (box: PdfBox) => void = () => undefined,
  ) {
    const addPage = doc.addPage.bind(doc);
    doc.addPage = (options?: PDFKit.PDFDocumentOptions) => {
      const block = this.block;
      if (block) this.end(block);
      addPage(options);
      this.sheet++;
      this.drawnOnSheet = 0;
      if (block) block.y = this.doc.page.margins.top;
      return doc;
    };
  }

  /** Whether anything was drawn on the current sheet (or there is none yet: false). */
  get sheetUsed(): boolean {
    return this.drawnOnSheet > 0;
  }

  /** A new sheet, unless the current one is still empty (then the block goes on it). */
  newSheet(): void {
    if (this.sheet < 0 || this.sheetUsed) this.doc.addPage();
  }

  /** A block starts at the cursor, `width` wide from `x`; its text's lines are `lineGap` apart. */
  open(kind: PdfBoxKind, x: number, width: number, lineGap = 0): void {
    this.block = { kind, x, width, y: this.doc.y, lineGap };
  }

  /** The block ends where the cursor stands. */
  close(): void {
    const block = this.block;
    this.block = null;
    if (block) this.end(block);
  }

  /** A block's part on this sheet ends at the cursor, less the gap pdfkit leaves under a last line (nothing is drawn there). */
  private end(block: { kind: PdfBoxKind; x: number; width: number; y: number; lineGap: number }): void {
    const height = this.doc.y - block.y;
    if (height > block.lineGap) this.record(block.kind, block.x, block.y, block.width, height - block.lineGap);
  }

  /** A box drawn at a known place on the current sheet (an image, a cell, a rule), or on an earlier one kept open. */
  record(kind: PdfBoxKind, x: number, y: number, width: number, height: number, sheet = this.sheet): void {
    if (height <= 0 || width <= 0) return;
    if (sheet === this.sheet) this.drawnOnSheet++;
    this.onBox({ sheet, kind, x, y, width, height });
  }

  /** The current sheet is kept for something drawn later: it counts as used. */
  reserve(): void {
    this.drawnOnSheet++;
  }
}
