import { Module } from '@nestjs/common';
import { CreateLinkInviteHandler } from './application/create-link-invite';
import { DeleteLinkInviteHandler } from './application/delete-link-invite';
import { GetLinkInviteHandler } from './application/get-link-invite';
import { InviteMembersHandler } from './application/invite-members';
import { JoinWithLinkInviteHandler } from './application/join-with-link-invite';
import { ListLinkInvitesHandler } from './application/list-link-invites';
import { UpdateLinkInviteHandler } from './application/update-link-invite';
import { InvitesController } from './http/invites.controller';
import { OrganizationCoreModule } from './shared/organization-core.module';

/** Inviting people by e-mail address, and link invites anyone holding them can join with. */
@Module({
  imports: [OrganizationCoreModule],
  controllers: [InvitesController],
  providers: [
    InviteMembersHandler, CreateLinkInviteHandler, UpdateLinkInviteHandler, DeleteLinkInviteHandler, JoinWithLinkInviteHandler,
    ListLinkInvitesHandler, GetLinkInviteHandler,
  ],
})
export class InvitesModule {}
