import { Module } from '@nestjs/common';
import { InvitesModule } from './invites/invites.module';
import { MembersModule } from './members/members.module';
import { OrganizationCoreModule } from './shared/organization-core.module';
import { OrgsModule } from './organizations/orgs.module';
import { TeamsModule } from './teams/teams.module';
import { UsersModule } from './users/users.module';
import { AuditModule } from './audit/audit.module';
import { SamlModule } from './saml/saml.module';
import { TranslationsModule } from './translations/translations.module';

/** Organizations context: users and tokens, organizations, members, teams, SSO, invites, translations. */
@Module({
  imports: [
    OrganizationCoreModule,
    UsersModule,
    OrgsModule,
    MembersModule,
    InvitesModule,
    AuditModule,
    TeamsModule,
    SamlModule,
    TranslationsModule,
  ],
  exports: [UsersModule, OrganizationCoreModule],
})
export class OrganizationsModule {}
