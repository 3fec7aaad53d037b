import { Injectable } from '@nestjs/common';
import { AggregateWriter, CommandContext, CommandOutcome, WriteKit } from '@docs/platform';
import {
  organizationAggregate,
  OrganizationCommand,
  OrganizationEvent,
  OrganizationFacts,
  OrganizationState,
} from './organization.decider';
import { OrganizationsReadModel } from './organizations.read-model';
import { OrganizationScope } from '../shared/organization-scope';
import { OrganizationSites } from '../shared/organization-sites';

/** A command a member gives in their organization, less what the scope says: the organization and the actor. */
export type MemberCommand = OrganizationCommand extends infer C
  ? C extends { actorId: string }
    ? Omit<C, 'organizationId' | 'actorId'>
    : never
  : never;

/** The hostname an UpdateOrganization asks for; undefined for any other command or when it names none. */
const hostnameOf = (command: OrganizationCommand) => (command.type === 'UpdateOrganization' ? command.changes.hostname : undefined);
/** The site an UpdateOrganization makes the default content; undefined for any other command or when it names none. */
const defaultSiteOf = (command: OrganizationCommand) =>
  command.type === 'UpdateOrganization' ? command.changes.defaultContent?.site : undefined;

/**
 * Writes organizations: settings, members and link invites. Writes run in an organization's scope,
 * or in a plain command context where the caller has no membership yet (creating an organization,
 * joining with a link invite). Only settings changes need facts: whether another organization has
 * the hostname (two organizations asking for the same one at once are decided one after the
 * other), and whether the default content is one of the organization's sites (the sites context says).
 */
@Injectable()
export class OrganizationWriter extends AggregateWriter<OrganizationState, OrganizationCommand, OrganizationEvent, OrganizationFacts> {
  constructor(
    kit: WriteKit,
    private readonly read: OrganizationsReadModel,
    private readonly sites: OrganizationSites,
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
    const site = defaultSiteOf(command);
    const [hostnameTaken, siteFound] = await Promise.all([
      hostname !== undefined && this.read.hostnameTaken(hostname, organizationId),
      site === undefined || this.sites.has(organizationId, site),
    ]);
    return { hostnameTaken, defaultContentMissing: !siteFound };
  }
}
