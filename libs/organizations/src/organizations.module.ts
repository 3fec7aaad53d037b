import { Module } from '@nestjs/common';
import { Authenticator } from '@docs/platform';
import { BootstrapOwner } from './application/bootstrap-owner';
import { CreateOrganizationHandler } from './application/create-organization';
import { GetCurrentUserHandler } from './application/get-current-user';
import { GetOrganizationHandler } from './application/get-organization';
import { ListMyOrganizationsHandler } from './application/list-my-organizations';
import { ListOrganizationsByEmailDomainHandler } from './application/list-organizations-by-email-domain';
import { TokenAuthenticator } from './application/token-authenticator';
import { UpdateOrganizationHandler } from './application/update-organization';
import { GetAuditEventHandler } from './application/get-audit-event';
import { ListAuditEventsHandler } from './application/list-audit-events';
import { CreateLinkInviteHandler } from './application/create-link-invite';
import { DeleteLinkInviteHandler } from './application/delete-link-invite';
import { EnableMemberSsoHandler } from './application/enable-member-sso';
import { GetMemberHandler } from './application/get-member';
import { InviteMembersHandler } from './application/invite-members';
import { JoinWithLinkInviteHandler } from './application/join-with-link-invite';
import { GetLinkInviteHandler, ListLinkInvitesHandler } from './application/list-link-invites';
import { ListMemberSpacesHandler } from './application/list-member-spaces';
import { ListMembersHandler } from './application/list-members';
import { MemberAccess } from './application/member-access';
import { PingOrganizationHandler } from './application/ping-organization';
import { RemoveMemberHandler } from './application/remove-member';
import { UpdateLinkInviteHandler } from './application/update-link-invite';
import { UpdateMemberHandler } from './application/update-member';
import { VisitorClaimsSigner } from './application/visitor-claims';
import { AuditController } from './http/audit.controller';
import { InvitesController } from './http/invites.controller';
import { MembersController } from './http/members.controller';
import { OrganizationsController } from './http/organizations.controller';
import { OrganizationCoreModule } from './organization-core.module';
import { TeamsModule } from './teams.module';
import { UsersController } from './http/users.controller';
import { TEAMS_SSO_TRANSLATIONS_CONTROLLERS, TEAMS_SSO_TRANSLATIONS_PROVIDERS } from './teams-sso-translations.providers';

const commandHandlers = [CreateOrganizationHandler, UpdateOrganizationHandler];
const queryHandlers = [
  GetOrganizationHandler, ListMyOrganizationsHandler, ListOrganizationsByEmailDomainHandler, GetCurrentUserHandler,
  ListAuditEventsHandler, GetAuditEventHandler,
];

/** Members, invites and pings (organization members and invites use cases). */
const memberProviders = [
  ListMembersHandler, GetMemberHandler, ListMemberSpacesHandler, UpdateMemberHandler, RemoveMemberHandler, EnableMemberSsoHandler,
  PingOrganizationHandler, InviteMembersHandler, CreateLinkInviteHandler, UpdateLinkInviteHandler, DeleteLinkInviteHandler,
  JoinWithLinkInviteHandler, ListLinkInvitesHandler, GetLinkInviteHandler,
  MemberAccess, VisitorClaimsSigner,
];

/** Organizations context: users and tokens, organizations, members, teams, SSO, invites, translations. */
@Module({
  imports: [OrganizationCoreModule, TeamsModule],
  controllers: [OrganizationsController, UsersController, MembersController, InvitesController, AuditController, ...TEAMS_SSO_TRANSLATIONS_CONTROLLERS],
  providers: [
    ...commandHandlers,
    ...queryHandlers,
    ...memberProviders,
    ...TEAMS_SSO_TRANSLATIONS_PROVIDERS,
    BootstrapOwner,
    TokenAuthenticator,
    { provide: Authenticator, useExisting: TokenAuthenticator },
  ],
  exports: [Authenticator, OrganizationCoreModule],
})
export class OrganizationsModule {}
