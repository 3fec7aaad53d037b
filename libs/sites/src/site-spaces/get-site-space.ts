import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { found } from '@docs/platform';
import { SitesReadModel } from '../sites/sites.read-model';
import { SiteSpaceView, SiteViews } from '../shared/site-views';
import { SiteQuery } from '../shared/sites-scope';

export class GetSiteSpace extends SiteQuery<{ siteSpaceId: string }, SiteSpaceView> {}

/** getSiteSpaceById (this server's): the site space its `urls.location` and addSpaceToSite's Location name. */
@QueryHandler(GetSiteSpace)
export class GetSiteSpaceHandler implements IQueryHandler<GetSiteSpace> {
  constructor(
    private readonly sites: SitesReadModel,
    private readonly views: SiteViews,
  ) {}

  async execute({ props: { siteSpaceId }, scope }: GetSiteSpace): Promise<SiteSpaceView> {
    const site = await scope.site();
    return this.views.siteSpace(scope, site, found(await this.sites.siteSpace(site.id, siteSpaceId), 'site space not found'));
  }
}
