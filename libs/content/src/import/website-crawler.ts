import { Inject, Injectable } from '@nestjs/common';
import robotsParser from 'robots-parser';
import {
  APP_CONFIG,
  AppConfig,
  excerpt,
  OUTBOUND_AGENT,
  OutboundFetch,
  OutboundFetchError,
  OutboundResponse,
  WorkError,
  WorkPool,
} from '@docs/platform';
import { convertInWorkThread } from './html-conversion';
import type { ConvertedPage } from './html-page.task';
import { CrawledPage, NOT_PAGES, pagePath } from './page-markers';

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

const ROBOTS_MAX_BYTES = 512 * 1024;
const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export const boundsFromConfig = (config: AppConfig): CrawlBounds => ({
  maxPages: config.importMaxPages,
  maxDepth: config.importMaxDepth,
  maxPageBytes: config.importMaxPageBytes,
  maxTotalBytes: config.importMaxTotalBytes,
  timeoutMs: config.importTimeoutMs,
});

/** The HTML of a response as text, in its declared charset (UTF-8 by default). */
function decode(response: OutboundResponse): string {
  const charset = /charset=["']?([\w-]+)/i.exec(response.contentType)?.[1] ?? 'utf-8';
  try {
    return new TextDecoder(charset).decode(response.body);
  } catch {
    return new TextDecoder('utf-8').decode(response.body);
  }
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
 * later pages that fail are skipped. Each page becomes markdown in a work thread (html-page.task.ts,
 * within CONVERT_BUDGET_MS): a start page that cannot be converted fails the crawl, a later one is
 * skipped.
 */
@Injectable()
export class WebsiteCrawler {
  constructor(
    private readonly outbound: OutboundFetch,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly work: WorkPool,
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
    const imported = new Set<string>();
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
      let converted: ConvertedPage;
      try {
        converted = await this.convert(decode(response), finalUrl, signal);
      } catch (error) {
        if (first) throw error;
        continue;
      }
      const { page } = converted;
      if (imported.has(page.path)) continue; // redirected onto a page already imported
      imported.add(page.path);
      pages.push(page);
      await options.onPage?.(pages.length, seen.size);
      if (depth < bounds.maxDepth) {
        for (const href of converted.links) {
          const link = new URL(href);
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

  /** The page converted in a work thread (html-conversion.ts). */
  private async convert(html: string, url: URL, signal: AbortSignal): Promise<ConvertedPage> {
    try {
      return await convertInWorkThread(this.work, 'convertPage', { html, url: url.href }, signal);
    } catch (error) {
      if (!(error instanceof WorkError)) throw error;
      throw new OutboundFetchError('not-html', `${excerpt(url.href)} could not be converted to markdown (${error.kind})`);
    }
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
}
