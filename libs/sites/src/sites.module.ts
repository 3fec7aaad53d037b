import { Module } from '@nestjs/common';
import { ContentModule } from '@docs/content';
import { OrganizationsModule } from '@docs/organizations';
import { AddSpaceToSiteHandler } from './site-spaces/add-space-to-site';
import { CreateSiteHandler } from './sites/create-site';
import { GetSiteHandler } from './sites/get-site';
import { ListSiteSpacesHandler } from './site-spaces/list-site-spaces';
import { GetSiteSpaceHandler } from './site-spaces/get-site-space';
import { ListSitesHandler } from './sites/list-sites';
import { PublishSiteHandler } from './sites/publish-site';
import { SiteViews } from './shared/site-views';
import { WriteSiteHandler } from './shared/write-site';
import { SiteWriter } from './sites/site-writer';
import { UpdateSiteHandler } from './sites/update-site';
import { UpdateSiteSpaceHandler } from './site-spaces/update-site-space';
import { AddSectionGroupToSiteHandler } from './section-groups/add-section-group-to-site';
import { AddSectionToGroupHandler } from './section-groups/add-section-to-group';
import { AddSectionToSiteHandler } from './sections/add-section-to-site';
import { GetPublishedSiteHandler } from './structure/get-published-site';
import { GetSiteStructureHandler } from './structure/get-site-structure';
import { ListSiteSectionGroupsHandler } from './section-groups/list-site-section-groups';
import { ListSiteSectionsHandler } from './sections/list-site-sections';
import { SortSiteStructureHandler } from './structure/sort-site-structure';
import { UpdateSiteSectionHandler } from './sections/update-site-section';
import { UpdateSiteSectionGroupHandler } from './section-groups/update-site-section-group';
import { CreateSiteShareLinkHandler } from './share-links/create-site-share-link';
import { ListSiteShareLinksHandler } from './share-links/list-site-share-links';
import { UpdateSiteShareLinkHandler } from './share-links/update-site-share-link';
import { GetSiteAdaptiveSchemaHandler } from './adaptive-content/get-site-adaptive-schema';
import { ListSiteAdaptiveTemplateConditionsHandler } from './adaptive-content/list-site-adaptive-template-conditions';
import { UpdateSiteAdaptiveSchemaHandler } from './adaptive-content/update-site-adaptive-schema';
import { AdaptiveSchemaController } from './adaptive-content/adaptive-schema.controller';
import { VisitorAuthController } from './visitor-auth/visitor-auth.controller';
import { GetSiteVisitorAuthHandler, UpdateSiteVisitorAuthHandler } from './visitor-auth/site-visitor-auth';
import { RegenerateSiteVisitorAuthKeyHandler } from './visitor-auth/site-visitor-auth';
import { ShareLinksController } from './share-links/share-links.controller';
import { SiteScopePipe } from './shared/site-scope';
import { SiteSectionGroupsController } from './section-groups/site-section-groups.controller';
import { SiteSectionsController } from './sections/site-sections.controller';
import { SiteStructureController } from './structure/site-structure.controller';
import { SiteSpacesController } from './site-spaces/site-spaces.controller';
import { SitesController } from './sites/sites.controller';
import { SitesPresenter } from './shared/sites.presenter';
import { SitesReadModel } from './sites/sites.read-model';
import { OrganizationSitesModule } from './sites/organization-sites.module';
import { SitesServingModule } from './serving/sites-serving.module';
import { CustomizationController } from './customization/customization.controller';
import { GetSiteCustomizationHandler } from './customization/get-site-customization';
import { UpdateSiteCustomizationHandler } from './customization/update-site-customization';
import { OverrideSiteSpaceCustomizationHandler } from './customization/override-site-space-customization';
import { DeleteSiteSpaceCustomizationHandler } from './customization/delete-site-space-customization';
import { RedirectsController } from './redirects/redirects.controller';
import { RedirectFactsReader } from './redirects/redirect-facts';
import { SiteRedirectsReadModel } from './redirects/redirects.read-model';
import { SiteRedirectWrites } from './redirects/site-redirect-writes';
import { CreateSiteRedirectHandler } from './redirects/create-site-redirect';
import { UpdateSiteRedirectHandler } from './redirects/update-site-redirect';
import { DeleteSiteRedirectHandler } from './redirects/delete-site-redirect';
import { ListSiteRedirectsHandler } from './redirects/list-site-redirects';
import { GetSiteRedirectBySourceHandler } from './redirects/get-site-redirect-by-source';
import { BulkUpsertSiteRedirectsHandler } from './redirects/bulk-upsert-site-redirects';
import { AppLinksModule } from './app-links/app-links.module';
import { SiteSearchController } from './serving/site-search.controller';
import { SearchSiteContentHandler } from './serving/search-site-content';
import { SiteSearchPresenter } from './serving/site-search.presenter';
import { UrlResolutionController } from './url-resolution/url-resolution.controller';
import { ResolvePublishedContentHandler } from './url-resolution/resolve-published-content';

/**
 * Sites context: published docs sites of an organization and their structure (site spaces,
 * sections, section groups) and their adaptive schema. It
 * reads content only through its exported query interface (ContentDirectory: spaces as a user sees
 * them) and content's events (the spaces site spaces show; spaces that go leave their sites), and
 * organizations through OrganizationDirectory and the organization scope; it answers organizations'
 * OrganizationSites (OrganizationSitesModule).
 */
@Module({
  imports: [OrganizationsModule, ContentModule, OrganizationSitesModule, SitesServingModule, AppLinksModule],
  controllers: [
    SitesController,
    SiteSpacesController,
    SiteSectionsController,
    SiteSectionGroupsController,
    SiteStructureController,
    ShareLinksController,
    AdaptiveSchemaController,
    CustomizationController,
    RedirectsController,
    SiteSearchController,
    VisitorAuthController,
    UrlResolutionController,
  ],
  providers: [
    SiteScopePipe,
    SiteWriter,
    SitesReadModel,
    SiteViews,
    SitesPresenter,
    WriteSiteHandler,
    CreateSiteHandler,
    ListSitesHandler,
    GetSiteHandler,
    UpdateSiteHandler,
    PublishSiteHandler,
    ListSiteSpacesHandler,
    GetSiteSpaceHandler,
    AddSpaceToSiteHandler,
    UpdateSiteSpaceHandler,
    ListSiteSectionsHandler,
    AddSectionToSiteHandler,
    UpdateSiteSectionHandler,
    ListSiteSectionGroupsHandler,
    AddSectionGroupToSiteHandler,
    UpdateSiteSectionGroupHandler,
    AddSectionToGroupHandler,
    GetSiteStructureHandler,
    SortSiteStructureHandler,
    GetPublishedSiteHandler,
    ListSiteShareLinksHandler,
    CreateSiteShareLinkHandler,
    UpdateSiteShareLinkHandler,
    GetSiteAdaptiveSchemaHandler,
    UpdateSiteAdaptiveSchemaHandler,
    ListSiteAdaptiveTemplateConditionsHandler,
    GetSiteCustomizationHandler,
    UpdateSiteCustomizationHandler,
    OverrideSiteSpaceCustomizationHandler,
    DeleteSiteSpaceCustomizationHandler,
    RedirectFactsReader,
    SiteRedirectsReadModel,
    SiteRedirectWrites,
    CreateSiteRedirectHandler,
    UpdateSiteRedirectHandler,
    DeleteSiteRedirectHandler,
    ListSiteRedirectsHandler,
    GetSiteRedirectBySourceHandler,
    BulkUpsertSiteRedirectsHandler,
    SearchSiteContentHandler,
    SiteSearchPresenter,
    GetSiteVisitorAuthHandler,
    UpdateSiteVisitorAuthHandler,
    RegenerateSiteVisitorAuthKeyHandler,
    ResolvePublishedContentHandler,
  ],
  // The served site (issue #26) answers a path no page has with SiteRedirectsReadModel.bySource.
  exports: [SiteRedirectsReadModel],
})
export class SitesModule {}
