import { imageFileIds, PdfPage, renderPdf } from './markdown-to-pdf';
import { linkTargetsOf, RevisionLinkData } from '../../documents/page-bodies.domain';

/** What DownloadPdf sends a work thread: images arrive as the Uint8Arrays a structured clone makes of Buffers. */
export interface PdfTaskInput {
  title: string;
  pages: readonly PdfPage[];
  images: ReadonlyMap<string, Uint8Array>;
  /** The revision's pages and files: images and links resolve as the links resolver has them. */
  links: RevisionLinkData;
}

/** What DownloadPdf sends a work thread to find the files the pages show. */
export interface PdfImagesInput {
  pages: readonly { id: string; markdown: string }[];
  links: RevisionLinkData;
}

/** Runs in a work thread (DownloadPdf, through the WorkPool): the PDF's bytes, handed back without a copy. */
export function drawPdf(input: PdfTaskInput): Promise<Uint8Array> {
  const images = new Map<string, Buffer>();
  for (const [id, bytes] of input.images) images.set(id, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  return renderPdf({ title: input.title, pages: input.pages, images, links: input.links });
}

/** Runs in a work thread (DownloadPdf): the ids of the files the pages show as images, in order, each once. */
export function pdfImageIds({ pages, links }: PdfImagesInput): string[] {
  const targets = linkTargetsOf(links);
  const ids = new Set<string>();
  for (const page of pages) for (const id of imageFileIds(page.markdown, page.id, targets)) ids.add(id);
  return [...ids];
}
