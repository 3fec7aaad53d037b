import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SiteView } from '../shared/site-views';
import { SiteQuery } from '../shared/sites-scope';

export class GetSite extends SiteQuery<Record<string, never>, SiteView> {}

/** getSiteById: members with a role. */
@QueryHandler(GetSite)
export class GetSiteHandler implements IQueryHandler<GetSite> {
  async execute({ scope }: GetSite): Promise<SiteView> {
    return { site: await scope.site(), role: (await scope.member()).role };
  }
}
