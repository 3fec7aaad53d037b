import { Query, IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BlobStore, notFound } from '@docs/platform';
import { Readable } from 'node:stream';
import { FileNode } from '../domain/content-files';
import { ChangeRequestsReadModel } from '../projections/change-requests.read-model';
import { SpacesReadModel } from '../projections/spaces.read-model';
import { pdfPages, requirePdfSize } from './get-pdf-url';
import { imageFileIds, PDF_LIMITS, PdfPage, renderPdf } from './pdf/markdown-to-pdf';
import { PdfLinkSigner } from './pdf-link-signer';
import { RevisionTrees } from './revision-trees';

export interface PdfFile {
  /** A file name for Content-Disposition. */
  filename: string;
  stream: Readable;
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
  (bytes.length > 8 && bytes.readUInt32BE(0) === 0x89504e47 && bytes.readUInt32BE(4) === 0x0d0a1a0a) || (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff);

/** How many bodies are read at once, so the markdown limit stops reading early. */
const BODIES_PER_READ = 50;

/**
 * The PDF a signed link names (docs/content-design.md, "PDF export, as built"): the token is checked
 * (403 when malformed, tampered or expired), then the revision it names is read, its pages chosen as
 * when the link was signed, their bodies read up to the markdown limit and the PNG and JPEG files
 * they show read from the blob store within the image limits, and the PDF is streamed as it is drawn.
 * A space deleted since is 404: a deletion withdraws its links.
 */
@QueryHandler(DownloadPdf)
export class DownloadPdfHandler implements IQueryHandler<DownloadPdf> {
  constructor(
    private readonly links: PdfLinkSigner,
    private readonly spaces: SpacesReadModel,
    private readonly changeRequests: ChangeRequestsReadModel,
    private readonly trees: RevisionTrees,
    private readonly blobs: BlobStore,
  ) {}

  async execute({ props: { token } }: DownloadPdf): Promise<PdfFile> {
    const claims = this.links.verify(token);
    const space = await this.spaces.space(claims.spaceId);
    if (!space || space.status !== 'active') throw notFound('space not found');
    const content = await this.trees.content(space.id, claims.revisionId);
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

    const changeRequest = claims.changeRequestId ? await this.changeRequests.byId(space.id, claims.changeRequestId) : null;
    const title = changeRequest ? `${space.title} - #${changeRequest.number} ${changeRequest.subject}` : space.title;
    return {
      filename: `${fileName(changeRequest ? `${space.title}-${changeRequest.number}` : space.title)}.pdf`,
      stream: renderPdf({ title, pages, images: await this.images(content.files, pages) }),
    };
  }

  /** The PNG and JPEG files the pages show, within the image limits, by id. */
  private async images(files: readonly FileNode[], pages: readonly PdfPage[]): Promise<Map<string, Buffer>> {
    const byId = new Map(files.map((f) => [f.id, f]));
    const wanted: FileNode[] = [];
    let total = 0;
    const ids = new Set(pages.flatMap((p) => (p.markdown ? imageFileIds(p.markdown) : [])));
    for (const id of ids) {
      const file = byId.get(id);
      if (!file || !DRAWN.has(file.contentType.split(';')[0]!.trim().toLowerCase())) continue;
      if (file.dimensions && file.dimensions.width * file.dimensions.height > PDF_LIMITS.imagePixels) continue;
      if (wanted.length >= PDF_LIMITS.images || total + file.size > PDF_LIMITS.imageBytes) break;
      wanted.push(file);
      total += file.size;
    }
    const images = new Map<string, Buffer>();
    for (const file of wanted) {
      const bytes = await this.blobs.get(file.hash);
      if (bytes && isPngOrJpeg(bytes)) images.set(file.id, bytes);
    }
    return images;
  }
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
