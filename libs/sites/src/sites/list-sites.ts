import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { OrganizationQuery } from '@docs/organizations';
import { SiteFilters, SitesReadModel } from './sites.read-model';
import { SiteView } from '../shared/site-views';
import { GUESTS_CANNOT_SEE_SITES } from '../shared/sites-scope';

export class ListSites extends OrganizationQuery<{ filters: SiteFilters; page: Page }, FindResult<SiteView>> {}

/** listSites: members with a role see the organization's sites, oldest first; guests 403. */
@QueryHandler(ListSites)
export class ListSitesHandler implements IQueryHandler<ListSites> {
  constructor(private readonly sites: SitesReadModel) {}

  async execute({ props: { filters, page }, scope }: ListSites): Promise<FindResult<SiteView>> {
    const { role } = await scope.requireRole(GUESTS_CANNOT_SEE_SITES);
    const result = await this.sites.sites(scope.organizationId, filters, page);
    return { ...result, items: result.items.map((site) => ({ site, role })) };
  }
}
