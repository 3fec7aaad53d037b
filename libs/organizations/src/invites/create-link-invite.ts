import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { RoleOrGuest } from '../shared/roles.domain';
import { LinkInviteDoc, OrganizationsReadModel } from '../organizations/organizations.read-model';
import { OrganizationCommand } from '../shared/organization-scope';
import { OrganizationWriter } from '../organizations/organization-writer';

export class CreateLinkInvite extends OrganizationCommand<{ role: RoleOrGuest }, LinkInviteDoc> {}

/** POST /v1/orgs/{organizationId}/link-invites: admins create a link anyone holding it can join with; 403 when inviteLinks is off. */
@CommandHandler(CreateLinkInvite)
export class CreateLinkInviteHandler implements ICommandHandler<CreateLinkInvite> {
  constructor(
    private readonly organizations: OrganizationWriter,
    private readonly read: OrganizationsReadModel,
  ) {}

  async execute({ props: { role }, scope }: CreateLinkInvite): Promise<LinkInviteDoc> {
    const inviteId = scope.createdId('link-invite');
    await this.organizations.executeIn({ type: 'CreateLinkInvite', inviteId, role }, scope);
    return this.read.linkInvite(scope.organizationId, inviteId);
  }
}
