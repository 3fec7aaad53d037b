import { Aggregate, AggregateWriter, CommandContext, DomainEvent, WriteKit } from '@docs/platform';
import { OrganizationDirectory } from '@docs/organizations';
import { IntegrationFacts } from '../integrations/integration.decider';

/**
 * The writers of integrations and installations: a decision's facts are the caller's standing (their
 * role, undefined for a non-member) in the organization the command names.
 */
export abstract class OrganizationRoleWriter<
  S,
  C extends { type: string; organizationId: string },
  E extends DomainEvent,
> extends AggregateWriter<S, C, E, IntegrationFacts> {
  protected constructor(
    kit: WriteKit,
    aggregate: Aggregate<S, C, E, IntegrationFacts>,
    private readonly directory: OrganizationDirectory,
  ) {
    super(kit, aggregate);
  }

  protected override async facts(_id: string, command: C, ctx: CommandContext): Promise<IntegrationFacts> {
    return { standing: await this.directory.roleOf(command.organizationId, ctx.actor) };
  }
}
