import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext, Consistency, EventStore, ReadModels, handleCommand, notFound } from '@docs/platform';
import { organizationDecider, organizationStream } from '../domain/organization';
import { RoleOrGuest } from '../domain/roles';
import { LinkInviteDoc } from '../projections/read-model-types';

export class UpdateLinkInvite extends Command<LinkInviteDoc> {
  constructor(
    readonly organizationId: string,
    readonly inviteId: string,
    readonly role: RoleOrGuest,
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/** PATCH /v1/orgs/{organizationId}/link-invites/{inviteId}: admins change the role an invite grants. */
@CommandHandler(UpdateLinkInvite)
export class UpdateLinkInviteHandler implements ICommandHandler<UpdateLinkInvite> {
  constructor(
    private readonly events: EventStore,
    private readonly consistency: Consistency,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ organizationId, inviteId, role, ctx }: UpdateLinkInvite): Promise<LinkInviteDoc> {
    const { position, events } = await handleCommand(
      this.events,
      organizationStream(organizationId),
      organizationDecider,
      { type: 'ChangeLinkInviteRole', organizationId, actorId: ctx.actor, inviteId, role },
      ctx,
    );
    await this.consistency.waitForEvents(position, events.map((e) => e.type));
    const invite = await this.readModels.get<LinkInviteDoc>('link_invites', inviteId);
    if (!invite || invite.organizationId !== organizationId) throw notFound('invite not found');
    return invite;
  }
}
