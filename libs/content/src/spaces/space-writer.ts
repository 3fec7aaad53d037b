import { Injectable } from '@nestjs/common';
import { AggregateWriter, CommandContext, WriteKit } from '@docs/platform';
import { OrganizationDirectory } from '@docs/organizations';
import { mergeRuleUsers } from '@docs/kernel';
import { spaceAggregate, SpaceCommand, SpaceFacts, SpaceState } from './space.decider';
import { SpaceEvent } from './space.events';
import { CallerFacts } from './space-access.domain';
import { CollectionsReadModel } from '../collections/collections.read-model';
import { SpacesReadModel } from './reads/spaces.read-model';
import { isCallerAware, SpaceAccess } from './space-access';

const NOBODY = (actorId: string): CallerFacts => ({ actorId, orgRole: undefined, teamIds: new Set() });

/**
 * Writes spaces. Writes run in a space's scope or with an organization's caller (creating a
 * space), both knowing the caller's facts already, or as `system` (the purge). A decision needs, from
 * outside the stream: the caller's facts in the space's organization, the level its collection
 * gives a space that inherits it, and what the command names: the parent collection, the members
 * and teams granted access, the target organization of a transfer.
 */
@Injectable()
export class SpaceWriter extends AggregateWriter<SpaceState, SpaceCommand, SpaceEvent, SpaceFacts, CommandContext> {
  constructor(
    kit: WriteKit,
    private readonly spaces: SpacesReadModel,
    private readonly access: SpaceAccess,
    private readonly collections: CollectionsReadModel,
    private readonly directory: OrganizationDirectory,
  ) {
    super(kit, spaceAggregate);
  }

  protected override async facts(spaceId: string, command: SpaceCommand, ctx: CommandContext): Promise<SpaceFacts> {
    const space = command.type === 'CreateSpace' ? null : await this.spaces.space(spaceId);
    const organizationId = command.type === 'CreateSpace' ? command.organizationId : space?.organizationId;
    // An unknown (or purged) space: the decider answers 404 from its own state.
    if (organizationId === undefined) return { caller: NOBODY(ctx.actor), inheritedLevel: null };
    const caller = isCallerAware(ctx) ? await ctx.callerFacts() : await this.access.callerFacts(organizationId, ctx.actor);
    const facts: SpaceFacts = { caller, inheritedLevel: space ? await this.access.inheritedLevel(space) : null };
    switch (command.type) {
      case 'CreateSpace':
      case 'MoveSpace':
        if (command.parent !== null) {
          const named = await this.collections.collectionsById([command.parent]);
          facts.collections = new Map(named.map((c) => [c.id, { organizationId: c.organizationId }]));
        }
        break;
      case 'UpdateSpace':
        if (command.mergeRules) facts.orgMembers = await this.directory.membersAmong(organizationId, mergeRuleUsers(command.mergeRules));
        break;
      case 'UpdateSpacePermissions':
        facts.orgMembers = await this.directory.membersAmong(organizationId, [...command.users.keys()]);
        facts.orgTeams = await this.directory.teamsAmong(organizationId, [...command.teams.keys()]);
        break;
      case 'TransferSpace':
        facts.target = {
          orgRole: await this.directory.roleOf(command.toOrganizationId, ctx.actor),
          members: await this.directory.membersAmong(command.toOrganizationId, await this.spaces.grantedUsers(spaceId)),
        };
        break;
    }
    return facts;
  }
}
