import { Module } from '@nestjs/common';
import { CreateLinkInviteHandler } from './create-link-invite';
import { DeleteLinkInviteHandler } from './delete-link-invite';
import { GetLinkInviteHandler } from './get-link-invite';
import { InviteMembersHandler } from './invite-members';
import { JoinWithLinkInviteHandler } from './join-with-link-invite';
import { ListLinkInvitesHandler } from './list-link-invites';
import { UpdateLinkInviteHandler } from './update-link-invite';
import { InvitesController } from './invites.controller';
import { OrganizationCoreModule } from '../shared/organization-core.module';

/** Inviting people by e-mail address, and link invites anyone holding them can join with. */
@Module({
  imports: [OrganizationCoreModule],
  controllers: [InvitesController],
  providers: [
    InviteMembersHandler,
    CreateLinkInviteHandler,
    UpdateLinkInviteHandler,
    DeleteLinkInviteHandler,
    JoinWithLinkInviteHandler,
    ListLinkInvitesHandler,
    GetLinkInviteHandler,
  ],
})
export class InvitesModule {}
