import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, found, Page } from '@docs/platform';
import { ShareLinkEntry, SiteState } from '../sites/site.decider';
import { SiteDoc, SitesReadModel } from '../sites/sites.read-model';
import { SiteQuery } from '../shared/sites-scope';

/** A share link with its site (for its published URL). */
export interface ShareLinkView {
  link: ShareLinkEntry;
  site: SiteDoc;
}

/** The share link `shareLinkId` of a site just written (it created or changed the link), with the site. */
export const writtenShareLink = (site: SiteDoc, shareLinkId: string): ShareLinkView => ({
  site,
  link: found(
    site.state.shareLinks.find((l) => l.id === shareLinkId),
    'share link not found',
  ),
});

export class ListSiteShareLinks extends SiteQuery<{ search?: string; page: Page }, FindResult<ShareLinkView>> {}

/** listSiteShareLinks: oldest first, or those whose name or key holds `search`; site managers only (the links carry their secret keys). */
@QueryHandler(ListSiteShareLinks)
export class ListSiteShareLinksHandler implements IQueryHandler<ListSiteShareLinks> {
  constructor(private readonly sites: SitesReadModel) {}

  async execute({ props: { search, page }, scope }: ListSiteShareLinks): Promise<FindResult<ShareLinkView>> {
    const site = await scope.managedSite();
    const links = (site.state as SiteState).shareLinks;
    const result = await this.sites.shareLinks(site.id, search, page);
    return { ...result, items: result.items.flatMap((d) => links.filter((l) => l.id === d.id).map((link) => ({ link, site }))) };
  }
}
