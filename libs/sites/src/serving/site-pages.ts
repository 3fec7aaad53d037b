import { Injectable } from '@nestjs/common';
import { ContentDirectory, RevisionPageEntry } from '@docs/content';
import type { RevisionLinkData } from '@docs/content/documents';
import { Lru, WorkError, WorkPool } from '@docs/platform';
import { PageToRender, RenderedPage, renderPage, withFileUrls } from './page-html';
import { ReaderError } from './reader-error';
import { INLINE_CHARS as INLINE_HIGHLIGHT_CHARS } from './code-highlight';

/** A revision's pages as a served site reads them: in tree order, by id and by path, and its link data. */
export interface RevisionIndex {
  spaceId: string;
  revisionId: string;
  pages: readonly RevisionPageEntry[];
  byId: ReadonlyMap<string, RevisionPageEntry>;
  byPath: ReadonlyMap<string, RevisionPageEntry>;
  /**
   * The pages the site lists (navigation, previous / next, llms.txt, sitemap.xml, search), in tree
   * order: all but hidden pages and the pages under them, which are still served by their URL.
   */
  listed: readonly RevisionPageEntry[];
  /** Each listed page's place in `listed` (previous / next). */
  position: ReadonlyMap<string, number>;
  links: RevisionLinkData;
}

/** Revisions indexed and pages rendered that stay in memory: revisions never change, so nothing kept is ever stale. */
const CACHED_REVISIONS = 64;
const CACHED_PAGES = 2048;
/**
 * Markdown rendered on the event loop at most: markdown-it takes up to some 5 µs a character on
 * hostile input, so 16 KiB is some 80 ms at worst. Larger pages (up to content's 1 MiB) render in a
 * work thread within RENDER_BUDGET_MS; past it the page answers 422. So do pages with more code than
 * the event loop may highlight (code-highlight.ts's INLINE_CHARS), whose highlighting costs more a character.
 */
const INLINE_RENDER_CHARS = 16 * 1024;
const RENDER_BUDGET_MS = 20_000;
const RENDER_TASK = require.resolve('./render-pages.task');

function indexOf(spaceId: string, revisionId: string, pages: RevisionPageEntry[], files: { id: string; name: string }[]): RevisionIndex {
  const byId = new Map(pages.map((p) => [p.id, p]));
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const withChildren = new Set(pages.flatMap((p) => (p.parent === null ? [] : [p.parent])));
  const fileNames = new Map<string, string>();
  for (const f of files) if (!fileNames.has(f.name)) fileNames.set(f.name, f.id);
  const links: RevisionLinkData = {
    pages: new Set(byId.keys()),
    byPath: new Map(pages.map((p) => [p.path, p.id])),
    paths: new Map(pages.map((p) => [p.id, p.path])),
    withChildren,
    ...(pages[0] ? { firstPage: pages[0].id } : {}),
    files: new Set(files.map((f) => f.id)),
    fileNames,
  };
  const listed = listedPages(pages);
  return { spaceId, revisionId, pages, byId, byPath, listed, position: new Map(listed.map((p, i) => [p.id, i])), links };
}

/** The pages (in tree order, so a parent comes before its children) but the hidden ones and those under them. */
function listedPages(pages: readonly RevisionPageEntry[]): RevisionPageEntry[] {
  const unlisted = new Set<string>();
  return pages.filter((page) => {
    if (!page.hidden && (page.parent === null || !unlisted.has(page.parent))) return true;
    unlisted.add(page.id);
    return false;
  });
}

/**
 * The pages of served sites: a revision's index (from content's query interface, never its API),
 * page bodies, and pages rendered to HTML, kept by revision and page (and the URL they link under).
 */
@Injectable()
export class SitePages {
  private readonly revisions = new Lru<RevisionIndex>(CACHED_REVISIONS);
  private readonly rendered = new Lru<RenderedPage>(CACHED_PAGES);

  constructor(
    private readonly content: ContentDirectory,
    private readonly work: WorkPool,
  ) {}

  /** The space's revision, indexed; null when content does not have it. */
  async revision(spaceId: string, revisionId: string): Promise<RevisionIndex | null> {
    const kept = this.revisions.get(revisionId);
    if (kept && kept.spaceId === spaceId) return kept;
    const found = await this.content.revisionPages(spaceId, revisionId);
    if (!found) return null;
    const index = indexOf(spaceId, revisionId, found.pages, found.files);
    this.revisions.set(revisionId, index);
    return index;
  }

  /** The page's markdown as stored. */
  async markdown(page: RevisionPageEntry): Promise<string> {
    return (await this.content.bodies([page.bodyHash])).get(page.bodyHash) ?? '';
  }

  /**
   * The page rendered for a site space served at `base`, its files at their signed URLs (valid until
   * fileUrlsExpireAt()); large pages render in a work thread (422 past the budget).
   */
  async render(index: RevisionIndex, page: RevisionPageEntry, base: string, organizationId: string): Promise<RenderedPage> {
    const rendered = await this.rendering(index, page, base, organizationId);
    const html = withFileUrls(rendered, (fileId) => this.content.fileUrl(index.spaceId, index.revisionId, fileId));
    return { ...rendered, html };
  }

  /** When the file URLs of pages rendered now expire: part of their ETag. */
  fileUrlsExpireAt(): number {
    return this.content.fileUrlsExpireAt();
  }

  private async rendering(index: RevisionIndex, page: RevisionPageEntry, base: string, organizationId: string): Promise<RenderedPage> {
    const key = `${index.revisionId}\u0000${page.id}\u0000${base}`;
    const kept = this.rendered.get(key);
    if (kept) return kept;
    const input: PageToRender = { markdown: await this.markdown(page), pageId: page.id, links: index.links, base };
    const inline = input.markdown.length <= INLINE_RENDER_CHARS ? renderPage(input, INLINE_HIGHLIGHT_CHARS) : null;
    const rendered = inline && !inline.highlightCut ? inline : await this.renderAside(input, organizationId);
    this.rendered.set(key, rendered);
    return rendered;
  }

  private async renderAside(input: PageToRender, organizationId: string): Promise<RenderedPage> {
    try {
      const [rendered] = await this.work.run<RenderedPage[]>(RENDER_TASK, 'renderLargePages', [input], {
        budgetMs: RENDER_BUDGET_MS,
        key: organizationId,
      });
      return rendered!;
    } catch (error) {
      if (!(error instanceof WorkError)) throw error;
      if (error.kind === 'busy') throw new ReaderError(503, 'too many large pages are being rendered: try again shortly');
      if (error.kind === 'timeout' || error.kind === 'memory') throw new ReaderError(422, 'page: too large or too complex to render');
      throw error;
    }
  }
}
