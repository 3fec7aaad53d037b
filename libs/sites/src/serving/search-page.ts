import { Injectable } from '@nestjs/common';
import { pageUrl } from './page-html';
import { ReaderError } from './reader-error';
import { ListedResult, searchResultsHtml } from './search-html';
import { joinUrl, ServedLevel, siteSpaceBase } from './served-structure';
import { pageDocument, PageView } from './site-html';
import { SitePages } from './site-pages';
import { MAX_SITE_QUERY, SEARCH_PAGE_RESULTS, SiteSearch } from './site-search';

/** Where a site's search page is: `<site>/search?q=<words>`. */
export const SEARCH_SEGMENT = 'search';

/** The site's search page URL under its base (the header's search box submits there). */
export const searchHref = (siteBase: string) => joinUrl(siteBase, [SEARCH_SEGMENT]);

/** What the search page needs of the request and the site. */
export interface SearchPageRequest {
  query: unknown;
  siteTitle: string;
  siteBase: string;
  /** The levels the reader may see: the search covers their site spaces and nothing else. */
  levels: readonly ServedLevel[];
  /** What the site's customization adds to the page (served-customization.ts). */
  look?: Pick<PageView, 'style' | 'headerLinks' | 'footer'>;
}

/** The text of `?q=`: the first one when repeated; at most MAX_SITE_QUERY characters (400 past it). */
export function searchText(query: unknown): string {
  const q = (query as Record<string, unknown> | null)?.q;
  const text = Array.isArray(q) ? q[0] : q;
  if (typeof text !== 'string') return '';
  if (text.length > MAX_SITE_QUERY) throw new ReaderError(400, `q: at most ${MAX_SITE_QUERY} characters`);
  return text.trim();
}

/**
 * The site's search page, rendered on the server (no script): the best SEARCH_PAGE_RESULTS pages of the
 * reader's site spaces matching `?q=`, each linking to its page's URL on the site (and its section's anchor).
 */
@Injectable()
export class SearchPage {
  constructor(
    private readonly search: SiteSearch,
    private readonly pages: SitePages,
  ) {}

  async render({ query, siteTitle, siteBase, levels, look }: SearchPageRequest): Promise<string> {
    const text = searchText(query);
    const matches = text === '' ? [] : await this.search.pages(levels, text, SEARCH_PAGE_RESULTS);
    const results: ListedResult[] = [];
    for (const { level, siteSpace, page } of matches) {
      const index = await this.pages.revision(siteSpace.spaceId, siteSpace.revision);
      if (!index?.byId.has(page.id)) continue;
      const targets = { firstPage: () => index.links.firstPage, pathOf: (id: string) => index.links.paths.get(id) };
      const href = pageUrl(siteSpaceBase(siteBase, level, siteSpace), page.id, targets) || '/';
      const best = page.sections[0];
      const anchor = best?.anchor ? `#${encodeURIComponent(best.anchor)}` : '';
      const where = [
        ...(levels.length > 1 ? [level.title] : []),
        ...(level.siteSpaces.length > 1 ? [siteSpace.title] : []),
        ...page.ancestors,
      ];
      results.push({ title: page.title, href: `${href}${anchor}`, where, excerpt: best?.excerpt ?? page.description });
    }
    return pageDocument({
      siteTitle,
      homeHref: siteBase || '/',
      // Result lists are never indexed, whatever the site's visibility.
      indexable: false,
      tabs: [],
      variants: [],
      nav: [],
      title: text === '' ? 'Search' : `Search: ${text}`,
      description: '',
      html: searchResultsHtml(text, results, SEARCH_PAGE_RESULTS),
      outline: [],
      searchHref: searchHref(siteBase),
      query: text,
      ...look,
    });
  }
}
