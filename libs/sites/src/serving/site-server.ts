import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { isIP } from 'node:net';
import { APP_CONFIG, AppConfig, Lru } from '@docs/platform';
import type { SiteState } from '../sites/site.decider';
import { ServedSiteDoc, ServedSitesReadModel, ServedSpaceDoc } from './served-sites.read-model';
import { joinUrl, locate, ServedLevel, servedLevels, siteSpaceBase } from './served-structure';
import { readerAccess, shareCookieName } from './site-access';
import { llmsTxt, ListedPage, robotsTxt, sitemapXml } from './site-files';
import { pageDocument, SITE_CSP, SiteLink } from './site-html';
import { SiteNav } from './site-nav';
import { AnswerCache } from './answer-cache';
import { SitePages, RevisionIndex } from './site-pages';
import { pageUrl } from './page-html';
import { notServed, ReaderError, readerErrorAnswer } from './reader-error';
import { SEARCH_SEGMENT, SearchPage, searchHref } from './search-page';
import { ServedRedirects } from './served-redirects';
import { lookHasConditions, ServedChrome, servedLook } from './served-customization';
import { visitorAccess, visitorCookie } from './visitor-auth';
import { serveCodeAssets } from './code-assets';
import { adaptiveState, Claims, hasConditions, unsignedClaims } from './visitor-claims';

/** Bumped whenever the rendering changes what a page answers, so ETags from older renderings no longer match. */
const RENDER_VERSION = '2';
/** Where sites are served under PUBLIC_URL (docs/sites-serving.md). */
const SITES_PREFIX = '/sites';
/**
 * Bytes of page answers kept by ETag (answer-cache.ts): a 1,000-page site's pages are some 10 MB with
 * the navigation showing the current branch only.
 */
const KEPT_ANSWER_BYTES = 32 * 1024 * 1024;
export const SITE_FILES: ReadonlySet<string> = new Set(['llms.txt', 'sitemap.xml', 'robots.txt']);

/** A request for a site: the site (null when none is published there), the URL path it is served at, and the path's segments after it. */
interface SiteRequest {
  doc: ServedSiteDoc | null;
  siteBase: string;
  /** The site's absolute URL, as readers reach it (its files link pages by it). */
  origin: string;
  /** Raw (percent-encoded) segments after the site's base. */
  rest: string[];
}

/** An answer: status, content type, body, and headers of its own. */
interface Answer {
  type: string;
  body: string | Buffer;
  etag: string;
  headers?: Record<string, string>;
}

const rawPath = (url: string) => {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
};

/** Percent-decoded segments; a malformed escape names nothing here (404). */
function decodeSegments(raw: readonly string[]): string[] {
  try {
    return raw.filter((s) => s !== '').map((s) => decodeURIComponent(s));
  } catch {
    throw notServed('page not found');
  }
}

/** A page's absolute URL: the site's root is the origin itself under PUBLIC_URL (`.../sites/<org>/<name>`), `https://<host>/` on a host. */
const absolute = (origin: string, siteBase: string, path: string) => (path === '/' && siteBase !== '' ? origin : `${origin}${path}`);

/** Where a page's markdown is: its path under the site space's base, with `.md`. */
const markdownPath = (base: string, path: string) => `${base}/${path.split('/').map(encodeURIComponent).join('/')}.md`;

/**
 * ETags by what they name: every request of a page names the same parts until one changes, and a
 * SHA-256 per request was a tenth of a kept page's answer. Parts longer than MEMO_PARTS_CHARS (a search
 * page's long query) are hashed each time, so the memo stays within some 4 MiB.
 */
const KEPT_ETAGS = 4096;
const MEMO_PARTS_CHARS = 1024;
const etags = new Lru<string>(KEPT_ETAGS);
function etagOf(...parts: string[]): string {
  const named = parts.join('\u0000');
  const kept = etags.get(named);
  if (kept !== undefined) return kept;
  const etag = `"${createHash('sha256').update(named).digest('base64url').slice(0, 27)}"`;
  if (named.length <= MEMO_PARTS_CHARS) etags.set(named, etag);
  return etag;
}

/** Whether If-None-Match names the ETag (a list, weak or not, or `*`). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/**
 * Serves published sites to readers (docs/sites-serving.md): PUBLIC_URL/sites/<organization>/<basename
 * or siteId>/..., `<organization>.<SITES_DOMAIN>/<basename or siteId>/...` when SITES_DOMAIN is set, and
 * the site whose custom hostname a request's Host names (the organization by its id or hostname). Pages are HTML rendered
 * on the server from the served-sites read model and content's revisions (no API call, no token),
 * with their markdown at `<page URL>.md`, and `llms.txt`, `sitemap.xml` and `robots.txt` at the site's root.
 * These are pages for readers, not API operations: they are outside the OpenAPI document.
 */
@Injectable()
export class SiteServer implements OnModuleInit {
  private readonly publicHost: string;
  private readonly secure: boolean;
  private readonly nav = new SiteNav();
  private readonly answers = new AnswerCache(KEPT_ANSWER_BYTES);
  /**
   * A site's levels, and the part of its ETags naming the site spaces shown, by the (reader's) state they
   * come from: kept while the space documents read for it are the same ones (the read store hands out
   * the same parsed document until it changes).
   */
  private readonly levelsKept = new WeakMap<SiteState, { spaces: (ServedSpaceDoc | undefined)[]; levels: ServedLevel[]; seen: string }>();

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sites: ServedSitesReadModel,
    private readonly pages: SitePages,
    private readonly searchPage: SearchPage,
    private readonly redirects: ServedRedirects,
    private readonly chrome: ServedChrome,
  ) {
    const url = new URL(config.publicUrl);
    this.publicHost = url.hostname;
    this.secure = url.protocol === 'https:';
  }

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    serveCodeAssets(fastify);
    const byRoute = async (request: FastifyRequest, reply: FastifyReply) => {
      const [, , organizationId = '', name = '', ...rest] = rawPath(request.url).split('/');
      const [org, site] = decodeSegments([organizationId, name]);
      const doc = org && site ? await this.sites.byRoute(org, site) : null;
      const siteBase = `${SITES_PREFIX}/${organizationId}/${name}`;
      return this.answer(request, reply, { doc, siteBase, origin: `${this.config.publicUrl}${siteBase}`, rest });
    };
    fastify.get(`${SITES_PREFIX}/:organizationId/:name`, byRoute);
    fastify.get(`${SITES_PREFIX}/:organizationId/:name/*`, byRoute);
    // Sites by Host: any path the API does not serve on such a host is the site's. Callback style, so
    // the API's requests (their host is PUBLIC_URL's, or they matched a route) cost no promise.
    fastify.addHook('onRequest', (request, reply, done) => {
      const host = request.hostname.toLowerCase();
      const mayBeSite = !reply.sent && request.routeOptions.url === undefined && (request.method === 'GET' || request.method === 'HEAD');
      if (!mayBeSite || host === this.publicHost || !host.includes('.') || isIP(host) !== 0) return done();
      // Answered here, the request goes no further (done is not called); else on to the router's 404.
      this.byHost(host, rawPath(request.url).split('/').slice(1))
        .then(async (site) => {
          if (site) await this.answer(request, reply, site);
          else done();
        })
        .catch((error: Error) => done(error));
    });
  }

  /**
   * The site a Host names: `<organization hostname>.<SITES_DOMAIN>` with the site's basename (or id) as
   * the first segment, or a site's custom hostname; null for any other host (the API's).
   */
  private async byHost(host: string, segments: string[]): Promise<SiteRequest | null> {
    const domain = this.config.sitesDomain;
    if (domain !== null && host.endsWith(`.${domain}`)) {
      const organization = host.slice(0, -domain.length - 1);
      const [name = '', ...rest] = segments;
      const [site] = decodeSegments([name]);
      const doc = !organization.includes('.') && site ? await this.sites.byRoute(organization, site) : null;
      const siteBase = `/${name}`;
      return { doc, siteBase, origin: `${this.secure ? 'https' : 'http'}://${host}${siteBase}`, rest };
    }
    const doc = await this.sites.byHostname(host);
    return doc && { doc, siteBase: '', origin: `https://${host}`, rest: segments };
  }

  private async answer(request: FastifyRequest, reply: FastifyReply, site: SiteRequest): Promise<FastifyReply> {
    void reply
      .header('content-security-policy', SITE_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'no-referrer');
    try {
      const answer = await this.read(request, reply, site);
      if (answer === null) return reply;
      void reply.header('etag', answer.etag);
      for (const [name, value] of Object.entries(answer.headers ?? {})) void reply.header(name, value);
      if (matches(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
      return reply.status(200).type(answer.type).send(answer.body);
    } catch (error) {
      if (!(error instanceof ReaderError)) throw error;
      // The status stays; a browser's navigation gets a small page, other clients the { error } body.
      const { type, body } = readerErrorAnswer(error, request.headers.accept);
      return reply.status(error.status).header('vary', 'Accept').header('x-robots-tag', 'noindex, nofollow').type(type).send(body);
    }
  }

  /** The answer to a reader, or null once a redirect has been sent. */
  private async read(request: FastifyRequest, reply: FastifyReply, { doc, siteBase, origin, rest }: SiteRequest): Promise<Answer | null> {
    if (!doc) throw notServed();
    const query = request.query as Record<string, unknown>;
    const share = typeof query.share === 'string' ? query.share : undefined;
    const access = readerAccess(doc.state, share, request.headers.cookie);
    if (access.kind === 'admit') {
      // The key becomes the site's cookie, and the reader goes on to the same path without it (never to
      // `//host`: empty segments are dropped).
      const path = `/${rawPath(request.url).split('/').filter(Boolean).join('/')}`;
      const cookie = [
        `${shareCookieName(doc.state.siteId)}=${access.key}`,
        `Path=${siteBase || '/'}`,
        'HttpOnly',
        'SameSite=Lax',
        ...(this.secure ? ['Secure'] : []),
      ];
      void reply.header('set-cookie', cookie.join('; ')).header('cache-control', 'no-store');
      void reply.status(302).header('location', path).send();
      return null;
    }
    const claims = access.kind === 'visitor' ? await this.visitor(request, reply, doc.state, siteBase) : {};
    if (claims === null) return null;
    const readerClaims = { ...claims, unsigned: unsignedClaims(doc.state, query, request.headers.cookie) };
    const state = adaptiveState(doc.state, readerClaims);
    const personal =
      doc.state.settings.visibility === 'share-link' ||
      access.kind === 'visitor' ||
      hasConditions(doc.state) ||
      lookHasConditions(doc.state);
    const indexable = state.settings.visibility === 'public';
    const { levels, seen } = await this.levels(state);
    const headers: Record<string, string> = {
      'cache-control': personal ? 'private, no-cache' : 'public, max-age=0, must-revalidate',
      ...(indexable ? {} : { 'x-robots-tag': 'noindex, nofollow' }),
      ...(personal ? { vary: 'Cookie' } : {}),
    };
    const segments = decodeSegments(rest);
    // The site's id too: its stream revision is a count, and the answers kept by ETag must never cross sites.
    const tag = (...parts: string[]) => etagOf(RENDER_VERSION, doc.id, doc.version, seen, siteBase, ...parts);
    // Where no page answers, the site's redirect from the path, if any (docs/sites-serving.md, "Redirects").
    const missing = async (message: string): Promise<null> => {
      const path = `/${rest.filter(Boolean).join('/')}`;
      const redirect = await this.redirects.from({ siteId: doc.id, visibility: state.settings.visibility, siteBase, levels }, path);
      if (!redirect) throw notServed(message);
      void reply.headers(headers).status(redirect.status).header('location', redirect.location).send();
      return null;
    };

    if (segments.length === 1 && SITE_FILES.has(segments[0]!)) {
      const file = segments[0]!;
      const answer = await this.siteFile(file, doc, { siteBase, origin }, levels, indexable);
      return { ...answer, etag: tag('file', file), headers };
    }
    if (segments.length === 1 && segments[0] === SEARCH_SEGMENT) {
      const look = servedLook(doc.state, null, readerClaims);
      const chrome = await this.chrome.view(look, { siteBase, levels });
      const body = await this.searchPage.render({ query: request.query, siteTitle: look.title, siteBase, levels, look: chrome });
      // Results follow the index, which follows the revisions the ETag already names.
      const etag = tag('search', request.url.slice(request.url.indexOf('?') + 1), look.shown);
      const styled: Record<string, string> = look.style ? { 'content-security-policy': look.style.csp } : {};
      return { type: 'text/html; charset=utf-8', body, etag, headers: { ...headers, 'x-robots-tag': 'noindex, nofollow', ...styled } };
    }
    const located = locate(levels, segments);
    if (!located) return missing('the site shows no content');
    const { level, siteSpace } = located;
    const index = await this.pages.revision(siteSpace.spaceId, siteSpace.revision);
    if (!index || index.pages.length === 0) return missing('the site shows no content');
    const pagePath = [...located.rest];
    const last = pagePath[pagePath.length - 1];
    const markdown = last !== undefined && last.length > 3 && last.endsWith('.md');
    if (markdown) pagePath[pagePath.length - 1] = last!.slice(0, -3);
    const page = pagePath.length === 0 ? index.pages[0] : index.byPath.get(pagePath.join('/'));
    if (!page) return missing('page not found');
    // A page's file URLs change once a window: so does its ETag.
    const files = markdown ? '' : String(this.pages.fileUrlsExpireAt());
    // The site's customization is in its stream (doc.version); which conditional header items show is the reader's.
    const look = servedLook(doc.state, siteSpace.id, readerClaims);
    const etag = tag(markdown ? 'markdown' : 'page', page.id, level.path, siteSpace.path, files, look.shown);
    if (matches(request.headers['if-none-match'], etag)) return { type: 'text/html', body: '', etag, headers };
    // The reader's access was checked above, on this request: what is kept is only the page's bytes.
    const kept = this.answers.get(etag);
    if (kept) return { type: kept.type, body: kept.body, etag, headers: kept.headers };
    if (markdown) return this.keep(etag, { type: 'text/markdown; charset=utf-8', body: await this.pages.markdown(page), headers });

    const base = siteSpaceBase(siteBase, level, siteSpace);
    const targets = { firstPage: () => index.links.firstPage, pathOf: (id: string) => index.links.paths.get(id) };
    const urlOf = (id: string) => pageUrl(base, id, targets);
    const rendered = await this.pages.render(index, page, base, doc.organizationId);
    // A hidden page (served, not listed) is outside the previous / next sequence.
    const at = index.position.get(page.id) ?? Number.NaN;
    const neighbour = (i: number): SiteLink | undefined => {
      const p = index.listed[i];
      return p && { title: p.title, href: urlOf(p.id) };
    };
    const home = siteBase || '/';
    const body = pageDocument({
      siteTitle: look.title,
      homeHref: home,
      indexable,
      tabs: levels.map((l) => ({ title: l.title, href: joinUrl(siteBase, l.default ? [] : [l.path]) || '/', current: l === level })),
      variants: level.siteSpaces.map((s) => ({
        title: s.title,
        href: siteSpaceBase(siteBase, level, s) || '/',
        current: s === siteSpace,
      })),
      nav: [],
      navHtml: this.nav.html(
        `${index.revisionId}\u0000${base}`,
        () => index.listed.map((p) => ({ id: p.id, parent: p.parent, title: p.title, href: urlOf(p.id), depth: p.depth })),
        page.id,
        (id) => index.byId.get(id)?.parent,
      ),
      title: page.title,
      description: page.description,
      html: rendered.html,
      outline: rendered.outline,
      previous: look.pagination ? neighbour(at - 1) : undefined,
      next: look.pagination ? neighbour(at + 1) : undefined,
      markdownHref: markdownPath(base, page.path),
      searchHref: searchHref(siteBase),
      ...(await this.chrome.view(look, { siteBase, levels, siteSpace, pageId: page.id })),
    });
    // A customized page's stylesheet differs from the stock one: the CSP names its hash.
    const styled = look.style ? { ...headers, 'content-security-policy': look.style.csp } : headers;
    return this.keep(etag, { type: 'text/html; charset=utf-8', body, headers: styled });
  }

  /** The answer, its body as bytes, kept by its ETag for the next request that names it. */
  private keep(etag: string, { type, body, headers }: { type: string; body: string; headers: Record<string, string> }): Answer {
    const kept = { type, body: Buffer.from(body), headers };
    this.answers.set(etag, kept);
    return { ...kept, etag };
  }

  /** The levels the reader's `state` shows, from its spaces' documents as they are now, and their site spaces' revisions. */
  private async levels(state: SiteState): Promise<{ levels: ServedLevel[]; seen: string }> {
    const spaces = await this.sites.spaces(state.siteSpaces.map((s) => s.spaceId));
    const docs = state.siteSpaces.map((s) => spaces.get(s.spaceId));
    const kept = this.levelsKept.get(state);
    if (kept && kept.spaces.length === docs.length && kept.spaces.every((doc, i) => doc === docs[i])) return kept;
    const levels = servedLevels(state, spaces);
    const seen = levels.flatMap((l) => l.siteSpaces.map((s) => `${s.id}:${s.revision}`)).join(',');
    this.levelsKept.set(state, { spaces: docs, levels, seen });
    return { levels, seen };
  }

  /**
   * A visitor-auth site's reader: the token's claims, or null once answered: a token given as `?jwt_token=`
   * becomes the site's cookie and the reader goes on to the same URL without it (302); without a valid
   * token, to the site's login URL (302), or 401.
   */
  private async visitor(request: FastifyRequest, reply: FastifyReply, state: SiteState, siteBase: string): Promise<Claims | null> {
    const url = new URL(`http://site.invalid${request.url}`);
    const token = url.searchParams.get('jwt_token') ?? undefined;
    const access = await visitorAccess(state, token, request.headers.cookie, url.pathname.slice(siteBase.length) || '/');
    if (access.kind === 'read') return access.claims;
    void reply.header('cache-control', 'no-store');
    if (access.kind === 'login') {
      void reply.status(302).header('location', access.location).send();
      return null;
    }
    url.searchParams.delete('jwt_token');
    const path = `/${url.pathname.split('/').filter(Boolean).join('/')}${url.search}`;
    void reply.header('set-cookie', visitorCookie(state.siteId, access.token, siteBase || '/', this.secure, access.expiresAt));
    void reply.status(302).header('location', path).send();
    return null;
  }

  private async siteFile(
    file: string,
    doc: ServedSiteDoc,
    { siteBase, origin }: Pick<SiteRequest, 'siteBase' | 'origin'>,
    levels: readonly ServedLevel[],
    indexable: boolean,
  ) {
    if (file === 'robots.txt') return { type: 'text/plain; charset=utf-8', body: robotsTxt(indexable, `${origin}/sitemap.xml`) };
    const groups: { title: string; pages: ListedPage[] }[] = [];
    for (const level of levels) {
      for (const siteSpace of level.siteSpaces) {
        const index: RevisionIndex | null = await this.pages.revision(siteSpace.spaceId, siteSpace.revision);
        if (!index) continue;
        const base = siteSpaceBase('', level, siteSpace);
        const targets = { firstPage: () => index.links.firstPage, pathOf: (id: string) => index.links.paths.get(id) };
        const pages = index.listed.map((p) => ({
          title: p.title,
          description: p.description,
          url: absolute(origin, siteBase, pageUrl(base, p.id, targets)),
          markdownUrl: `${origin}${markdownPath(base, p.path)}`,
        }));
        groups.push({ title: siteSpace.default ? level.title : `${level.title} (${siteSpace.path})`, pages });
      }
    }
    if (file === 'llms.txt') return { type: 'text/plain; charset=utf-8', body: llmsTxt(doc.state.settings.title, groups) };
    return { type: 'application/xml; charset=utf-8', body: sitemapXml(indexable ? groups.flatMap((g) => g.pages.map((p) => p.url)) : []) };
  }
}
