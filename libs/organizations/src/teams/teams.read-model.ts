import {
  defineReadModel,
  Doc,
  everyItem,
  Filter,
  FindResult,
  found,
  OLDEST_FIRST,
  Page,
  ReadModels,
  Provided,
} from '@docs/platform/projections';
import { TeamRole } from './team.decider';

/** The teams read model: teams, their memberships, and each organization member's team counts. */

export interface TeamDoc extends Doc {
  organizationId: string;
  title: string;
  /** Number of team members. */
  members: number;
  /** User ids of the team's owners. */
  owners: string[];
  /** Always 0, kept for the stored shape: answers count spaces through SpaceCounts (TeamViews). */
  spaces: number;
  createdAt: string;
  updatedAt: string;
}

export interface TeamMemberDoc extends Doc {
  /** `<teamId>:<userId>` */
  id: string;
  organizationId: string;
  teamId: string;
  userId: string;
  role: TeamRole;
  /** The team's title, copied so a member's teams can be filtered by title. */
  teamTitle: string;
  /** The team's creation time, copied so a member's teams list in the same order as the teams. */
  teamCreatedAt: string;
  addedAt: string;
}

/** Per organization member: how many teams they are in and how many they own (member counts, `ownTeam`). */
export interface MemberTeamStatsDoc extends Doc {
  /** `<organizationId>:<userId>` */
  id: string;
  teams: number;
  ownedTeams: number;
}

export const teamMemberDocId = (teamId: string, userId: string) => `${teamId}:${userId}`;
export const memberTeamStatsId = (organizationId: string, userId: string) => `${organizationId}:${userId}`;

// GET .../teams: by organization, oldest first; `title` searches the folded title within it.
export const TEAMS = defineReadModel<TeamDoc>({
  name: 'teams',
  lists: [['organizationId', 'createdAt']],
  search: ['title'],
});

export const TEAM_MEMBERS = defineReadModel<TeamMemberDoc>({
  name: 'team_members',
  lists: [
    // GET .../teams/{teamId}/members, in joining order.
    ['teamId', 'addedAt'],
    // GET .../members/{userId}/teams, and the teams a member owns (the `owner` filter of the team list).
    ['organizationId', 'userId', 'teamCreatedAt'],
    ['organizationId', 'userId', 'role', 'teamCreatedAt'],
  ],
  search: ['teamTitle'],
});

export const MEMBER_TEAM_STATS = defineReadModel<MemberTeamStatsDoc>({ name: 'member_team_stats' });

export interface MemberTeamFacts {
  count: number;
  ownsTeam: boolean;
}

const teamFacts = (stats: MemberTeamStatsDoc | null | undefined): MemberTeamFacts => ({
  count: stats?.teams ?? 0,
  ownsTeam: (stats?.ownedTeams ?? 0) > 0,
});

/**
 * The queries over the teams read model. Also the organization context's small query interface
 * over team memberships: how many teams a member belongs to and whether they own one.
 * Every list is one index range (docs/read-models.md).
 */
@Provided()
export class TeamsReadModel {
  constructor(private readonly readModels: ReadModels) {}

  /** The team, if it belongs to the organization; 404 otherwise. */
  async team(organizationId: string, teamId: string): Promise<TeamDoc> {
    return found(await this.readModels.getIn(TEAMS, teamId, 'organizationId', organizationId), 'team not found');
  }

  /** The organization's teams, oldest first; `title` a case-insensitive substring. */
  teams(organizationId: string, title: string | undefined, page: Page): Promise<FindResult<TeamDoc>> {
    const where: Filter[] = [{ field: 'organizationId', op: 'eq', value: organizationId }];
    if (title !== undefined) where.push({ field: 'title', op: 'ilike', value: title });
    return this.readModels.find(TEAMS, { where, sort: OLDEST_FIRST, ...page });
  }

  /** A member's memberships (all, or those with `role`), in the teams' order; `title` filters the team title. */
  memberships(
    organizationId: string,
    userId: string,
    filter: { role?: TeamRole; title?: string },
    page: Page,
  ): Promise<FindResult<TeamMemberDoc>> {
    const where: Filter[] = [
      { field: 'organizationId', op: 'eq', value: organizationId },
      { field: 'userId', op: 'eq', value: userId },
    ];
    if (filter.role !== undefined) where.push({ field: 'role', op: 'eq', value: filter.role });
    if (filter.title !== undefined) where.push({ field: 'teamTitle', op: 'ilike', value: filter.title });
    return this.readModels.find(TEAM_MEMBERS, { where, sort: { field: 'teamCreatedAt', direction: 'asc' }, ...page });
  }

  /** A team's memberships, in the order they joined. */
  members(teamId: string, page: Page): Promise<FindResult<TeamMemberDoc>> {
    return this.readModels.findIn(TEAM_MEMBERS, 'teamId', teamId, { field: 'addedAt', direction: 'asc' }, page);
  }

  /** Teams by id (missing ones left out). */
  teamsById(ids: string[]): Promise<TeamDoc[]> {
    return this.readModels.getMany(TEAMS, ids);
  }

  /** The ids of every team the user is in, in that organization. */
  async teamIdsOf(organizationId: string, userId: string): Promise<string[]> {
    return (await everyItem((page) => this.memberships(organizationId, userId, {}, page), 1000)).map((m) => m.teamId);
  }

  async teamsOf(organizationId: string, userId: string): Promise<MemberTeamFacts> {
    return teamFacts(await this.readModels.get(MEMBER_TEAM_STATS, memberTeamStatsId(organizationId, userId)));
  }

  /** The same for several members of one organization, in one read. */
  async teamsOfMany(organizationId: string, userIds: string[]): Promise<Map<string, MemberTeamFacts>> {
    const stats = await this.readModels.getMany(
      MEMBER_TEAM_STATS,
      userIds.map((u) => memberTeamStatsId(organizationId, u)),
    );
    const byId = new Map(stats.map((s) => [s.id, s]));
    return new Map(userIds.map((u) => [u, teamFacts(byId.get(memberTeamStatsId(organizationId, u)))]));
  }
}
