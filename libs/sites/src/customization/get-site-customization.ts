import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SiteState } from '../sites/site.decider';
import { SiteQuery } from '../shared/sites-scope';
import { CustomizationView, siteCustomization, siteSpaceCustomization } from './site-customizations';

/** getSiteCustomizationById, or with `siteSpaceId` getSiteSpaceCustomizationById (the effective one). */
export class GetSiteCustomization extends SiteQuery<{ siteSpaceId?: string }, CustomizationView> {}

/** Members with a role read it, like the site (guests 403, others 404); from the sites read model. */
@QueryHandler(GetSiteCustomization)
export class GetSiteCustomizationHandler implements IQueryHandler<GetSiteCustomization> {
  async execute({ props: { siteSpaceId }, scope }: GetSiteCustomization): Promise<CustomizationView> {
    const state = (await scope.site()).state as SiteState;
    return siteSpaceId === undefined ? siteCustomization(state) : siteSpaceCustomization(state, siteSpaceId);
  }
}
