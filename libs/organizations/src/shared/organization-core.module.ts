import { Module } from '@nestjs/common';
import { MemberViews } from '../members/member-views';
import { TeamViews } from '../teams/team-views';
import { OrganizationDirectory } from './organization-directory';
import { OrganizationWriter } from '../organizations/organization-writer';
import { OrganizationScopePipe } from './org-scope';
import { OrganizationsPresenter } from '../organizations/organizations.presenter';
import { TeamsPresenter } from '../teams/teams.presenter';
import { OrganizationsReadModel } from '../organizations/organizations.read-model';
import { TeamsReadModel } from '../teams/teams.read-model';
import { UserWriter } from '../users/user-writer';
import { UsersReadModel } from '../users/users.read-model';

/** Provided here, and exported to every module of the context that imports this one. */
const SHARED = [
  UserWriter,
  UsersReadModel,
  OrganizationWriter,
  OrganizationsReadModel,
  OrganizationScopePipe,
  OrganizationsPresenter,
  TeamsPresenter,
  TeamsReadModel,
  MemberViews,
  TeamViews,
  OrganizationDirectory,
];

/**
 * What every part of the organizations context shares: the organization scope of requests, access
 * checks, the read-model queries other parts read, and the presenters of shared objects.
 */
@Module({ providers: SHARED, exports: SHARED })
export class OrganizationCoreModule {}
