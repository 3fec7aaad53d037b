import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SiteSpaceView, SiteViews } from '../shared/site-views';
import { SiteQuery } from '../shared/sites-scope';

export class GetSiteSpace extends SiteQuery<{ siteSpaceId: string }, SiteSpaceView> {}

/** getSiteSpaceById (this server's): the site space its `urls.location` and addSpaceToSite's Location name. */
@QueryHandler(GetSiteSpace)
export class GetSiteSpaceHandler implements IQueryHandler<GetSiteSpace> {
  constructor(private readonly views: SiteViews) {}

  async execute({ props: { siteSpaceId }, scope }: GetSiteSpace): Promise<SiteSpaceView> {
    const site = await scope.site();
    return this.views.siteSpaceById(scope, site, siteSpaceId);
  }
}
