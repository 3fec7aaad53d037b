import { escapeHtml } from './site-html';

/** A page of the site as the site-wide files list it: its title, description, absolute URL and its markdown's. */
export interface ListedPage {
  title: string;
  description: string;
  url: string;
  markdownUrl: string;
}

/** `/llms.txt` (llmstxt.org): the site's title, then each site space's pages, linked to their markdown (`<page path>.md`). */
export function llmsTxt(siteTitle: string, groups: readonly { title: string; pages: readonly ListedPage[] }[]): string {
  const lines = [`# ${siteTitle.replace(/\s+/g, ' ')}`, ''];
  for (const group of groups) {
    lines.push(`## ${group.title.replace(/\s+/g, ' ')}`, '');
    for (const page of group.pages) {
      const title = page.title.replace(/[\s[\]]+/g, ' ');
      const description = page.description.replace(/\s+/g, ' ').trim();
      lines.push(`- [${title}](${page.markdownUrl})${description ? `: ${description}` : ''}`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

/** `/sitemap.xml` (sitemaps.org): the pages' URLs; none on a site that is not indexable. */
export function sitemapXml(urls: readonly string[]): string {
  const entries = urls.map((url) => `<url><loc>${escapeHtml(url)}</loc></url>`);
  const urlset = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</urlset>`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n${urlset}\n`;
}

/** `/robots.txt`: a public site is indexable and names its sitemap; any other disallows everything. */
export function robotsTxt(indexable: boolean, sitemapUrl: string): string {
  return indexable ? `User-agent: *\nAllow: /\n\nSitemap: ${sitemapUrl}\n` : 'User-agent: *\nDisallow: /\n';
}
