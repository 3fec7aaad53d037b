import { Injectable } from '@nestjs/common';
import { WriteKit } from '@docs/platform';
import { OrgFacts, teamAggregate, TeamCommand, TeamEvent, TeamState, usersNamedBy } from './team.decider';
import { OrganizationsReadModel } from '../organizations/organizations.read-model';
import { OrganizationResourceWriter } from '../shared/organization-resource-writer';
import { OrganizationScope } from '../shared/organization-scope';

/**
 * Writes teams. A team decision needs to know about the organization: whether the caller is an
 * admin, and which of the users the command names are members and since when.
 */
@Injectable()
export class TeamWriter extends OrganizationResourceWriter<TeamState, TeamCommand, TeamEvent, OrgFacts> {
  constructor(
    kit: WriteKit,
    private readonly organizations: OrganizationsReadModel,
  ) {
    super(kit, teamAggregate);
  }

  protected override async facts(_teamId: string, command: TeamCommand, scope: OrganizationScope): Promise<OrgFacts> {
    const actor = await scope.member();
    const named = [...new Set(usersNamedBy(command))];
    const members = await this.organizations.membersAmong(scope.organizationId, named);
    const orgMembers = new Map([[actor.userId, actor.joinedAt], ...members.map((m): [string, string] => [m.userId, m.joinedAt])]);
    return { actorId: actor.userId, actorRole: actor.role, orgMembers };
  }
}
