import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ContextCommand } from '@docs/platform';
import { OrganizationWriter } from '../organizations/organization-writer';

/** The caller is not a member yet: no organization scope, the plain command context. */
export class JoinWithLinkInvite extends ContextCommand<{ organizationId: string; inviteId: string }> {}

/**
 * POST /v1/orgs/{organizationId}/invites/{inviteId} (GitBook's joinOrganizationWithInvite): the
 * caller joins with the invite's role. Unknown or deleted invites answer 404; with inviteLinks off,
 * 403. A caller who is already a member keeps their role.
 */
@CommandHandler(JoinWithLinkInvite)
export class JoinWithLinkInviteHandler implements ICommandHandler<JoinWithLinkInvite> {
  constructor(private readonly organizations: OrganizationWriter) {}

  async execute({ props: { organizationId, inviteId }, ctx }: JoinWithLinkInvite): Promise<void> {
    await this.organizations.execute(organizationId, { type: 'JoinWithLinkInvite', organizationId, userId: ctx.actor, inviteId }, ctx);
  }
}
