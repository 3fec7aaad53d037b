import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { ContentDirectory } from './content-directory';
import { ChangeRequestsModule } from './change-requests/change-requests.module';
import { ChangeRequestContributorsModule } from './change-requests/contributors/change-request-contributors.module';
import { OrganizationChangeRequestsModule } from './change-requests/organization/organization-change-requests.module';
import { CollectionsModule } from './collections/collections.module';
import { ContentReadsModule } from './content-reads/content-reads.module';
import { ArchivesModule } from './archives/archives.module';
import { GitSyncModule } from './git-sync/git-sync.module';
import { ImportModule } from './import/import.module';
import { ImportRunsModule } from './import-runs/import-runs.module';
import { LinksModule } from './links/links.module';
import { PdfModule } from './pdf/pdf.module';
import { RevisionsModule } from './revisions/revisions.module';
import { RevisionChangesModule } from './revision-changes/revision-changes.module';
import { SearchModule } from './search/search.module';
import { SignedUrlsModule } from './signed-urls/signed-urls.module';
import { SpaceCountsModule } from './spaces/reads/space-counts.module';
import { SpacesModule } from './spaces/spaces.module';

/**
 * Content context: spaces, collections, space permissions, change requests (and next: pages,
 * files, revisions). It reads organizations only through their exported query interface
 * (OrganizationDirectory) and the organization scope of `/v1/orgs/{organizationId}` routes.
 */
@Module({
  imports: [
    OrganizationsModule,
    CollectionsModule,
    SpacesModule,
    SpaceCountsModule,
    ChangeRequestsModule,
    ChangeRequestContributorsModule,
    OrganizationChangeRequestsModule,
    ContentReadsModule,
    ImportModule,
    ImportRunsModule,
    ArchivesModule,
    GitSyncModule,
    LinksModule,
    PdfModule,
    RevisionsModule,
    RevisionChangesModule,
    SearchModule,
    SignedUrlsModule,
  ],
  exports: [CollectionsModule, SpacesModule, ContentDirectory],
  // The query interface of other contexts (collaboration): spaces as a user sees them, change requests, pages.
  providers: [ContentDirectory],
})
export class ContentModule {}
