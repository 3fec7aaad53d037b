import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext, Consistency, EventStore, handleCommand } from '@docs/platform';
import { memberActivityDecider, memberActivityStream } from '../domain/member-activity';
import { OrganizationAccess } from './organization-access';
import { VisitorClaimsSigner } from './visitor-claims';

export class PingOrganization extends Command<{ serviceVisitorClaims: string }> {
  constructor(
    readonly organizationId: string,
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/**
 * POST /v1/orgs/{organizationId}/ping: records that the calling member was seen (MemberSeen, in the
 * member's own activity stream, at most one a minute) and returns a signed claims token naming the
 * user and the organization.
 */
@CommandHandler(PingOrganization)
export class PingOrganizationHandler implements ICommandHandler<PingOrganization> {
  constructor(
    private readonly events: EventStore,
    private readonly access: OrganizationAccess,
    private readonly consistency: Consistency,
    private readonly signer: VisitorClaimsSigner,
  ) {}

  async execute({ organizationId, ctx }: PingOrganization): Promise<{ serviceVisitorClaims: string }> {
    const userId = ctx.actor;
    await this.access.requireMember(organizationId, userId);
    const { position, events } = await handleCommand(
      this.events,
      memberActivityStream(organizationId, userId),
      memberActivityDecider,
      { type: 'RecordMemberSeen', organizationId, userId, at: new Date().toISOString() },
      ctx,
    );
    await this.consistency.waitForEvents(position, events.map((e) => e.type));
    return { serviceVisitorClaims: await this.signer.sign({ userId, organizationId }) };
  }
}
