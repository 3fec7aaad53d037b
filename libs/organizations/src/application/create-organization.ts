import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandContext, Consistency, EventStore, handleCommand, idFromSeed, newId, ReadModels } from '@docs/platform';
import { organizationDecider, organizationStream } from '../domain/organization';
import { MemberDoc, memberDocId, OrganizationDoc } from '../projections/read-model-types';
import { MemberView, MemberViews } from './member-views';

export class CreateOrganization extends Command<{ organization: OrganizationDoc; member: MemberView }> {
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
    private readonly views: MemberViews,
  ) {}

  /** Answers the new organization with the creator's membership (for its `permissions`). */
  async execute({ title, emailDomains, ctx }: CreateOrganization) {
    const organizationId = ctx.idempotencyKey ? idFromSeed(`org:${ctx.actor}:${ctx.idempotencyKey}`) : newId();
    const { position } = await handleCommand(
      this.events,
      organizationStream(organizationId),
      organizationDecider,
      { type: 'CreateOrganization', organizationId, title, emailDomains, creatorId: ctx.actor },
      ctx,
    );
    await this.consistency.waitFor(position, ['organizations']);
    const [organization, member] = await Promise.all([
      this.readModels.get<OrganizationDoc>('organizations', organizationId),
      this.readModels.get<MemberDoc>('members', memberDocId(organizationId, ctx.actor)),
    ]);
    return { organization: organization!, member: await this.views.of(member!) };
  }
}
