import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext, Consistency, EventStore, handleCommand } from '@docs/platform';
import { organizationDecider, organizationStream } from '../domain/organization';
import { RoleOrGuest } from '../domain/roles';
import { MemberAccess } from './member-access';
import { MemberView, MemberViews } from './member-views';
import { OrganizationAccess } from './organization-access';

export class UpdateMember extends Command<MemberView> {
  constructor(
    readonly organizationId: string,
    readonly userId: string,
    /** undefined: unchanged; null: guest. */
    readonly role: RoleOrGuest | undefined,
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/** PATCH /v1/orgs/{organizationId}/members/{userId}: admins only; the last admin cannot be demoted (409). */
@CommandHandler(UpdateMember)
export class UpdateMemberHandler implements ICommandHandler<UpdateMember> {
  constructor(
    private readonly events: EventStore,
    private readonly consistency: Consistency,
    private readonly organizations: OrganizationAccess,
    private readonly members: MemberAccess,
    private readonly views: MemberViews,
  ) {}

  async execute({ organizationId, userId, role, ctx }: UpdateMember): Promise<MemberView> {
    if (role === undefined) {
      await this.organizations.requireAdmin(organizationId, ctx.actor);
    } else {
      const { position, events } = await handleCommand(
        this.events,
        organizationStream(organizationId),
        organizationDecider,
        { type: 'ChangeMemberRole', organizationId, actorId: ctx.actor, userId, role },
        ctx,
      );
      await this.consistency.waitForEvents(position, events.map((e) => e.type));
    }
    return this.views.of(await this.members.requireTarget(organizationId, userId));
  }
}
