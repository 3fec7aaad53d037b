import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext, Consistency, EventStore, handleCommand, idFromSeed, newId, ReadModels } from '@docs/platform';
import { organizationDecider, organizationStream } from '../domain/organization';
import { OrganizationDoc } from '../projections/read-model-types';

export class CreateOrganization extends Command<OrganizationDoc> {
  constructor(
    readonly title: string,
    readonly emailDomains: string[],
    readonly ctx: CommandContext,
  ) {
    super();
  }
}

/** POST /v1/orgs: the caller becomes the organization's first admin. */
@CommandHandler(CreateOrganization)
export class CreateOrganizationHandler implements ICommandHandler<CreateOrganization> {
  constructor(
    private readonly events: EventStore,
    private readonly consistency: Consistency,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ title, emailDomains, ctx }: CreateOrganization): Promise<OrganizationDoc> {
    const organizationId = ctx.idempotencyKey ? idFromSeed(`org:${ctx.actor}:${ctx.idempotencyKey}`) : newId();
    const { position } = await handleCommand(
      this.events,
      organizationStream(organizationId),
      organizationDecider,
      { type: 'CreateOrganization', organizationId, title, emailDomains, creatorId: ctx.actor },
      ctx,
    );
    await this.consistency.waitFor(position, ['organizations']);
    return (await this.readModels.get<OrganizationDoc>('organizations', organizationId))!;
  }
}
