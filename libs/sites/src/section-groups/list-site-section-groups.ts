import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page, resolvePage } from '@docs/platform';
import { SitesReadModel } from '../sites/sites.read-model';
import { SiteSectionGroupView, SiteViews } from '../shared/site-views';
import { SiteQuery } from '../shared/sites-scope';

export class ListSiteSectionGroups extends SiteQuery<{ page: Page }, FindResult<SiteSectionGroupView>> {}

/** listSiteSectionGroups: the groups in the order of the structure, each with its sections. */
@QueryHandler(ListSiteSectionGroups)
export class ListSiteSectionGroupsHandler implements IQueryHandler<ListSiteSectionGroups> {
  constructor(
    private readonly sites: SitesReadModel,
    private readonly views: SiteViews,
  ) {}

  async execute({ props: { page }, scope }: ListSiteSectionGroups): Promise<FindResult<SiteSectionGroupView>> {
    const site = await scope.site();
    return resolvePage(
      await this.sites.sectionGroups(site.id, page),
      (doc) => doc.id,
      (ids) => this.views.groups(scope, site, ids),
      (view) => view.group.id,
    );
  }
}
