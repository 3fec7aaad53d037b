import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext, Consistency, EventStore, handleCommand } from '@docs/platform';
import { organizationDecider, organizationStream } from '../domain/organization';

export class JoinWithLinkInvite extends Command<void> {
  constructor(
    readonly organizationId: string,
    readonly inviteId: string,
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/**
 * POST /v1/orgs/{organizationId}/invites/{inviteId} (GitBook's joinOrganizationWithInvite): the
 * caller joins with the invite's role. Unknown or deleted invites answer 404; with inviteLinks off,
 * 403. A caller who is already a member keeps their role.
 */
@CommandHandler(JoinWithLinkInvite)
export class JoinWithLinkInviteHandler implements ICommandHandler<JoinWithLinkInvite> {
  constructor(
    private readonly events: EventStore,
    private readonly consistency: Consistency,
  ) {}

  async execute({ organizationId, inviteId, ctx }: JoinWithLinkInvite): Promise<void> {
    const { position, events } = await handleCommand(
      this.events,
      organizationStream(organizationId),
      organizationDecider,
      { type: 'JoinWithLinkInvite', organizationId, userId: ctx.actor, inviteId },
      ctx,
    );
    await this.consistency.waitForEvents(position, events.map((e) => e.type), ['organizations']);
  }
}
