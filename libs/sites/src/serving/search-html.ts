import { escapeHtml } from './site-html';

/** A search result as the search page lists it. */
export interface ListedResult {
  title: string;
  href: string;
  /** Where it is: the section / variant and the page's ancestors. */
  where: string[];
  excerpt: string;
}

/** The search page's body: what was looked for and the results, or a line saying there are none. */
export function searchResultsHtml(query: string, results: readonly ListedResult[], limit: number): string {
  if (query === '') return '<p class="search-prompt">Type words to look for in the search box.</p>';
  if (results.length === 0) return `<p class="search-none">No results for “${escapeHtml(query)}”.</p>`;
  const items = results.map(
    (r) =>
      `<li><a href="${escapeHtml(r.href)}">${escapeHtml(r.title)}</a>` +
      (r.where.length > 0 ? `<p class="where">${escapeHtml(r.where.join(' › '))}</p>` : '') +
      (r.excerpt ? `<p class="excerpt">${escapeHtml(r.excerpt)}</p>` : '') +
      '</li>',
  );
  const shown = results.length === limit ? `The best ${limit} results` : `${results.length} result${results.length === 1 ? '' : 's'}`;
  return `<p class="search-count">${shown} for “${escapeHtml(query)}”.</p>\n<ol class="search-results">${items.join('')}</ol>`;
}
