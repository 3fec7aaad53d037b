import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
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
 * other reads. A site that is not published is answered too (`site.published` says so): the
 * profile serves a renderer's preview before the first publication.
 */
@QueryHandler(GetPublishedSite)
export class GetPublishedSiteHandler implements IQueryHandler<GetPublishedSite> {
  constructor(private readonly views: SiteViews) {}

  async execute({ props, scope }: GetPublishedSite): Promise<PublishedSiteView> {
    const site = await scope.site();
    const share = resolveShareKey(site, props.shareKey);
    const { role } = await scope.member();
    return { site: { site, role }, structure: await this.views.structure(scope, site), share };
  }
}
