import { Injectable } from '@nestjs/common';
import { SiteRedirectDoc, SiteRedirectsReadModel } from '../redirects/redirects.read-model';
import type { SiteState } from '../sites/site.decider';
import { pageUrl } from './page-html';
import { joinUrl, ServedLevel, siteSpaceBase } from './served-structure';
import { SitePages } from './site-pages';

/** Where a redirect sends a reader, and with which status. */
export interface ServedRedirect {
  status: 302 | 307 | 308;
  location: string;
}

/**
 * GitBook's SiteRedirect: a permanent redirect is 308 for public live traffic and 307 elsewhere (an
 * unlisted, share-link or visitor-auth site); any other is a temporary 302.
 */
export function redirectStatus(permanent: boolean, visibility: SiteState['settings']['visibility']): ServedRedirect['status'] {
  if (!permanent) return 302;
  return visibility === 'public' ? 308 : 307;
}

/** An external destination, with what a capturing wildcard matched after its prefix appended. */
export function externalLocation(redirect: Pick<SiteRedirectDoc, 'source' | 'captureWildcard'>, url: string, path: string): string {
  if (!redirect.captureWildcard || !redirect.source.endsWith('*')) return url;
  const suffix = path.slice(redirect.source.length - 1).replace(/^\//, '');
  return suffix === '' ? url : `${url.replace(/\/$/, '')}/${suffix}`;
}

/** The site as the reader sees it: its base path on this request's host and the levels shown to them. */
export interface RedirectingSite {
  siteId: string;
  visibility: SiteState['settings']['visibility'];
  siteBase: string;
  levels: readonly ServedLevel[];
}

/**
 * The redirects of a served site (docs/sites-serving.md, "Redirects"): asked only for a path no page
 * answers, so a section, site space or page always wins over a redirect from its path (the rule the
 * loop check assumes). A section, site space or page destination is its URL on the site as this
 * request reaches it, when the reader is shown it; one they are not shown (or the site lacks) sends
 * nowhere (404).
 */
@Injectable()
export class ServedRedirects {
  constructor(
    private readonly redirects: SiteRedirectsReadModel,
    private readonly pages: SitePages,
  ) {}

  /** Where the live redirect that applies to `path` (a raw path under the site, `/a/b`) sends the reader, or null. */
  async from(site: RedirectingSite, path: string): Promise<ServedRedirect | null> {
    const redirect = await this.redirects.bySource(site.siteId, path);
    const location = redirect && (await this.location(site, redirect, path));
    return location ? { status: redirectStatus(redirect.permanent, site.visibility), location } : null;
  }

  private async location({ siteBase, levels }: RedirectingSite, redirect: SiteRedirectDoc, path: string): Promise<string | null> {
    const { destination } = redirect;
    if (destination.kind === 'external') return externalLocation(redirect, destination.url, path);
    if (destination.kind === 'site-section') {
      const level = levels.find((l) => l.sectionId === destination.siteSectionId);
      return level ? joinUrl(siteBase, level.default ? [] : [level.path]) || '/' : null;
    }
    const level = levels.find((l) => l.siteSpaces.some((s) => s.id === destination.siteSpaceId));
    const siteSpace = level?.siteSpaces.find((s) => s.id === destination.siteSpaceId);
    if (!level || !siteSpace) return null;
    const base = siteSpaceBase(siteBase, level, siteSpace);
    if (destination.kind === 'site-space') return base || '/';
    // A page the live revision lacks: its site space, as getSiteRedirectBySource answers.
    const index = await this.pages.revision(siteSpace.spaceId, siteSpace.revision);
    if (!index?.byId.has(destination.pageId)) return base || '/';
    const targets = { firstPage: () => index.links.firstPage, pathOf: (id: string) => index.links.paths.get(id) };
    return pageUrl(base, destination.pageId, targets) || '/';
  }
}
