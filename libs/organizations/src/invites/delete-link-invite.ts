import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OrganizationCommand } from '../shared/organization-scope';
import { OrganizationWriter } from '../organizations/organization-writer';

export class DeleteLinkInvite extends OrganizationCommand<{ inviteId: string }> {}

/** DELETE /v1/orgs/{organizationId}/link-invites/{inviteId}: admins revoke an invite; joining with it then answers 404. */
@CommandHandler(DeleteLinkInvite)
export class DeleteLinkInviteHandler implements ICommandHandler<DeleteLinkInvite> {
  constructor(private readonly organizations: OrganizationWriter) {}

  async execute({ props: { inviteId }, scope }: DeleteLinkInvite): Promise<void> {
    await this.organizations.executeIn({ type: 'DeleteLinkInvite', inviteId }, scope);
  }
}
