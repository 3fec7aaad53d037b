import { Injectable } from '@nestjs/common';
import { MemberDoc, OrganizationsReadModel } from '../organizations/organizations.read-model';
import { TeamsReadModel } from '../teams/teams.read-model';
import { OrganizationScope } from '../shared/organization-scope';
import { SpaceCounts } from '../shared/space-counts';

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

function byOrganization(members: readonly MemberDoc[]): Map<string, MemberDoc[]> {
  const grouped = new Map<string, MemberDoc[]>();
  for (const m of members) {
    const inOrganization = grouped.get(m.organizationId);
    if (inOrganization) inOrganization.push(m);
    else grouped.set(m.organizationId, [m]);
  }
  return grouped;
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

  /**
   * The team facts of members of any organizations, one read per organization: for answers that
   * show no member object (the caller's organizations), which need not count spaces.
   */
  async teamFacts(members: MemberDoc[]): Promise<Omit<MemberView, 'spaces'>[]> {
    const teams = await this.teamsByOrganization(members);
    return members.map((member) => {
      const f = teams.get(member.organizationId)!.get(member.userId)!;
      return { member, teams: f.count, ownsTeam: f.ownsTeam };
    });
  }

  /** Members of any organizations, with one read of team facts and one of space counts per organization. */
  async all(members: MemberDoc[]): Promise<MemberView[]> {
    const teams = await this.teamsByOrganization(members);
    const spaces = new Map<string, ReadonlyMap<string, number>>();
    for (const [organizationId, inOrganization] of byOrganization(members))
      spaces.set(organizationId, await this.spaceCounts.ofMembers(organizationId, inOrganization));
    // Literal objects of one shape: spreading the team facts made the presenter's reads slow.
    return members.map((member) => {
      const f = teams.get(member.organizationId)!.get(member.userId)!;
      return { member, teams: f.count, ownsTeam: f.ownsTeam, spaces: spaces.get(member.organizationId)!.get(member.userId) ?? 0 };
    });
  }

  private async teamsByOrganization(
    members: readonly MemberDoc[],
  ): Promise<Map<string, Map<string, { count: number; ownsTeam: boolean }>>> {
    const teams = new Map<string, Map<string, { count: number; ownsTeam: boolean }>>();
    for (const [organizationId, inOrganization] of byOrganization(members)) {
      teams.set(
        organizationId,
        await this.teams.teamsOfMany(
          organizationId,
          inOrganization.map((m) => m.userId),
        ),
      );
    }
    return teams;
  }
}
