/** What a PDF export may hold, apart from the renderer: the request path reads these without loading pdfkit. */

/** One page of the content, in tree order: `depth` 0 for top-level pages (the outline nests by it). */
export interface PdfPage {
  id: string;
  title: string;
  description: string;
  depth: number;
  /** Null when the export's markdown limit was reached before this page: a note stands for its body. */
  markdown: string | null;
}

/**
 * Bounds of one export (docs/content-design.md, "PDF export, as built"). Past the markdown, element,
 * output and time limits the PDF says what it left out, in a note where the content stops.
 */
export const PDF_LIMITS = {
  /** Pages in one PDF: more is refused when the URL is asked for (export a part with `page`). */
  pages: 1000,
  /** Markdown rendered in one PDF; the pages past it are listed with a note instead of their body. */
  markdownBytes: 8 * 1024 * 1024,
  /** Images drawn in one PDF, their bytes, and each one's pixels (width × height); others show their alt text. */
  images: 200,
  imageBytes: 32 * 1024 * 1024,
  imagePixels: 25_000_000,
  /**
   * Elements drawn in one PDF: text runs (a stretch of one style: a paragraph of plain text is one,
   * each link or bold word another), images, code blocks, rules and table cells. Each costs pdfkit
   * a fixed amount of work, so this bounds the time of pages of many small blocks (100,000 list
   * items, headings or links); the bodies past it are left out with a note.
   */
  elements: 50_000,
  /** Bytes of the PDF: drawing stops once the document has written this much, with a note. */
  outputBytes: 48 * 1024 * 1024,
  /**
   * Time spent drawing, checked between blocks: past it the remaining bodies are left out with a
   * note, so a PDF that is merely slow to draw (very many distinct words) still comes out. The
   * work thread's budget (DownloadPdf, 20 s) stops whatever runs on (one block that is too slow).
   */
  drawMs: 12_000,
  /** Combining marks and invisible format characters kept in a row after a character; the rest are left out. */
  marksInARow: 8,
} as const;

export type PdfLimits = { readonly [K in keyof typeof PDF_LIMITS]: number };

/**
 * Time a work thread may take to draw one PDF (and, apart, to find the images its pages show); past
 * it the thread is stopped and the download answers 422. The writer itself stops drawing with a note
 * after PDF_LIMITS.drawMs, well before, so only a single block slower than the difference fails.
 */
export const PDF_BUDGET_MS = 20_000;
