import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { ChangeRequestsModule } from '../change-requests/change-requests.module';
import { ImportWebsiteHandler } from './import-website';
import { WebsiteCrawler } from './website-crawler';
import { ImportTargets } from './import-target';
import { ImportController } from './import.controller';
import { RevisionsModule } from '../revisions/revisions.module';
import { SpacesModule } from '../spaces/spaces.module';

/**
 * Website import (issue 10, "Import from a website"): crawls through the platform's outbound
 * guard (OutboundFetch) and inserts the pages in one new revision, live or in a change request.
 */
@Module({
  imports: [OrganizationsModule, SpacesModule, RevisionsModule, ChangeRequestsModule],
  controllers: [ImportController],
  providers: [WebsiteCrawler, ImportTargets, ImportWebsiteHandler],
  exports: [WebsiteCrawler, ImportTargets],
})
export class ImportModule {}
