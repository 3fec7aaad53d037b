import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { CollectionsReadModel } from './projections/collections.read-model';

/**
 * Content context: spaces, collections, space permissions (and next: change requests, pages,
 * files, revisions). It reads organizations only through their exported query interface
 * (OrganizationDirectory) and the organization scope of `/v1/orgs/{organizationId}` routes.
 */
@Module({
  imports: [OrganizationsModule],
  providers: [CollectionsReadModel],
  exports: [CollectionsReadModel],
})
export class ContentModule {}
