import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext, Consistency, EventStore, handleCommand } from '@docs/platform';
import { organizationDecider, organizationStream } from '../domain/organization';

export class DeleteLinkInvite extends Command<void> {
  constructor(
    readonly organizationId: string,
    readonly inviteId: string,
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/** DELETE /v1/orgs/{organizationId}/link-invites/{inviteId}: admins revoke an invite; joining with it then answers 404. */
@CommandHandler(DeleteLinkInvite)
export class DeleteLinkInviteHandler implements ICommandHandler<DeleteLinkInvite> {
  constructor(
    private readonly events: EventStore,
    private readonly consistency: Consistency,
  ) {}

  async execute({ organizationId, inviteId, ctx }: DeleteLinkInvite): Promise<void> {
    const { position, events } = await handleCommand(
      this.events,
      organizationStream(organizationId),
      organizationDecider,
      { type: 'DeleteLinkInvite', organizationId, actorId: ctx.actor, inviteId },
      ctx,
    );
    await this.consistency.waitForEvents(position, events.map((e) => e.type));
  }
}
