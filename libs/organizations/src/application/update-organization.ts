import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext, conflict, Consistency, EventStore, handleCommand, ReadModels } from '@docs/platform';
import { OrganizationSettings, organizationDecider, organizationStream } from '../domain/organization';
import { OrganizationDoc } from '../projections/read-model-types';
import { MemberView, MemberViews } from './member-views';
import { OrganizationAccess } from './organization-access';

export class UpdateOrganization extends Command<{ organization: OrganizationDoc; member: MemberView }> {
  constructor(
    readonly organizationId: string,
    readonly changes: OrganizationSettings,
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/**
 * PATCH /v1/orgs/{organizationId}: admins only; omitted fields stay, null clears a nullable one.
 * Answers the updated organization with the caller's membership (for its `permissions`).
 */
@CommandHandler(UpdateOrganization)
export class UpdateOrganizationHandler implements ICommandHandler<UpdateOrganization> {
  constructor(
    private readonly events: EventStore,
    private readonly consistency: Consistency,
    private readonly readModels: ReadModels,
    private readonly access: OrganizationAccess,
    private readonly views: MemberViews,
  ) {}

  async execute({ organizationId, changes, ctx }: UpdateOrganization) {
    // Checked before anything else, so non-members learn nothing (not even whether a hostname is taken).
    const { member } = await this.access.requireAdmin(organizationId, ctx.actor);
    if (changes.hostname !== undefined) await this.ensureHostnameFree(organizationId, changes.hostname);
    const { position } = await handleCommand(
      this.events,
      organizationStream(organizationId),
      organizationDecider,
      { type: 'ChangeOrganizationSettings', organizationId, actorId: ctx.actor, changes },
      ctx,
    );
    await this.consistency.waitFor(position, ['organizations']);
    const [organization, view] = await Promise.all([
      this.readModels.get<OrganizationDoc>('organizations', organizationId),
      this.views.of(member),
    ]);
    return { organization: organization!, member: view };
  }

  private async ensureHostnameFree(organizationId: string, hostname: string): Promise<void> {
    const taken = await this.readModels.find<OrganizationDoc>('organizations', {
      where: [{ field: 'hostname', op: 'eq', value: hostname }, { field: 'id', op: 'ne', value: organizationId }],
      limit: 1,
    });
    if (taken.count > 0) throw conflict(`hostname: "${hostname}" is already used by another organization`);
  }
}
