import { Module } from '@nestjs/common';
import { Authenticator } from '@docs/platform';
import { BootstrapOwner } from './application/bootstrap-owner';
import { CreateOrganizationHandler } from './application/create-organization';
import { GetCurrentUserHandler } from './application/get-current-user';
import { GetOrganizationHandler } from './application/get-organization';
import { ListMyOrganizationsHandler } from './application/list-my-organizations';
import { ListOrganizationsByEmailDomainHandler } from './application/list-organizations-by-email-domain';
import { OrganizationAccess } from './application/organization-access';
import { TeamDirectory } from './application/team-directory';
import { TokenAuthenticator } from './application/token-authenticator';
import { UpdateOrganizationHandler } from './application/update-organization';
import { OrganizationsController } from './http/organizations.controller';
import { OrganizationsPresenter } from './http/presenters';
import { UsersController } from './http/users.controller';

const commandHandlers = [CreateOrganizationHandler, UpdateOrganizationHandler];
const queryHandlers = [GetOrganizationHandler, ListMyOrganizationsHandler, ListOrganizationsByEmailDomainHandler, GetCurrentUserHandler];

/** Organizations context: users and tokens, organizations, members, teams, SSO, invites, translations. */
@Module({
  controllers: [OrganizationsController, UsersController],
  providers: [
    ...commandHandlers,
    ...queryHandlers,
    OrganizationAccess,
    OrganizationsPresenter,
    TeamDirectory,
    BootstrapOwner,
    TokenAuthenticator,
    { provide: Authenticator, useExisting: TokenAuthenticator },
  ],
  exports: [Authenticator, OrganizationAccess, OrganizationsPresenter, TeamDirectory],
})
export class OrganizationsModule {}
