import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { notFound } from '@docs/platform';
import { SiteState } from '../sites/site.decider';
import { SiteStructureView, SiteView, SiteViews } from '../shared/site-views';
import { resolveShareKey } from '../share-links/share-keys';
import { SiteQuery } from '../shared/sites-scope';

export interface PublishedSiteView {
  site: SiteView;
  structure: SiteStructureView;
  share: string | null;
}

export class GetPublishedSite extends SiteQuery<{ shareKey?: string }, PublishedSiteView> {}

/**
 * getPublishedContentSite: the site, its structure (as getSiteStructure) and, in the presenter, its
 * customization at the defaults. Members with a role, as the other reads; the share key as the
 * other reads; a site that is not published is 404.
 */
@QueryHandler(GetPublishedSite)
export class GetPublishedSiteHandler implements IQueryHandler<GetPublishedSite> {
  constructor(private readonly views: SiteViews) {}

  async execute({ props, scope }: GetPublishedSite): Promise<PublishedSiteView> {
    const site = await scope.site();
    const share = resolveShareKey(site, props.shareKey);
    if (!(site.state as SiteState).published) throw notFound('the site is not published');
    const { role } = await scope.member();
    return { site: { site, role }, structure: await this.views.structure(scope, site), share };
  }
}
