import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { APP_CONFIG, AppConfig, CallerQuery, notFound } from '@docs/platform';
import { OrganizationDirectory } from '@docs/organizations';
import type { SiteState } from '../sites/site.decider';
import { ServedSitesReadModel } from '../serving/served-sites.read-model';
import { locate, ServedLevel, servedLevels, siteSpaceBase } from '../serving/served-structure';
import { SitePages } from '../serving/site-pages';
import { pageUrl } from '../serving/page-html';
import { ReaderError } from '../serving/reader-error';
import { readerAccess } from '../serving/site-access';
import { SEARCH_SEGMENT } from '../serving/search-page';
import { SITE_FILES } from '../serving/site-server';
import { visitorAccess, visitorCookieName } from '../serving/visitor-auth';
import { adaptiveState, Claims, unsignedClaims } from '../serving/visitor-claims';
import { addressedSite } from './site-address';

/** What a published URL names: the content a reader opens there, or (redirectOnError) the site's login URL. */
export type PublishedContentLookup =
  | {
      kind: 'content';
      organizationId: string;
      siteId: string;
      sectionId: string | null;
      siteSpaceId: string;
      spaceId: string;
      revisionId: string;
      pageId: string;
      pathname: string;
      basePath: string;
      siteBasePath: string;
      canonicalUrl: string;
      complete: boolean;
      shareKey?: string;
    }
  | { kind: 'login'; siteId: string; location: string };

export interface ResolvePublishedContentProps {
  url: string;
  /** A visitor's JWT, for a visitor-auth site: its claims decide adaptive content. */
  visitorToken?: string;
  /** Unsigned visitor claims, as `visitor.<name>` query parameters give them on the site. */
  unsignedClaims?: Readonly<Record<string, unknown>>;
  redirectOnError: boolean;
}

export class ResolvePublishedContent extends CallerQuery<ResolvePublishedContentProps, PublishedContentLookup> {}

const NOTHING = 'url: no published content at this URL that the caller may see';

/**
 * getPublishedContentByUrl / resolvePublishedContentByUrl: the site, section, site space, space, live
 * revision and page a URL of a served site names (docs/sites-api.md), found as the served site finds
 * it (the served-sites read model, `locate`, the revision's pages). Only for members of the site's
 * organization with a role (who see its sites through the API); anyone else, a site not published
 * there or a path no page answers is 404, never saying which.
 */
@QueryHandler(ResolvePublishedContent)
export class ResolvePublishedContentHandler implements IQueryHandler<ResolvePublishedContent> {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sites: ServedSitesReadModel,
    private readonly pages: SitePages,
    private readonly directory: OrganizationDirectory,
  ) {}

  async execute({ props, caller }: ResolvePublishedContent): Promise<PublishedContentLookup> {
    const url = new URL(props.url);
    const addressed = await addressedSite(url, this.config, this.sites);
    const role = addressed ? await this.directory.roleOf(addressed.doc.organizationId, caller.userId) : undefined;
    if (!addressed || role === undefined || role === null) throw notFound(NOTHING);
    const { doc, siteBase, rest } = addressed;
    const signed = await this.signedClaims(doc.state, props, url.pathname.slice(siteBase.length) || '/');
    if (signed.kind === 'login') return { kind: 'login', siteId: doc.id, location: signed.location };
    const given = new Map(Object.entries(props.unsignedClaims ?? {}).map(([name, value]) => [`visitor.${name}`, value]));
    for (const [name, value] of url.searchParams) given.set(name, value);
    const unsigned = unsignedClaims(doc.state, Object.fromEntries(given), undefined);
    const state = adaptiveState(doc.state, { ...signed.claims, unsigned });
    const levels = servedLevels(state, await this.sites.spaces(state.siteSpaces.map((s) => s.spaceId)));
    if (rest.length === 1 && (SITE_FILES.has(rest[0]!) || rest[0] === SEARCH_SEGMENT)) throw notFound(NOTHING);
    const located = locate(levels, rest);
    if (!located) throw notFound(NOTHING);
    const { level, siteSpace } = located;
    const index = await this.pages.revision(siteSpace.spaceId, siteSpace.revision);
    const pagePath = [...located.rest];
    const last = pagePath[pagePath.length - 1];
    if (last !== undefined && last.length > 3 && last.endsWith('.md')) pagePath[pagePath.length - 1] = last.slice(0, -3);
    const page = pagePath.length === 0 ? index?.pages[0] : index?.byPath.get(pagePath.join('/'));
    if (!index || !page) throw notFound(NOTHING);
    const base = siteSpaceBase(siteBase, level, siteSpace);
    const targets = { firstPage: () => index.links.firstPage, pathOf: (id: string) => index.links.paths.get(id) };
    const shareKey = this.shareKey(doc.state, url);
    return {
      kind: 'content',
      organizationId: doc.organizationId,
      siteId: doc.id,
      sectionId: level.sectionId,
      siteSpaceId: siteSpace.id,
      spaceId: siteSpace.spaceId,
      revisionId: siteSpace.revision,
      pageId: page.id,
      pathname: pagePath.join('/'),
      basePath: `${base}/`,
      siteBasePath: `${siteBase}/`,
      canonicalUrl: `${url.origin}${pageUrl(base, page.id, targets)}`,
      complete: located.rest.length > 0 || !moreToChoose(levels, level, siteSpace.default),
      ...(shareKey !== undefined ? { shareKey } : {}),
    };
  }

  /**
   * The claims of the visitor's token on a visitor-auth site when the site's key signed it (none
   * otherwise); with redirectOnError, a token that does not verify sends to the site's login URL.
   */
  private async signedClaims(
    state: SiteState,
    { visitorToken, redirectOnError }: ResolvePublishedContentProps,
    returnPath: string,
  ): Promise<{ kind: 'claims'; claims: Claims } | { kind: 'login'; location: string }> {
    if (state.settings.visibility !== 'visitor-auth' || visitorToken === undefined) return { kind: 'claims', claims: {} };
    try {
      // As the served site reads a token kept in its cookie.
      const access = await visitorAccess(state, undefined, `${visitorCookieName(state.siteId)}=${visitorToken}`, returnPath);
      if (access.kind === 'read') return { kind: 'claims', claims: access.claims };
      if (access.kind === 'login' && redirectOnError) return access;
    } catch (error) {
      if (!(error instanceof ReaderError)) throw error;
    }
    return { kind: 'claims', claims: {} };
  }

  /** The URL's `share` key when it is an active share link's of a share-link site. */
  private shareKey(state: SiteState, url: URL): string | undefined {
    const share = url.searchParams.get('share') ?? undefined;
    if (state.settings.visibility !== 'share-link' || share === undefined) return undefined;
    try {
      return readerAccess(state, share, undefined).kind === 'admit' ? share : undefined;
    } catch (error) {
      if (error instanceof ReaderError) return undefined;
      throw error;
    }
  }
}

/** Whether a URL at the level's root could still name another section or site space before a page path. */
function moreToChoose(levels: readonly ServedLevel[], level: ServedLevel, siteSpaceByDefault: boolean): boolean {
  return (level.default && levels.length > 1) || (siteSpaceByDefault && level.siteSpaces.length > 1);
}
