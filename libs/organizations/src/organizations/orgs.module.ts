import { Module } from '@nestjs/common';
import { CreateOrganizationHandler } from './create-organization';
import { GetOrganizationHandler } from './get-organization';
import { ListMyOrganizationsHandler } from './list-my-organizations';
import { ListOrganizationsByEmailDomainHandler } from './list-organizations-by-email-domain';
import { UpdateOrganizationHandler } from './update-organization';
import { OrganizationsController } from './organizations.controller';
import { OrganizationCoreModule } from '../shared/organization-core.module';

/** Organizations themselves: create, list the caller's, find by e-mail domain, read, change settings. */
@Module({
  imports: [OrganizationCoreModule],
  controllers: [OrganizationsController],
  providers: [
    CreateOrganizationHandler,
    UpdateOrganizationHandler,
    GetOrganizationHandler,
    ListMyOrganizationsHandler,
    ListOrganizationsByEmailDomainHandler,
  ],
})
export class OrgsModule {}
