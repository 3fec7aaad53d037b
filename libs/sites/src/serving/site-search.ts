import { Injectable } from '@nestjs/common';
import { ContentDirectory, PageMatch } from '@docs/content';
import type { FindResult, Page } from '@docs/platform';
import type { ServedLevel, ServedSiteSpace } from './served-structure';
import { SitePages } from './site-pages';

/** GitBook's cap on a search's text (`searchSiteContent`'s `query`), the search page's `q` too. */
export const MAX_SITE_QUERY = 512;
/** Results the search page shows at most (the best ones). */
export const SEARCH_PAGE_RESULTS = 20;

/** A site space with pages matching a search: where it is in the site, and the pages. */
export interface SiteSpaceMatch {
  level: ServedLevel;
  siteSpace: ServedSiteSpace;
  score: number;
  pages: PageMatch[];
}

/** A page matching a search, with where it is shown. */
export interface SitePageMatch {
  level: ServedLevel;
  siteSpace: ServedSiteSpace;
  page: PageMatch;
}

/**
 * Full-text search of what a site shows: the spaces of the levels given (the site's published site
 * spaces, as its readers see them), through content's query interface. A space shown by several
 * site spaces answers under the first. Pages the site does not list (hidden ones) are left out.
 */
@Injectable()
export class SiteSearch {
  constructor(
    private readonly content: ContentDirectory,
    private readonly sitePages: SitePages,
  ) {}

  /** Site spaces with matching pages, best first, a page of them at a time. */
  async bySiteSpace(levels: readonly ServedLevel[], text: string, page: Page): Promise<FindResult<SiteSpaceMatch>> {
    const shown = new Map<string, { level: ServedLevel; siteSpace: ServedSiteSpace }>();
    for (const level of levels) {
      for (const siteSpace of level.siteSpaces) if (!shown.has(siteSpace.spaceId)) shown.set(siteSpace.spaceId, { level, siteSpace });
    }
    if (shown.size === 0) return { items: [], count: 0 };
    const spaces = [...shown.values()].map(({ siteSpace }) => ({ spaceId: siteSpace.spaceId, revision: siteSpace.revision }));
    const result = await this.content.search(spaces, text, page);
    const items: SiteSpaceMatch[] = [];
    for (const match of result.items) {
      const where = shown.get(match.spaceId);
      if (!where) continue;
      const index = await this.sitePages.revision(where.siteSpace.spaceId, where.siteSpace.revision);
      const pages = match.pages.filter((page) => index?.position.has(page.id));
      if (pages.length > 0) items.push({ ...where, score: match.score, pages });
    }
    return { ...result, items };
  }

  /** The best `limit` pages of the site matching `text`, best first, whichever site space they are in. */
  async pages(levels: readonly ServedLevel[], text: string, limit: number): Promise<SitePageMatch[]> {
    const spaces = levels.reduce((n, l) => n + l.siteSpaces.length, 0);
    const { items } = await this.bySiteSpace(levels, text, { limit: Math.max(1, spaces) });
    return items
      .flatMap(({ level, siteSpace, pages }) => pages.map((page) => ({ level, siteSpace, page })))
      .sort((a, b) => b.page.score - a.page.score)
      .slice(0, limit);
  }
}
