import { Query, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BlobStore, notFound, WorkError, WorkPool } from '@docs/platform';
import { FileNode } from '../page-tree/content-files.domain';
import { ChangeRequestsReadModel } from '../change-requests/change-requests.read-model';
import { SpacesReadModel } from '../spaces/reads/spaces.read-model';
import { pdfPages, requirePdfSize } from './get-pdf-url';
import { PDF_BUDGET_MS, PDF_LIMITS, PdfPage } from './render/pdf-limits';
// Types only: the task module loads pdfkit and its fonts, which only the work threads need.
import type { PdfImagesInput, PdfTaskInput } from './render/render-pdf.task';
import { linkDataOf } from '../links/revision-links';
import { RevisionLinkData } from '../documents/page-bodies.domain';
import { RenderedPdfs } from './pdf-cache';
import { PdfLinkClaims } from './render/pdf-links';
import { PdfLinkSigner } from './pdf-link-signer';
import { RevisionTrees } from '../revisions/revision-trees';

export interface PdfFile {
  /** A file name for Content-Disposition. */
  filename: string;
  bytes: Uint8Array;
}

/** GET /v1/pdf/{token}: no caller, the signed token is the credential. */
export class DownloadPdf extends Query<PdfFile> {
  constructor(readonly props: { token: string }) {
    super();
  }
}

/** Types pdfkit draws (by content type, then by their bytes' signature). */
const DRAWN = new Set(['image/png', 'image/jpeg', 'image/jpg']);
const isPngOrJpeg = (bytes: Buffer) =>
  (bytes.length > 8 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a) ||
  (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff);

/** How many bodies are read at once, so the markdown limit stops reading early. */
const BODIES_PER_READ = 50;

const TASK = require.resolve('./render/render-pdf.task');
/** A body without `![` shows no image: it is not parsed for them. */
const MAY_SHOW_IMAGES = '![';

/**
 * The PDF a signed link names (docs/content-design.md, "PDF export, as built"): the token is checked
 * (403 when malformed, tampered or expired), then the revision it names is read, its pages chosen as
 * when the link was signed, their bodies read up to the markdown limit and the PNG and JPEG files
 * they show read from the blob store within the image limits, and the PDF is drawn in a work thread
 * (WorkPool: the space's organization's share, PDF_BUDGET_MS), so the event loop never does layout.
 * Rendered PDFs are kept by what the link names (RenderedPdfs): a repeated link renders nothing.
 * A space deleted since is 404: a deletion withdraws its links.
 */
@QueryHandler(DownloadPdf)
export class DownloadPdfHandler implements IQueryHandler<DownloadPdf> {
  private readonly rendered = new RenderedPdfs(
    (error) => error instanceof WorkError && (error.kind === 'timeout' || error.kind === 'memory'),
  );

  constructor(
    private readonly links: PdfLinkSigner,
    private readonly spaces: SpacesReadModel,
    private readonly changeRequests: ChangeRequestsReadModel,
    private readonly trees: RevisionTrees,
    private readonly blobs: BlobStore,
    private readonly work: WorkPool,
  ) {}

  async execute({ props: { token } }: DownloadPdf): Promise<PdfFile> {
    const claims = this.links.verify(token);
    const space = await this.spaces.space(claims.spaceId);
    if (space?.status !== 'active') throw notFound('space not found');
    const changeRequest = claims.changeRequestId ? await this.changeRequests.byId(space.id, claims.changeRequestId) : null;
    const title = changeRequest ? `${space.title} - #${changeRequest.number} ${changeRequest.subject}` : space.title;
    const bytes = await this.rendered.get(cacheKey(claims, title), () => this.render(claims, title, space.organizationId));
    return { filename: `${fileName(changeRequest ? `${space.title}-${changeRequest.number}` : space.title)}.pdf`, bytes };
  }

  private async render(claims: PdfLinkClaims, title: string, organizationId: string): Promise<Uint8Array> {
    const content = await this.trees.content(claims.spaceId, claims.revisionId);
    const nodes = pdfPages(content, { pageId: claims.pageId ?? undefined, only: claims.only });
    requirePdfSize(nodes);

    const markdown = new Map<string, string>();
    const read = new Set<string>();
    let bytes = 0;
    const hashes = [...new Set(nodes.map((n) => n.page.bodyHash))];
    for (let i = 0; i < hashes.length && bytes < PDF_LIMITS.markdownBytes; i += BODIES_PER_READ) {
      const batch = hashes.slice(i, i + BODIES_PER_READ);
      for (const hash of batch) read.add(hash);
      for (const [hash, body] of await this.trees.bodies(batch)) {
        markdown.set(hash, body);
        bytes += Buffer.byteLength(body);
      }
    }
    const pages: PdfPage[] = nodes.map(({ page, depth }) => ({
      id: page.id,
      title: page.title,
      description: page.description,
      depth,
      // A body never read (past the limit) is left out; a body the store lacks is an empty page.
      markdown: read.has(page.bodyHash) ? (markdown.get(page.bodyHash) ?? '') : null,
    }));
    // Images and links resolve as the links resolver has them: `./diagram.png` is the file of that name.
    const links = linkDataOf(content, undefined);
    const images = await this.images(content.files, pages, links, organizationId);
    const input: PdfTaskInput = { title, pages, images, links };
    return this.drawn(this.work.run<Uint8Array>(TASK, 'drawPdf', input, { budgetMs: PDF_BUDGET_MS, key: organizationId }));
  }

  /** The PNG and JPEG files the pages show, within the image limits, by id. */
  private async images(
    files: readonly FileNode[],
    pages: readonly PdfPage[],
    links: RevisionLinkData,
    organizationId: string,
  ): Promise<Map<string, Buffer>> {
    const images = new Map<string, Buffer>();
    const shown = pages.flatMap((p) => (p.markdown?.includes(MAY_SHOW_IMAGES) ? [{ id: p.id, markdown: p.markdown }] : []));
    if (shown.length === 0 || files.length === 0) return images;
    const input: PdfImagesInput = { pages: shown, links };
    const ids = await this.drawn(this.work.run<string[]>(TASK, 'pdfImageIds', input, { budgetMs: PDF_BUDGET_MS, key: organizationId }));
    const byId = new Map(files.map((f) => [f.id, f]));
    const wanted: FileNode[] = [];
    let total = 0;
    for (const id of ids) {
      const file = byId.get(id);
      if (!file || !DRAWN.has(file.contentType.split(';')[0]!.trim().toLowerCase())) continue;
      if (file.dimensions && file.dimensions.width * file.dimensions.height > PDF_LIMITS.imagePixels) continue;
      if (wanted.length >= PDF_LIMITS.images || total + file.size > PDF_LIMITS.imageBytes) break;
      wanted.push(file);
      total += file.size;
    }
    for (const file of wanted) {
      const bytes = await this.blobs.get(file.hash);
      if (bytes && isPngOrJpeg(bytes)) images.set(file.id, bytes);
    }
    return images;
  }

  /** Work past its budget or heap says it was the PDF (422), and what to do. */
  private async drawn<T>(work: Promise<T>): Promise<T> {
    try {
      return await work;
    } catch (error) {
      if (error instanceof WorkError && error.kind === 'timeout') {
        throw new WorkError('timeout', `drawing the PDF took longer than ${PDF_BUDGET_MS / 1000} s; export a part of it with page`);
      }
      if (error instanceof WorkError && error.kind === 'memory') {
        throw new WorkError('memory', 'drawing the PDF needed more memory than a work thread has; export a part of it with page');
      }
      throw error;
    }
  }
}

/** What a link names, less its expiry, and the title drawn (a change request's subject may change). */
function cacheKey(claims: PdfLinkClaims, title: string): string {
  return JSON.stringify([claims.spaceId, claims.revisionId, claims.changeRequestId, claims.pageId, claims.only, title]);
}

/** A title as a file name: letters, digits, dashes. */
function fileName(title: string): string {
  return (
    title
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'content'
  );
}
