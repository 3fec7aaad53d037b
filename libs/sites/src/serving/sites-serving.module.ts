import { Module } from '@nestjs/common';
import { ContentModule } from '@docs/content';
import { ServedSitesReadModel } from './served-sites.read-model';
import { SitePages } from './site-pages';
import { SearchPage } from './search-page';
import { SiteSearch } from './site-search';
import { SiteServer } from './site-server';
import { ServedRedirects } from './served-redirects';
import { ServedChrome } from './served-customization';
import { SiteRedirectsReadModel } from '../redirects/redirects.read-model';

/** Serves published sites to readers (docs/sites-serving.md), from the served-sites projection and content's revisions. */
@Module({
  imports: [ContentModule],
  providers: [ServedSitesReadModel, SitePages, SiteServer, SiteSearch, SearchPage, ServedRedirects, SiteRedirectsReadModel, ServedChrome],
  // The API's site search (searchSiteContent) reads the same spaces and searches the same way; URL resolution finds the same pages.
  exports: [ServedSitesReadModel, SiteSearch, SitePages],
})
export class SitesServingModule {}
