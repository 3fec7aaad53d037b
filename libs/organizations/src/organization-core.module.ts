import { Module } from '@nestjs/common';
import { MemberViews } from './application/member-views';
import { OrganizationAccess } from './application/organization-access';
import { OrganizationScopePipe } from './http/org-scope';
import { OrganizationsPresenter } from './http/presenters';
import { TeamsPresenter } from './http/teams.presenter';
import { TeamsReadModel } from './projections/teams.read-model';

/**
 * What every part of the organizations context shares: the organization scope of requests, access
 * checks, the read-model queries other parts read, and the presenters of shared objects.
 */
@Module({
  providers: [OrganizationAccess, OrganizationScopePipe, OrganizationsPresenter, TeamsPresenter, TeamsReadModel, MemberViews],
  exports: [OrganizationAccess, OrganizationScopePipe, OrganizationsPresenter, TeamsPresenter, TeamsReadModel, MemberViews],
})
export class OrganizationCoreModule {}
