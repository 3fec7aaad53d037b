import * as cheerio from 'cheerio';
import { htmlToMarkdown } from './html-markdown';
import { CrawledPage, imageMarker, NOT_PAGES, pageLinkMarker, pagePath } from './page-markers';

const TITLE_MAX = 200;
/** Elements that are not content. */
const STRIPPED =
  'script, style, noscript, template, iframe, object, embed, nav, header, footer, aside, form, button, svg, canvas, link, meta';

const turndown = htmlToMarkdown();

/** A page converted: its title and markdown, and the links it holds (absolute, without fragments). */
export interface ConvertedPage {
  page: CrawledPage;
  links: string[];
}

/**
 * Runs in a work thread (WebsiteCrawler, through the WorkPool and html-conversion.ts): a page's HTML as markdown
 * (turndown): headings, lists, tables, code blocks with their language, links (made absolute; links
 * to the site's own pages as markers, see resolvePageLinks) and images (markers, see
 * resolveImages); scripts, styles, navigation, headers, footers and forms are dropped, and
 * `<main>` or `<article>` is preferred to the whole body.
 */
export function convertPage({ html, url: href }: { html: string; url: string }): ConvertedPage {
  const url = new URL(href);
  const $ = cheerio.load(html);
  const baseHref = $('base[href]').first().attr('href');
  let base = url;
  try {
    if (baseHref) base = new URL(baseHref, url);
  } catch {
    // an unusable <base>: links resolve against the page
  }
  const absolute = (href: string | undefined): URL | null => {
    if (!href) return null;
    try {
      const resolved = new URL(href.trim(), base);
      if (resolved.protocol !== 'http:' && resolved.protocol !== 'https:') return null;
      resolved.hash = '';
      return resolved;
    } catch {
      return null;
    }
  };
  const links: URL[] = [];
  $('a[href]').each((_, element) => {
    const link = absolute($(element).attr('href'));
    if (link) links.push(link);
  });
  const heading = $('h1').first().text().replace(/\s+/g, ' ').trim();
  const documentTitle = $('title').first().text().replace(/\s+/g, ' ').trim();
  const path = pagePath(url);
  const title = (heading || documentTitle || path.split('/').filter(Boolean).pop() || url.hostname).slice(0, TITLE_MAX);

  $(STRIPPED).remove();
  $('a[href]').each((_, element) => {
    const href = $(element).attr('href')!;
    if (href.startsWith('#')) return;
    const resolved = (() => {
      try {
        return new URL(href.trim(), base);
      } catch {
        return null;
      }
    })();
    if (!resolved || (resolved.protocol !== 'http:' && resolved.protocol !== 'https:' && resolved.protocol !== 'mailto:'))
      $(element).removeAttr('href');
    else if (resolved.origin === url.origin && !NOT_PAGES.test(resolved.pathname)) $(element).attr('href', pageLinkMarker(resolved));
    else $(element).attr('href', resolved.href);
  });
  const images = new Set<string>();
  $('img[src]').each((_, element) => {
    const src = absolute($(element).attr('src'));
    if (!src) return void $(element).remove();
    images.add(src.href);
    $(element).attr('src', imageMarker(src));
  });
  return {
    page: { path, url: url.href, title, markdown: contentMarkdown($), images: [...images] },
    links: links.map((link) => link.href),
  };
}

/**
 * Runs in a work thread (FileSource, an import run's HTML file): the file's content as markdown,
 * as a website's page is converted, without links to resolve (a file has no address).
 */
export function convertHtmlFile({ html }: { html: string }): string {
  const $ = cheerio.load(html);
  $(STRIPPED).remove();
  return contentMarkdown($);
}

/** The markdown of `<main>` or `<article>` when the page has one, else of its body. */
function contentMarkdown($: cheerio.CheerioAPI): string {
  const main = $('main, article, [role="main"]').first();
  const content = main.length > 0 ? (main.html() ?? '') : ($('body').html() ?? $.html());
  const markdown = turndown.turndown(content).trim();
  return markdown ? `${markdown}\n` : '';
}
