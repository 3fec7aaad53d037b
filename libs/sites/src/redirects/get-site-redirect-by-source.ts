import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { APP_CONFIG, AppConfig, found, notFound } from '@docs/platform';
import { ContentDirectory } from '@docs/content';
import { SiteState } from '../sites/site.decider';
import { SiteDoc, SitesReadModel } from '../sites/sites.read-model';
import { SiteQuery } from '../shared/sites-scope';
import { siteBases } from './redirect-facts';
import { SiteRedirectDoc, SiteRedirectsReadModel } from './redirects.read-model';

export interface RedirectTarget {
  redirect: SiteRedirectDoc;
  target: string;
}

export class GetSiteRedirectBySource extends SiteQuery<{ source: string; shareKey?: string }, RedirectTarget> {}

/**
 * getSiteRedirectBySource: the live redirect that applies to the path (its own source, else the
 * longest wildcard that matches it), and the URL it sends a reader to: an external URL as it is
 * (with the wildcard's suffix when it captures it), else the published URL of the section, site
 * space or page (the site space's when the page is not in its live revision). With a share key
 * (an active share link's, else 404), a target on the site carries it.
 */
@QueryHandler(GetSiteRedirectBySource)
export class GetSiteRedirectBySourceHandler implements IQueryHandler<GetSiteRedirectBySource> {
  constructor(
    private readonly redirects: SiteRedirectsReadModel,
    private readonly sites: SitesReadModel,
    private readonly content: ContentDirectory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ props: { source, shareKey }, scope }: GetSiteRedirectBySource): Promise<RedirectTarget> {
    const site = await scope.site();
    const shared = shareKey === undefined ? undefined : (site.state as SiteState).shareLinks.find((l) => l.active && l.key === shareKey);
    if (shareKey !== undefined && shared === undefined) throw notFound('shareKey: no active share link of the site has this key');
    const redirect = found(await this.redirects.bySource(site.id, source), 'no redirect from this source');
    const target = await this.target(site, redirect, source);
    const onSite = redirect.destination.kind !== 'external';
    return { redirect, target: shared && onSite ? `${target}?share=${encodeURIComponent(shared.key)}` : target };
  }

  private async target(site: SiteDoc, redirect: SiteRedirectDoc, path: string): Promise<string> {
    const { destination } = redirect;
    const state = site.state as SiteState;
    const base = siteBases(site, this.config.publicUrl)[0]!;
    const under = (url: string, segment: string | null) => (segment === null ? url : `${url}/${encodeURIComponent(segment)}`);
    const sectionUrl = (sectionId: string | null) => {
      const section = state.sections.find((s) => s.id === sectionId);
      return section === undefined || section.default ? base : under(base, section.path);
    };
    const siteSpaceUrl = (siteSpaceId: string) => {
      const entry = state.siteSpaces.find((s) => s.id === siteSpaceId);
      return entry === undefined ? base : under(sectionUrl(entry.sectionId), entry.default ? null : entry.path);
    };
    switch (destination.kind) {
      case 'external': {
        const prefix = redirect.source.endsWith('*') ? redirect.source.slice(0, -1) : null;
        const suffix = redirect.captureWildcard && prefix !== null ? path.slice(prefix.length).replace(/^\//, '') : '';
        return suffix === '' ? destination.url : `${destination.url.replace(/\/$/, '')}/${suffix}`;
      }
      case 'site-section':
        return sectionUrl(destination.siteSectionId);
      case 'site-space':
        return siteSpaceUrl(destination.siteSpaceId);
      case 'site-page': {
        const url = siteSpaceUrl(destination.siteSpaceId);
        const entry = state.siteSpaces.find((s) => s.id === destination.siteSpaceId);
        const space = entry && (await this.sites.contentSpace(entry.spaceId));
        const page = space ? (await this.content.pages(space.id, space.revision, [destination.pageId])).get(destination.pageId) : undefined;
        return page ? `${url}/${page.path}` : url;
      }
    }
  }
}
