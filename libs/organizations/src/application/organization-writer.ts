import { Injectable } from '@nestjs/common';
import { AggregateWriter, CommandContext, CommandOutcome, WriteKit } from '@docs/platform';
import { organizationAggregate, OrganizationCommand, OrganizationEvent, OrganizationFacts, OrganizationState } from '../domain/organization';
import { OrganizationsReadModel } from '../projections/organizations.read-model';
import { OrganizationScope } from './organization-scope';

/** A command a member gives in their organization, less what the scope says: the organization and the actor. */
export type MemberCommand = OrganizationCommand extends infer C ? (C extends { actorId: string } ? Omit<C, 'organizationId' | 'actorId'> : never) : never;

/** The hostname an UpdateOrganization asks for; undefined for any other command or when it names none. */
const hostnameOf = (command: OrganizationCommand) => (command.type === 'UpdateOrganization' ? command.changes.hostname : undefined);

/**
 * Writes organizations: settings, members and link invites. Writes run in an organization's scope,
 * or in a plain command context where the caller has no membership yet (creating an organization,
 * joining with a link invite). Only a hostname change needs a fact: whether another organization has it;
 * two organizations asking for the same hostname at once are decided one after the other.
 */
@Injectable()
export class OrganizationWriter extends AggregateWriter<OrganizationState, OrganizationCommand, OrganizationEvent, OrganizationFacts> {
  constructor(
    kit: WriteKit,
    private readonly read: OrganizationsReadModel,
  ) {
    super(kit, organizationAggregate);
  }

  /** A command of the scope's caller about the scope's organization. */
  executeIn(command: MemberCommand, scope: OrganizationScope): Promise<CommandOutcome<OrganizationState, OrganizationEvent>> {
    const { organizationId, actor: actorId } = scope;
    return this.execute(organizationId, { ...command, organizationId, actorId } as OrganizationCommand, scope);
  }

  protected override exclusiveKeys(_organizationId: string, command: OrganizationCommand): string[] {
    const hostname = hostnameOf(command);
    return typeof hostname === 'string' ? [`organization-hostname:${hostname}`] : [];
  }

  protected override async facts(organizationId: string, command: OrganizationCommand, _ctx: CommandContext): Promise<OrganizationFacts> {
    const hostname = hostnameOf(command);
    return { hostnameTaken: hostname !== undefined && (await this.read.hostnameTaken(hostname, organizationId)) };
  }
}
