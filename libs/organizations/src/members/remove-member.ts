import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OrganizationCommand } from '../shared/organization-scope';
import { OrganizationWriter } from '../organizations/organization-writer';

export class RemoveMember extends OrganizationCommand<{ userId: string }> {}

/**
 * DELETE /v1/orgs/{organizationId}/members/{userId}: admins remove anyone, members may leave;
 * the last admin cannot be removed (409). The write waits for every projection following
 * MemberRemoved (members, teams, member spaces), so no listing shows the member afterwards.
 */
@CommandHandler(RemoveMember)
export class RemoveMemberHandler implements ICommandHandler<RemoveMember> {
  constructor(private readonly organizations: OrganizationWriter) {}

  async execute({ props: { userId }, scope }: RemoveMember): Promise<void> {
    await this.organizations.executeIn({ type: 'RemoveMember', userId }, scope);
    if (userId === scope.actor) scope.refresh();
  }
}
