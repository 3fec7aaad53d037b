import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { ChangeRequestsModule } from './change-requests.module';
import { CollectionsModule } from './collections.module';
import { ContentReadsModule } from './content-reads.module';
import { SpacesModule } from './spaces.module';

/**
 * Content context: spaces, collections, space permissions, change requests (and next: pages,
 * files, revisions). It reads organizations only through their exported query interface
 * (OrganizationDirectory) and the organization scope of `/v1/orgs/{organizationId}` routes.
 */
@Module({
  imports: [OrganizationsModule, CollectionsModule, SpacesModule, ChangeRequestsModule, ContentReadsModule],
  exports: [CollectionsModule, SpacesModule],
})
export class ContentModule {}
