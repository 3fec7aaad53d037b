import { PdfLayout } from './pdf-layout';
import { PDF_COLORS } from './pdf-style';

export interface TableRow {
  cells: string[];
  header: boolean;
}

/** Wider tables have columns too narrow to read: their rows are written as lines of text instead. */
export const MAX_TABLE_COLUMNS = 12;
const CELL_SIZE = 10;
const PAD = 4;
const LINE_GAP = 1;
const MIN_COLUMN = 36;
/** A column's share of the width grows with its longest cell up to this many characters. */
const WEIGHT_CAP = 40;
const BORDER = PDF_COLORS.line;
const HEADER_FILL = PDF_COLORS.shade;
const TEXT = PDF_COLORS.text;

/** What drawing a table needs from the writer. */
export interface TableContext {
  doc: PDFKit.PDFDocument;
  layout: PdfLayout;
  x: number;
  width: number;
  fonts: { regular: string; bold: string };
  /** The text as the face draws it (printable, long words cut). */
  drawable(text: string, face: 'regular' | 'bold'): string;
  /** Counts a row's cells as drawn elements; false past the export's limits (the row and the rest are not drawn). */
  count(cells: number): boolean;
  /** Writes a row as a line of text (a row taller than a sheet). */
  rowAsText(row: TableRow): void;
}

/**
 * Draws rows as a table: cells with borders, the header row shaded and in bold, text wrapping in
 * its column (columns share the width by their longest cell, each at least MIN_COLUMN wide), a
 * row that does not fit on the sheet moved to the next one, under the header again. A row taller
 * than a whole sheet is written as a line of text. Answers false, drawing nothing, when the table
 * has no cells or more than MAX_TABLE_COLUMNS columns.
 */
export function drawTable(ctx: TableContext, rows: readonly TableRow[]): boolean {
  const columns = rows.reduce((most, row) => Math.max(most, row.cells.length), 0);
  if (columns === 0 || columns > MAX_TABLE_COLUMNS) return false;
  const { doc, layout } = ctx;
  const widths = columnWidths(rows, columns, ctx.width);
  const cellsOf = (row: TableRow) =>
    Array.from({ length: columns }, (_, i) => ctx.drawable(row.cells[i] ?? '', row.header ? 'bold' : 'regular'));
  const heightOf = (row: TableRow, cells: string[]) => {
    doc.font(row.header ? ctx.fonts.bold : ctx.fonts.regular).fontSize(CELL_SIZE);
    return cells.reduce(
      (most, text, i) => Math.max(most, text ? doc.heightOfString(text, { width: widths[i]! - 2 * PAD, lineGap: LINE_GAP }) : 0),
      CELL_SIZE,
    );
  };
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const usable = doc.page.height - doc.page.margins.top - doc.page.margins.bottom;

  let header: { row: TableRow; cells: string[]; height: number } | null = null;
  for (const row of rows) {
    if (!ctx.count(columns)) break;
    const cells = cellsOf(row);
    const height = heightOf(row, cells) + 2 * PAD;
    if (height > usable / 2) {
      ctx.rowAsText(row);
      continue;
    }
    if (doc.y + height > bottom()) {
      layout.newSheet();
      if (header && !row.header) drawRow(ctx, widths, header.row, header.cells, header.height);
    }
    drawRow(ctx, widths, row, cells, height);
    if (row.header) header = { row, cells, height };
  }
  doc.x = ctx.x;
  return true;
}

function drawRow(ctx: TableContext, widths: readonly number[], row: TableRow, cells: readonly string[], height: number): void {
  const { doc, layout } = ctx;
  const top = doc.y;
  let x = ctx.x;
  for (const [i, text] of cells.entries()) {
    const width = widths[i]!;
    if (row.header) doc.rect(x, top, width, height).fill(HEADER_FILL);
    if (text) {
      doc
        .font(row.header ? ctx.fonts.bold : ctx.fonts.regular)
        .fontSize(CELL_SIZE)
        .fillColor(TEXT);
      // The height keeps pdfkit from starting a sheet inside a cell (the row was measured to fit).
      doc.text(text, x + PAD, top + PAD, { width: width - 2 * PAD, height: height - 2 * PAD + 1, lineGap: LINE_GAP });
    }
    doc.rect(x, top, width, height).lineWidth(0.5).strokeColor(BORDER).stroke();
    layout.record('cell', x, top, width, height);
    x += width;
  }
  doc.x = ctx.x;
  doc.y = top + height;
}

/** Each column at least MIN_COLUMN wide (or an equal share when that is narrower), the rest shared by the longest cell. */
function columnWidths(rows: readonly TableRow[], columns: number, total: number): number[] {
  const base = Math.min(MIN_COLUMN, total / columns);
  const weights = Array.from({ length: columns }, (_, i) =>
    rows.reduce((most, row) => Math.max(most, Math.min(row.cells[i]?.length ?? 0, WEIGHT_CAP)), 1),
  );
  const sum = weights.reduce((a, b) => a + b, 0);
  const rest = total - base * columns;
  return weights.map((weight) => base + (rest * weight) / sum);
}
