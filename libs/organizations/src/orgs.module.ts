import { Module } from '@nestjs/common';
import { CreateOrganizationHandler } from './application/create-organization';
import { GetOrganizationHandler } from './application/get-organization';
import { ListMyOrganizationsHandler } from './application/list-my-organizations';
import { ListOrganizationsByEmailDomainHandler } from './application/list-organizations-by-email-domain';
import { UpdateOrganizationHandler } from './application/update-organization';
import { OrganizationsController } from './http/organizations.controller';
import { OrganizationCoreModule } from './shared/organization-core.module';

/** Organizations themselves: create, list the caller's, find by e-mail domain, read, change settings. */
@Module({
  imports: [OrganizationCoreModule],
  controllers: [OrganizationsController],
  providers: [
    CreateOrganizationHandler, UpdateOrganizationHandler,
    GetOrganizationHandler, ListMyOrganizationsHandler, ListOrganizationsByEmailDomainHandler,
  ],
})
export class OrgsModule {}
