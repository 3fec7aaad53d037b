import { Injectable } from '@nestjs/common';
import { MemberDoc, OrganizationsReadModel } from '../projections/organizations.read-model';
import { TeamsReadModel } from '../projections/teams.read-model';
import { OrganizationScope } from './organization-scope';
import { SpaceCounts } from './space-counts';

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
  /** How many spaces the member can see (SpaceCounts). */
  spaces: number;
}

/**
 * Adds what the member documents do not hold themselves: how many teams a member is in, whether
 * they own one, and how many spaces they can see.
 */
@Injectable()
export class MemberViews {
  constructor(
    private readonly teams: TeamsReadModel,
    private readonly organizations: OrganizationsReadModel,
    private readonly spaceCounts: SpaceCounts,
  ) {}

  async of(member: MemberDoc): Promise<MemberView> {
    const [{ count, ownsTeam }, spaces] = await Promise.all([
      this.teams.teamsOf(member.organizationId, member.userId),
      this.spaceCounts.ofMembers(member.organizationId, [member]),
    ]);
    return { member, teams: count, ownsTeam, spaces: spaces.get(member.userId) ?? 0 };
  }

  /** A member of the scope's organization after a write that changed their membership. */
  async changed(scope: OrganizationScope, userId: string): Promise<MemberView> {
    if (userId !== scope.actor) return this.of(await this.organizations.member(scope.organizationId, userId));
    // The caller changed their own membership: the scope looks it up again.
    scope.refresh();
    return this.of(await scope.member());
  }

  /** Members of any organizations, with one read of team facts and one of space counts per organization. */
  async all(members: MemberDoc[]): Promise<MemberView[]> {
    const byOrganization = new Map<string, MemberDoc[]>();
    for (const m of members) {
      const inOrganization = byOrganization.get(m.organizationId);
      if (inOrganization) inOrganization.push(m);
      else byOrganization.set(m.organizationId, [m]);
    }
    const facts = new Map<string, { teams: Map<string, { count: number; ownsTeam: boolean }>; spaces: ReadonlyMap<string, number> }>();
    for (const [organizationId, inOrganization] of byOrganization) {
      const [teams, spaces] = await Promise.all([
        this.teams.teamsOfMany(organizationId, inOrganization.map((m) => m.userId)),
        this.spaceCounts.ofMembers(organizationId, inOrganization),
      ]);
      facts.set(organizationId, { teams, spaces });
    }
    return members.map((member) => {
      const { teams, spaces } = facts.get(member.organizationId)!;
      const f = teams.get(member.userId)!;
      return { member, teams: f.count, ownsTeam: f.ownsTeam, spaces: spaces.get(member.userId) ?? 0 };
    });
  }
}
