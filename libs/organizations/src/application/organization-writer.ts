import { Injectable } from '@nestjs/common';
import { AggregateWriter, CommandContext, WriteKit } from '@docs/platform';
import { organizationAggregate, OrganizationCommand, OrganizationEvent, OrganizationFacts, OrganizationState } from '../domain/organization';
import { OrganizationsReadModel } from '../projections/organizations.read-model';

/**
 * Writes organizations: settings, members and link invites. Writes run in an organization's scope,
 * or in a plain command context where the caller has no membership yet (creating an organization,
 * joining with a link invite). Only a hostname change needs a fact: whether another organization has it.
 */
@Injectable()
export class OrganizationWriter extends AggregateWriter<OrganizationState, OrganizationCommand, OrganizationEvent, OrganizationFacts> {
  constructor(
    kit: WriteKit,
    private readonly read: OrganizationsReadModel,
  ) {
    super(kit, organizationAggregate);
  }

  protected override async facts(organizationId: string, command: OrganizationCommand, _ctx: CommandContext): Promise<OrganizationFacts> {
    const hostname = command.type === 'UpdateOrganization' ? command.changes.hostname : undefined;
    return { hostnameTaken: hostname !== undefined && (await this.read.hostnameTaken(hostname, organizationId)) };
  }
}
