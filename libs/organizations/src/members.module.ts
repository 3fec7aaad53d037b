import { Module } from '@nestjs/common';
import { EnableMemberSsoHandler } from './application/enable-member-sso';
import { GetMemberHandler } from './application/get-member';
import { ListMemberSpacesHandler } from './application/list-member-spaces';
import { ListMembersHandler } from './application/list-members';
import { MemberActivityWriter } from './application/member-activity-writer';
import { PingOrganizationHandler } from './application/ping-organization';
import { RemoveMemberHandler } from './application/remove-member';
import { UpdateMemberHandler } from './application/update-member';
import { VisitorClaimsSigner } from './application/visitor-claims';
import { MembersController } from './http/members.controller';
import { OrganizationCoreModule } from './organization-core.module';
import { MemberSpacesReadModel } from './projections/member-spaces.read-model';

/** The members of an organization: their roles, SSO flag and spaces, leaving, and the members' pings. */
@Module({
  imports: [OrganizationCoreModule],
  controllers: [MembersController],
  providers: [
    MemberActivityWriter, MemberSpacesReadModel, VisitorClaimsSigner,
    UpdateMemberHandler, RemoveMemberHandler, EnableMemberSsoHandler, PingOrganizationHandler,
    ListMembersHandler, GetMemberHandler, ListMemberSpacesHandler,
  ],
})
export class MembersModule {}
