import { Inject, Injectable } from '@nestjs/common';
import * as cheerio from 'cheerio';
import robotsParser from 'robots-parser';
import { APP_CONFIG, AppConfig, excerpt, OUTBOUND_AGENT, OutboundFetch, OutboundFetchError, OutboundResponse } from '@docs/platform';
import { htmlToMarkdown } from './html-markdown';

/** How far an import goes (IMPORT_* configuration). */
export interface CrawlBounds {
  /** Pages imported at most (the start page included). */
  maxPages: number;
  /** Link hops from the start page (0: the start page only). */
  maxDepth: number;
  /** Bytes of one page's HTML; a larger page is skipped (the start page: the import fails). */
  maxPageBytes: number;
  /** Bytes of HTML over the whole import; the crawl stops when they are spent. */
  maxTotalBytes: number;
  /** Time for the whole crawl; when it is up, the crawl stops with what it has (the start page must have arrived). */
  timeoutMs: number;
}

export interface CrawledPage {
  /** The page's URL path, normalized: no trailing slash, `index.html` dropped (`/` for the root). */
  path: string;
  url: string;
  title: string;
  /** Links to pages of the crawled site, and images, are markers until the import resolves them (resolvePageLinks, resolveImages). */
  markdown: string;
  /** Absolute URLs of the page's images, in order, each once. */
  images: string[];
}

/** What a crawl reports as it goes, and what stops it early. */
export interface CrawlOptions {
  /** Aborted: the crawl stops with what it has (a cancelled import). */
  signal?: AbortSignal;
  /** After each page imported: how many so far, and how many found. */
  onPage?: (imported: number, discovered: number) => Promise<void> | void;
}

export interface CrawlResult {
  /** In discovery order (breadth first), the start page first. */
  pages: CrawledPage[];
  /** Distinct same-origin pages found that robots.txt lets us fetch, within the depth bound (imported or not). */
  discovered: number;
}

const TITLE_MAX = 200;
const ROBOTS_MAX_BYTES = 512 * 1024;
const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;
/** Links to these are files, not pages: never fetched. */
const FILE_EXTENSIONS = [
  ...['png', 'jpe?g', 'gif', 'svg', 'webp', 'ico', 'bmp', 'pdf', 'zip', 'gz', 'tgz', 'tar', 'rar', '7z', 'mp[34]', 'mov', 'avi', 'webm'],
  ...['wav', 'ogg', 'woff2?', 'ttf', 'eot', 'css', 'js', 'mjs', 'json', 'xml', 'rss', 'atom', 'txt', 'csv', 'exe', 'dmg', 'apk', 'iso'],
];
const NOT_PAGES = new RegExp(`\\.(${FILE_EXTENSIONS.join('|')})$`, 'i');
/** Elements that are not content. */
const STRIPPED =
  'script, style, noscript, template, iframe, object, embed, nav, header, footer, aside, form, button, svg, canvas, link, meta';

const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export const boundsFromConfig = (config: AppConfig): CrawlBounds => ({
  maxPages: config.importMaxPages,
  maxDepth: config.importMaxDepth,
  maxPageBytes: config.importMaxPageBytes,
  maxTotalBytes: config.importMaxTotalBytes,
  timeoutMs: config.importTimeoutMs,
});

/** The identity of a page: origin and normalized path (query and fragment ignored). */
function pagePath(url: URL): string {
  let path = url.pathname.replace(/\/index\.html?$/i, '/').replace(/\/+$/, '');
  try {
    path = decodeURI(path);
  } catch {
    // keep it encoded
  }
  return path || '/';
}

/**
 * A link to a page of the crawled site, in a page's markdown, stands as a marker (the link's
 * absolute URL in base64url: only letters, digits, `-` and `_`, which no markdown escaping touches)
 * until the import knows which pages it imported and their ids.
 */
const PAGE_LINK = 'docs-import-page:';
const PAGE_LINKS = /docs-import-page:([A-Za-z0-9_-]+)/g;

export const pageLinkMarker = (url: URL): string => `${PAGE_LINK}${Buffer.from(url.href, 'utf8').toString('base64url')}`;

/**
 * A page's markdown with its links to pages of the crawled site resolved: `target` answers, for a
 * page's normalized path, the link to write (the import's `/pages/<id>`), or null for a page that
 * was not imported, whose link is written as its absolute URL. The link's `#fragment` is kept.
 */
export function resolvePageLinks(markdown: string, target: (path: string) => string | null): string {
  return markdown.replace(PAGE_LINKS, (marker, encoded: string) => {
    let url: URL;
    try {
      url = new URL(Buffer.from(encoded, 'base64url').toString('utf8'));
    } catch {
      return marker; // not one of ours: text of the page that looks like a marker
    }
    const to = target(pagePath(url));
    return to === null ? url.href : `${to}${url.hash}`;
  });
}

/** The HTML of a response as text, in its declared charset (UTF-8 by default). */
function decode(response: OutboundResponse): string {
  const charset = /charset=["']?([\w-]+)/i.exec(response.contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(response.body);
  } catch {
    return new TextDecoder('utf-8').decode(response.body);
  }
}

/** An image stands as a marker like page links, until the import knows where its bytes went. */
const IMAGE = 'docs-import-image:';
const IMAGES = /docs-import-image:([A-Za-z0-9_-]+)/g;

const imageMarker = (url: URL): string => `${IMAGE}${Buffer.from(url.href, 'utf8').toString('base64url')}`;

/**
 * A page's markdown with its images resolved: `target` answers, for an image's absolute URL, the
 * link to write (the import's `/files/<id>`), or null to keep the URL.
 */
export function resolveImages(markdown: string, target: (url: string) => string | null): string {
  return markdown.replace(IMAGES, (marker, encoded: string) => {
    let url: URL;
    try {
      url = new URL(Buffer.from(encoded, 'base64url').toString('utf8'));
    } catch {
      return marker;
    }
    return target(url.href) ?? url.href;
  });
}

/** Errors that say the host could not be reached at all (rather than refused or answering badly). */
const UNREACHABLE = new Set(['dns', 'connection', 'timeout']);

/** Why a host could not be reached, in words (the guard's message names the robots.txt it was fetching). */
function unreachable(error: OutboundFetchError): string {
  if (error.reason === 'dns') return 'its host name does not resolve';
  if (error.reason === 'timeout') return 'it did not answer in time';
  return `the connection failed (${error.message.split(': ').pop()})`;
}

/**
 * Fetches a website for an import, through the outbound guard only: robots.txt first (RFC 9309:
 * a 4xx means everything is allowed, a 5xx or a failure that everything is disallowed), then the
 * start page and, breadth first, the same-origin pages it links to, within the bounds. The start
 * page must arrive (a 2xx HTML page allowed by robots.txt), or the crawl fails with the reason;
 * later pages that fail are skipped. Each page becomes markdown (turndown): headings, lists, code
 * blocks, links (made absolute; links to the site's own pages as markers, see resolvePageLinks) and
 * emphasis; scripts, styles, navigation, headers, footers and forms are dropped, and `<main>` or
 * `<article>` is preferred to the whole body.
 */
@Injectable()
export class WebsiteCrawler {
  private readonly turndown = htmlToMarkdown();

  constructor(
    private readonly outbound: OutboundFetch,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async crawl(startUrl: string, bounds: CrawlBounds = boundsFromConfig(this.config), options: CrawlOptions = {}): Promise<CrawlResult> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), bounds.timeoutMs);
    const signal = options.signal ? AbortSignal.any([deadline.signal, options.signal]) : deadline.signal;
    try {
      return await this.run(await this.outbound.check(startUrl), bounds, signal, options);
    } finally {
      clearTimeout(timer);
    }
  }

  private async run(start: URL, bounds: CrawlBounds, signal: AbortSignal, options: CrawlOptions): Promise<CrawlResult> {
    let origin = start.origin;
    let robots = await this.robots(origin, signal);
    const refusedByRobots = (url: URL) => robots.isDisallowed(url.href, OUTBOUND_AGENT) === true;
    if (refusedByRobots(start)) throw new OutboundFetchError('robots', `robots.txt of ${excerpt(origin)} disallows ${excerpt(start.href)}`);

    const pages: CrawledPage[] = [];
    const seen = new Set<string>([pagePath(start)]);
    const queue: { url: URL; depth: number }[] = [{ url: start, depth: 0 }];
    let spent = 0;
    while (queue.length > 0 && pages.length < bounds.maxPages && spent < bounds.maxTotalBytes && !signal.aborted) {
      const { url, depth } = queue.shift()!;
      const first = pages.length === 0 && depth === 0;
      let response: OutboundResponse;
      try {
        response = await this.outbound.fetch(url, {
          signal,
          maxBytes: Math.min(bounds.maxPageBytes, bounds.maxTotalBytes - spent),
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
        });
      } catch (error) {
        if (first) throw error;
        continue;
      }
      spent += response.body.length;
      const finalUrl = new URL(response.url);
      const problem =
        response.status < 200 || response.status > 299
          ? new OutboundFetchError('http-status', `fetching ${excerpt(url.href)} answered ${response.status}`)
          : !HTML_TYPES.test(response.contentType)
            ? new OutboundFetchError(
                'not-html',
                `${excerpt(url.href)} is not an HTML page (${excerpt(response.contentType || 'no content type', 40)})`,
              )
            : null;
      if (first) {
        if (problem) throw problem;
        if (finalUrl.origin !== origin) {
          // The start page redirected to another origin (say http to https): the crawl follows it there.
          origin = finalUrl.origin;
          robots = await this.robots(origin, signal);
          if (refusedByRobots(finalUrl))
            throw new OutboundFetchError('robots', `robots.txt of ${excerpt(origin)} disallows ${excerpt(finalUrl.href)}`);
        }
        seen.add(pagePath(finalUrl));
      } else if (problem || finalUrl.origin !== origin || refusedByRobots(finalUrl)) {
        continue;
      }
      const { page, links } = this.convert(decode(response), finalUrl);
      if (!first && pages.some((p) => p.path === page.path)) continue; // redirected onto a page already imported
      pages.push(page);
      await options.onPage?.(pages.length, seen.size);
      if (depth < bounds.maxDepth) {
        for (const link of links) {
          if (link.origin !== origin || NOT_PAGES.test(link.pathname) || refusedByRobots(link)) continue;
          const key = pagePath(link);
          if (seen.has(key)) continue;
          seen.add(key);
          queue.push({ url: link, depth: depth + 1 });
        }
      }
      await yieldToLoop();
    }
    return { pages, discovered: seen.size };
  }

  /** robots.txt of an origin, fetched through the guard (RFC 9309 for what a failure means). */
  private async robots(origin: string, signal: AbortSignal): Promise<ReturnType<typeof robotsParser>> {
    const url = `${origin}/robots.txt`;
    let text: string;
    try {
      const response = await this.outbound.fetch(url, { signal, maxBytes: ROBOTS_MAX_BYTES, accept: 'text/plain,*/*;q=0.1' });
      if (response.status >= 200 && response.status <= 299) text = decode(response);
      else if (response.status >= 400 && response.status <= 499) text = '';
      else text = 'User-agent: *\nDisallow: /\n';
    } catch (error) {
      if (
        error instanceof OutboundFetchError &&
        (error.reason === 'refused-address' || error.reason === 'scheme' || error.reason === 'invalid-url')
      )
        throw error;
      if (error instanceof OutboundFetchError && error.reason === 'too-large') text = '';
      else if (error instanceof OutboundFetchError && UNREACHABLE.has(error.reason))
        throw new OutboundFetchError(error.reason, `${excerpt(origin)} is unreachable: ${unreachable(error)}`);
      else
        throw new OutboundFetchError(
          error instanceof OutboundFetchError ? error.reason : 'connection',
          `robots.txt of ${excerpt(origin)} could not be read: ${error instanceof Error ? error.message : 'failed'}`,
        );
    }
    return robotsParser(url, text);
  }

  /** The page's title and markdown, and the links it holds (absolute, without fragments). */
  private convert(html: string, url: URL): { page: CrawledPage; links: URL[] } {
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
    const main = $('main, article, [role="main"]').first();
    const content = main.length > 0 ? (main.html() ?? '') : ($('body').html() ?? $.html());
    const markdown = this.turndown.turndown(content).trim();
    return { page: { path, url: url.href, title, markdown: markdown ? `${markdown}\n` : '', images: [...images] }, links };
  }
}
