import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { ChangeRequestsModule } from '../change-requests.module';
import { SpacesModule } from '../../spaces/spaces.module';
import { ListOrganizationChangeRequestsHandler } from './list-organization-change-requests';
import { OrganizationChangeRequestsController } from './organization-change-requests.controller';
import { OrganizationChangeRequestsReadModel } from './organization-change-requests.read-model';

/** The change requests of an organization's spaces (listChangeRequestsForOrganization). */
@Module({
  imports: [OrganizationsModule, SpacesModule, ChangeRequestsModule],
  controllers: [OrganizationChangeRequestsController],
  providers: [OrganizationChangeRequestsReadModel, ListOrganizationChangeRequestsHandler],
})
export class OrganizationChangeRequestsModule {}
