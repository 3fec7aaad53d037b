import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { RoleOrGuest } from '../shared/roles.domain';
import { LinkInviteDoc, OrganizationsReadModel } from '../organizations/organizations.read-model';
import { OrganizationCommand } from '../shared/organization-scope';
import { OrganizationWriter } from '../organizations/organization-writer';

export class UpdateLinkInvite extends OrganizationCommand<{ inviteId: string; role: RoleOrGuest }, LinkInviteDoc> {}

/** PATCH /v1/orgs/{organizationId}/link-invites/{inviteId}: admins change the role an invite grants. */
@CommandHandler(UpdateLinkInvite)
export class UpdateLinkInviteHandler implements ICommandHandler<UpdateLinkInvite> {
  constructor(
    private readonly organizations: OrganizationWriter,
    private readonly read: OrganizationsReadModel,
  ) {}

  async execute({ props: { inviteId, role }, scope }: UpdateLinkInvite): Promise<LinkInviteDoc> {
    await this.organizations.executeIn({ type: 'UpdateLinkInvite', inviteId, role }, scope);
    return this.read.linkInvite(scope.organizationId, inviteId);
  }
}
