import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext, Consistency, EventStore, ReadModels, handleCommand, idFromSeed, newId } from '@docs/platform';
import { organizationDecider, organizationStream } from '../domain/organization';
import { RoleOrGuest } from '../domain/roles';
import { LinkInviteDoc } from '../projections/read-model-types';

export class CreateLinkInvite extends Command<LinkInviteDoc> {
  constructor(
    readonly organizationId: string,
    readonly role: RoleOrGuest,
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/** POST /v1/orgs/{organizationId}/link-invites: admins create a link anyone holding it can join with; 403 when inviteLinks is off. */
@CommandHandler(CreateLinkInvite)
export class CreateLinkInviteHandler implements ICommandHandler<CreateLinkInvite> {
  constructor(
    private readonly events: EventStore,
    private readonly consistency: Consistency,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ organizationId, role, ctx }: CreateLinkInvite): Promise<LinkInviteDoc> {
    const inviteId = ctx.idempotencyKey ? idFromSeed(`link-invite:${organizationId}:${ctx.actor}:${ctx.idempotencyKey}`) : newId();
    const { position, events } = await handleCommand(
      this.events,
      organizationStream(organizationId),
      organizationDecider,
      { type: 'CreateLinkInvite', organizationId, actorId: ctx.actor, inviteId, role },
      ctx,
    );
    await this.consistency.waitForEvents(position, events.map((e) => e.type));
    return (await this.readModels.get<LinkInviteDoc>('link_invites', inviteId))!;
  }
}
