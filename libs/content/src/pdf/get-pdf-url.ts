import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { invalid, notFound } from '@docs/platform';
import { PageNode } from '../page-tree/page-tree.domain';
import { PDF_LIMITS } from './render/pdf-limits';
import { PdfLinkSigner } from './pdf-link-signer';
import { ContentAt, ContentQuery } from '../revisions/read-content';
import { RevisionContent } from '../revisions/revision-trees';

/** What to export: the whole content, a page and the pages under it, or (`only`) that page alone. */
export interface PdfScope {
  pageId?: string;
  only?: boolean;
}

export interface PdfUrl {
  url: string;
}

/** A page to print and its depth under the export's top (0: top level, or the exported page). */
export interface PdfPageNode {
  page: PageNode;
  depth: number;
}

/**
 * The pages a PDF of `content` holds, in tree order (a page, then its children in order): all of
 * them, the subtree of `pageId`, or that page alone with `only`. 404 for a page the revision does
 * not have; 400 for `only` without a page.
 */
export function pdfPages(content: RevisionContent, { pageId, only }: PdfScope): PdfPageNode[] {
  if (only && !pageId) throw invalid('only=true needs page: the id of the page to export');
  if (pageId !== undefined) {
    const page = content.tree.get(pageId);
    if (!page) throw notFound(`page not found: ${pageId}`);
    if (only) return [{ page, depth: 0 }];
  }
  const out: PdfPageNode[] = [];
  const seen = new Set<string>();
  // Iterative depth-first walk, children in order; each page once (a tree a merge made cyclic ends).
  const stack: PdfPageNode[] =
    pageId !== undefined
      ? [{ page: content.tree.get(pageId)!, depth: 0 }]
      : [...(content.children.get(null) ?? [])].reverse().map((page) => ({ page, depth: 0 }));
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next.page.id)) continue;
    seen.add(next.page.id);
    out.push(next);
    const children = content.children.get(next.page.id) ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push({ page: children[i]!, depth: next.depth + 1 });
  }
  return out;
}

/** Refuses an export over the page limit, before a URL is given for it. */
export function requirePdfSize(pages: readonly PdfPageNode[]): void {
  if (pages.length > PDF_LIMITS.pages) {
    throw invalid(`a PDF holds at most ${PDF_LIMITS.pages} pages, this one would hold ${pages.length}: export a part with page`);
  }
}

export class GetPdfUrl extends ContentQuery<PdfScope, PdfUrl> {}

/**
 * getChangeRequestPDF (GET …/change-requests/{changeRequestId}/pdf) and getSpacePDF (GET …/pdf):
 * a signed, expiring URL serving the PDF of the change request's (or the live content's) current
 * revision, for anyone who can see the space. The URL names the revision, so it serves the same
 * document until it expires, whatever is edited meanwhile.
 */
@QueryHandler(GetPdfUrl)
export class GetPdfUrlHandler implements IQueryHandler<GetPdfUrl> {
  constructor(
    private readonly contentAt: ContentAt,
    private readonly links: PdfLinkSigner,
  ) {}

  async execute({ props: { location, pageId, only }, scope }: GetPdfUrl): Promise<PdfUrl> {
    const { space, location: resolved, content } = await this.contentAt.view(scope, location);
    requirePdfSize(pdfPages(content, { pageId, only }));
    const url = this.links.url({
      spaceId: space.id,
      revisionId: content.revision.id,
      changeRequestId: resolved.at === 'change-request' ? resolved.changeRequestId : null,
      pageId: pageId ?? null,
      only: only === true,
    });
    return { url };
  }
}
