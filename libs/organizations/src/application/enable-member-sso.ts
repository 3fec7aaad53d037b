import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext, Consistency, EventStore, handleCommand } from '@docs/platform';
import { organizationDecider, organizationStream } from '../domain/organization';
import { MemberAccess } from './member-access';
import { MemberView, MemberViews } from './member-views';

export class EnableMemberSso extends Command<MemberView> {
  constructor(
    readonly organizationId: string,
    readonly userId: string,
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/** POST /v1/orgs/{organizationId}/members/{userId}/sso: admins mark a member as an SSO member (idempotent). */
@CommandHandler(EnableMemberSso)
export class EnableMemberSsoHandler implements ICommandHandler<EnableMemberSso> {
  constructor(
    private readonly events: EventStore,
    private readonly consistency: Consistency,
    private readonly members: MemberAccess,
    private readonly views: MemberViews,
  ) {}

  async execute({ organizationId, userId, ctx }: EnableMemberSso): Promise<MemberView> {
    const { position, events } = await handleCommand(
      this.events,
      organizationStream(organizationId),
      organizationDecider,
      { type: 'EnableMemberSso', organizationId, actorId: ctx.actor, userId },
      ctx,
    );
    await this.consistency.waitForEvents(position, events.map((e) => e.type));
    return this.views.of(await this.members.requireTarget(organizationId, userId));
  }
}
