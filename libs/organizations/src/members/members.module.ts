import { Module } from '@nestjs/common';
import { EnableMemberSsoHandler } from './enable-member-sso';
import { GetMemberHandler } from './get-member';
import { ListMembersHandler } from './list-members';
import { MemberActivityWriter } from './member-activity-writer';
import { PingOrganizationHandler } from './ping-organization';
import { RemoveMemberHandler } from './remove-member';
import { UpdateMemberHandler } from './update-member';
import { VisitorClaimsSigner } from './visitor-claims';
import { MembersController } from './members.controller';
import { OrganizationCoreModule } from '../shared/organization-core.module';

/** The members of an organization: their roles and SSO flag, leaving, and the members' pings. (A member's spaces: the content context.) */
@Module({
  imports: [OrganizationCoreModule],
  controllers: [MembersController],
  providers: [
    MemberActivityWriter,
    VisitorClaimsSigner,
    UpdateMemberHandler,
    RemoveMemberHandler,
    EnableMemberSsoHandler,
    PingOrganizationHandler,
    ListMembersHandler,
    GetMemberHandler,
  ],
})
export class MembersModule {}
