import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SiteStructureView, SiteViews } from '../shared/site-views';
import { resolveShareKey } from '../share-links/share-keys';
import { SiteQuery } from '../shared/sites-scope';

export class GetSiteStructure extends SiteQuery<{ shareKey?: string }, { structure: SiteStructureView; share: string | null }> {}

/** getSiteStructure: the top level of sections and groups, or the root site spaces of a site without sections. */
@QueryHandler(GetSiteStructure)
export class GetSiteStructureHandler implements IQueryHandler<GetSiteStructure> {
  constructor(private readonly views: SiteViews) {}

  async execute({ props, scope }: GetSiteStructure): Promise<{ structure: SiteStructureView; share: string | null }> {
    const site = await scope.site();
    const share = resolveShareKey(site, props.shareKey);
    return { structure: await this.views.structure(scope, site), share };
  }
}
