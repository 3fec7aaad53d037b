import { Injectable } from '@nestjs/common';
import { ReadModels } from '@docs/platform';
import { MemberTeamStatsDoc, memberTeamStatsId } from '../projections/teams.projection';

export interface MemberTeamFacts {
  count: number;
  ownsTeam: boolean;
}

const facts = (stats: MemberTeamStatsDoc | null | undefined): MemberTeamFacts => ({
  count: stats?.teams ?? 0,
  ownsTeam: (stats?.ownedTeams ?? 0) > 0,
});

/**
 * The organization context's small query interface over team memberships: how many teams a member
 * belongs to and whether they own one (member `teams` counts, organization `permissions.ownTeam`),
 * read from per-member counts the teams projection keeps.
 */
@Injectable()
export class TeamDirectory {
  constructor(private readonly readModels: ReadModels) {}

  async teamsOf(organizationId: string, userId: string): Promise<MemberTeamFacts> {
    return facts(await this.readModels.get<MemberTeamStatsDoc>('member_team_stats', memberTeamStatsId(organizationId, userId)));
  }

  /** The same for several members of one organization, in one read. */
  async teamsOfMany(organizationId: string, userIds: string[]): Promise<Map<string, MemberTeamFacts>> {
    const stats = await this.readModels.getMany<MemberTeamStatsDoc>('member_team_stats', userIds.map((u) => memberTeamStatsId(organizationId, u)));
    const byId = new Map(stats.map((s) => [s.id, s]));
    return new Map(userIds.map((u) => [u, facts(byId.get(memberTeamStatsId(organizationId, u)))]));
  }
}
