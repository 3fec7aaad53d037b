import { Injectable } from '@nestjs/common';
import { MemberDoc, OrganizationsReadModel } from '../projections/organizations.read-model';
import { TeamsReadModel } from '../projections/teams.read-model';
import { OrganizationScope } from './organization-scope';

/** A member document with its team facts filled in from the teams read model. */
export type MemberView = MemberDoc & { teams: number; ownsTeam: boolean };

/** Adds what the member documents do not hold themselves: how many teams a member is in, and whether they own one. */
@Injectable()
export class MemberViews {
  constructor(
    private readonly teams: TeamsReadModel,
    private readonly organizations: OrganizationsReadModel,
  ) {}

  async of(member: MemberDoc): Promise<MemberView> {
    const { count, ownsTeam } = await this.teams.teamsOf(member.organizationId, member.userId);
    return { ...member, teams: count, ownsTeam };
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
    const facts = new Map<string, { count: number; ownsTeam: boolean }>();
    for (const [organizationId, userIds] of byOrganization) {
      for (const [userId, f] of await this.teams.teamsOfMany(organizationId, userIds)) facts.set(`${organizationId}:${userId}`, f);
    }
    // Read-model documents are shared and frozen (the read store's document cache): views are copies.
    return members.map((m) => {
      const f = facts.get(`${m.organizationId}:${m.userId}`)!;
      return { ...m, teams: f.count, ownsTeam: f.ownsTeam };
    });
  }
}
