import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext, Consistency, EventStore, handleCommand } from '@docs/platform';
import { organizationDecider, organizationStream } from '../domain/organization';

export class RemoveMember extends Command<void> {
  constructor(
    readonly organizationId: string,
    readonly userId: string,
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/**
 * DELETE /v1/orgs/{organizationId}/members/{userId}: admins remove anyone, members may leave;
 * the last admin cannot be removed (409). Waits for every projection following MemberRemoved
 * (members, teams, member spaces), so no listing shows the member afterwards.
 */
@CommandHandler(RemoveMember)
export class RemoveMemberHandler implements ICommandHandler<RemoveMember> {
  constructor(
    private readonly events: EventStore,
    private readonly consistency: Consistency,
  ) {}

  async execute({ organizationId, userId, ctx }: RemoveMember): Promise<void> {
    const { position, events } = await handleCommand(
      this.events,
      organizationStream(organizationId),
      organizationDecider,
      { type: 'RemoveMember', organizationId, actorId: ctx.actor, userId },
      ctx,
    );
    await this.consistency.waitForEvents(position, events.map((e) => e.type));
  }
}
