import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page, resolvePage } from '@docs/platform';
import { SitesReadModel } from '../sites/sites.read-model';
import { SiteSectionView, SiteViews } from '../shared/site-views';
import { resolveShareKey } from '../share-links/share-keys';
import { SiteQuery } from '../shared/sites-scope';

export class ListSiteSections extends SiteQuery<
  { shareKey?: string; page: Page },
  FindResult<SiteSectionView> & { share: string | null }
> {}

/** listSiteSections: the sections in the order of the structure, each with its site spaces. */
@QueryHandler(ListSiteSections)
export class ListSiteSectionsHandler implements IQueryHandler<ListSiteSections> {
  constructor(
    private readonly sites: SitesReadModel,
    private readonly views: SiteViews,
  ) {}

  async execute({ props: { page, shareKey }, scope }: ListSiteSections): Promise<FindResult<SiteSectionView> & { share: string | null }> {
    const site = await scope.site();
    const share = resolveShareKey(site, shareKey);
    const sections = await resolvePage(
      await this.sites.sections(site.id, page),
      (doc) => doc.id,
      (ids) => this.views.sections(scope, site, ids),
      (view) => view.section.id,
    );
    return { ...sections, share };
  }
}
