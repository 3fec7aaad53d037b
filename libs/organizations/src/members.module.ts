import { Module } from '@nestjs/common';
import { EnableMemberSsoHandler } from './application/enable-member-sso';
import { GetMemberHandler } from './application/get-member';
import { ListMembersHandler } from './application/list-members';
import { MemberActivityWriter } from './application/member-activity-writer';
import { PingOrganizationHandler } from './application/ping-organization';
import { RemoveMemberHandler } from './application/remove-member';
import { UpdateMemberHandler } from './application/update-member';
import { VisitorClaimsSigner } from './application/visitor-claims';
import { MembersController } from './http/members.controller';
import { OrganizationCoreModule } from './shared/organization-core.module';

/** The members of an organization: their roles and SSO flag, leaving, and the members' pings. (A member's spaces: the content context.) */
@Module({
  imports: [OrganizationCoreModule],
  controllers: [MembersController],
  providers: [
    MemberActivityWriter, VisitorClaimsSigner,
    UpdateMemberHandler, RemoveMemberHandler, EnableMemberSsoHandler, PingOrganizationHandler,
    ListMembersHandler, GetMemberHandler,
  ],
})
export class MembersModule {}
