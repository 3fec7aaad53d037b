import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { SiteQuery } from '../shared/sites-scope';
import { RedirectOrder, SiteRedirectDoc, SiteRedirectsReadModel } from './redirects.read-model';

export class ListSiteRedirects extends SiteQuery<
  { draft: boolean; search?: string; orderBy: RedirectOrder; page: Page },
  FindResult<SiteRedirectDoc>
> {}

/** listSiteRedirects: members with a role, like the site; one index range per order (live or draft). */
@QueryHandler(ListSiteRedirects)
export class ListSiteRedirectsHandler implements IQueryHandler<ListSiteRedirects> {
  constructor(private readonly redirects: SiteRedirectsReadModel) {}

  async execute({ props: { page, ...filters }, scope }: ListSiteRedirects): Promise<FindResult<SiteRedirectDoc>> {
    const site = await scope.site();
    return this.redirects.list(site.id, filters, page);
  }
}
