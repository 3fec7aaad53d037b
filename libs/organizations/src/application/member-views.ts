import { Injectable } from '@nestjs/common';
import { MemberDoc, OrganizationsReadModel } from '../projections/organizations.read-model';
import { TeamsReadModel } from '../projections/teams.read-model';
import { OrganizationScope } from './organization-scope';

/**
 * A member document with its team facts from the teams read model. The document is the read
 * store's (shared, frozen), held rather than copied: copying it per listed member was a tenth of a
 * member page's time.
 */
export interface MemberView {
  member: MemberDoc;
  /** How many of the organization's teams the member is in. */
  teams: number;
  ownsTeam: boolean;
}

/** Adds what the member documents do not hold themselves: how many teams a member is in, and whether they own one. */
@Injectable()
export class MemberViews {
  constructor(
    private readonly teams: TeamsReadModel,
    private readonly organizations: OrganizationsReadModel,
  ) {}

  async of(member: MemberDoc): Promise<MemberView> {
    const { count, ownsTeam } = await this.teams.teamsOf(member.organizationId, member.userId);
    return { member, teams: count, ownsTeam };
  }

  /** A member of the scope's organization after a write that changed their membership. */
  async changed(scope: OrganizationScope, userId: string): Promise<MemberView> {
    if (userId !== scope.actor) return this.of(await this.organizations.member(scope.organizationId, userId));
    // The caller changed their own membership: the scope looks it up again.
    scope.refresh();
    return this.of(await scope.member());
  }

  /** Members of any organizations, with one read of team facts per organization. */
  async all(members: MemberDoc[]): Promise<MemberView[]> {
    const byOrganization = new Map<string, string[]>();
    for (const m of members) {
      const userIds = byOrganization.get(m.organizationId);
      if (userIds) userIds.push(m.userId);
      else byOrganization.set(m.organizationId, [m.userId]);
    }
    const facts = new Map<string, Map<string, { count: number; ownsTeam: boolean }>>();
    for (const [organizationId, userIds] of byOrganization) facts.set(organizationId, await this.teams.teamsOfMany(organizationId, userIds));
    return members.map((member) => {
      const f = facts.get(member.organizationId)!.get(member.userId)!;
      return { member, teams: f.count, ownsTeam: f.ownsTeam };
    });
  }
}
