import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext, conflict, Consistency, EventStore, handleCommand, ReadModels } from '@docs/platform';
import { OrganizationSettings, organizationDecider, organizationStream } from '../domain/organization';
import { OrganizationDoc } from '../projections/read-model-types';

export class UpdateOrganization extends Command<OrganizationDoc> {
  constructor(
    readonly organizationId: string,
    readonly changes: OrganizationSettings,
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/** PATCH /v1/orgs/{organizationId}: admins only; omitted fields stay, null clears a nullable one. */
@CommandHandler(UpdateOrganization)
export class UpdateOrganizationHandler implements ICommandHandler<UpdateOrganization> {
  constructor(
    private readonly events: EventStore,
    private readonly consistency: Consistency,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ organizationId, changes, ctx }: UpdateOrganization): Promise<OrganizationDoc> {
    if (changes.hostname !== undefined) await this.ensureHostnameFree(organizationId, changes.hostname);
    const { position } = await handleCommand(
      this.events,
      organizationStream(organizationId),
      organizationDecider,
      { type: 'ChangeOrganizationSettings', organizationId, actorId: ctx.actor, changes },
      ctx,
    );
    await this.consistency.waitFor(position, ['organizations']);
    return (await this.readModels.get<OrganizationDoc>('organizations', organizationId))!;
  }

  private async ensureHostnameFree(organizationId: string, hostname: string): Promise<void> {
    const taken = await this.readModels.find<OrganizationDoc>('organizations', {
      where: [{ field: 'hostname', op: 'eq', value: hostname }, { field: 'id', op: 'ne', value: organizationId }],
      limit: 1,
    });
    if (taken.count > 0) throw conflict(`hostname: "${hostname}" is already used by another organization`);
  }
}
