import type { PdfBox } from '../pdf/render/pdf-layout';

/** A4 in points, and the renderer's margin. */
export const SHEET = { width: 595.28, height: 841.89, margin: 56 };
const EPSILON = 0.01;

const overlap = (a: PdfBox, b: PdfBox) =>
  a.sheet === b.sheet &&
  Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > EPSILON &&
  Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > EPSILON;

/** Pairs of boxes drawn over each other (on one sheet, sorted by top: a box overlaps only those starting before it ends). */
function overlaps(boxes: readonly PdfBox[]): [PdfBox, PdfBox][] {
  const sorted = [...boxes].sort((a, b) => a.sheet - b.sheet || a.y - b.y);
  const found: [PdfBox, PdfBox][] = [];
  for (let i = 0; i < sorted.length; i++) {
    for (let j = i + 1; j < sorted.length && sorted[j]!.sheet === sorted[i]!.sheet; j++) {
      if (sorted[j]!.y >= sorted[i]!.y + sorted[i]!.height) break;
      if (overlap(sorted[i]!, sorted[j]!)) found.push([sorted[i]!, sorted[j]!]);
    }
  }
  return found;
}

const outsideMargins = (box: PdfBox) =>
  box.x < SHEET.margin - EPSILON ||
  box.y < SHEET.margin - EPSILON ||
  box.x + box.width > SHEET.width - SHEET.margin + EPSILON ||
  box.y + box.height > SHEET.height - SHEET.margin + EPSILON;

/** The sheets of a PDF pdfkit wrote: its page objects (their dictionaries are not compressed). */
export const sheetsOf = (pdf: Buffer): number => pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;

/**
 * What is wrong with the boxes a renderer reported (`renderPdf`'s `onBox`) for `pdf`: boxes drawn
 * over one another, boxes past the margins, and sheets with nothing on them. All empty when clean.
 */
export function drawnBoxFaults(
  pdf: Buffer,
  boxes: readonly PdfBox[],
): { overlapping: [PdfBox, PdfBox][]; outside: PdfBox[]; emptySheets: number[] } {
  const used = new Set(boxes.map((box) => box.sheet));
  return {
    overlapping: overlaps(boxes),
    outside: boxes.filter(outsideMargins),
    emptySheets: [...Array(sheetsOf(pdf)).keys()].filter((sheet) => !used.has(sheet)),
  };
}
