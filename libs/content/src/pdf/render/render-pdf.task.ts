import { imageFileIds, PdfPage, renderPdf } from './markdown-to-pdf';

/**
 * Time a work thread may take to draw one PDF (and, apart, to find the images its pages show); past
 * it the thread is stopped and the download answers 422. The writer itself stops drawing with a note
 * after PDF_LIMITS.drawMs, well before, so only a single block slower than the difference fails.
 */
export const PDF_BUDGET_MS = 20_000;

/** What DownloadPdf sends a work thread: images arrive as the Uint8Arrays a structured clone makes of Buffers. */
export interface PdfTaskInput {
  title: string;
  pages: readonly PdfPage[];
  images: ReadonlyMap<string, Uint8Array>;
}

/** Runs in a work thread (DownloadPdf, through the WorkPool): the PDF's bytes, handed back without a copy. */
export function drawPdf(input: PdfTaskInput): Promise<Uint8Array> {
  const images = new Map<string, Buffer>();
  for (const [id, bytes] of input.images) images.set(id, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return renderPdf({ title: input.title, pages: input.pages, images });
}

/** Runs in a work thread (DownloadPdf): the ids of the files the bodies show as images, in order, each once. */
export function pdfImageIds(bodies: readonly string[]): string[] {
  const ids = new Set<string>();
  for (const body of bodies) for (const id of imageFileIds(body)) ids.add(id);
  return [...ids];
}
