import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { SitesReadModel } from '../sites/sites.read-model';
import { SiteSpaceView, SiteViews } from '../shared/site-views';
import { resolveShareKey } from '../share-links/share-keys';
import { SiteQuery } from '../shared/sites-scope';

export class ListSiteSpaces extends SiteQuery<
  { default?: boolean; shareKey?: string; page: Page },
  FindResult<SiteSpaceView> & { share: string | null }
> {}

/** listSiteSpaces: in the order of the structure; `default` true keeps the defaults (one per level), false the others. */
@QueryHandler(ListSiteSpaces)
export class ListSiteSpacesHandler implements IQueryHandler<ListSiteSpaces> {
  constructor(
    private readonly sites: SitesReadModel,
    private readonly views: SiteViews,
  ) {}

  async execute({ props, scope }: ListSiteSpaces): Promise<FindResult<SiteSpaceView> & { share: string | null }> {
    const site = await scope.site();
    const share = resolveShareKey(site, props.shareKey);
    const result = await this.sites.siteSpaces(site.id, props.default, props.page);
    return { ...result, items: await this.views.siteSpaces(scope, site, result.items), share };
  }
}
