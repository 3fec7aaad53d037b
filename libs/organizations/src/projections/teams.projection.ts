import { Filter, Projection, ProjectionWriter, RecordedEvent } from '@docs/platform';
import { MemberRemoved } from '../domain/organization';
import { TeamCreated, TeamDeleted, TeamMemberAdded, TeamMemberRemoved, TeamMemberRoleChanged, TeamRenamed, TeamRole } from '../domain/team';

export interface TeamDoc {
  id: string;
  organizationId: string;
  title: string;
  /** Number of team members. */
  members: number;
  /** User ids of the team's owners. */
  owners: string[];
  /** Spaces the team has access to (0 until content exists). */
  spaces: number;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export interface TeamMemberDoc {
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
  [key: string]: unknown;
}

export const teamMemberDocId = (teamId: string, userId: string) => `${teamId}:${userId}`;

/** Per organization member: how many teams they are in and how many they own (member counts, `ownTeam`). */
export interface MemberTeamStatsDoc {
  /** `<organizationId>:<userId>` */
  id: string;
  teams: number;
  ownedTeams: number;
  [key: string]: unknown;
}

export const memberTeamStatsId = (organizationId: string, userId: string) => `${organizationId}:${userId}`;

const PAGE = 500;

/** Every document of `collection` matching `field = value`, in the order of an index on those fields (paged through, so no size limit). */
async function findAll<T extends { id: string; [key: string]: unknown }>(
  w: ProjectionWriter,
  collection: string,
  where: { field: string; value: string }[],
  sortField: string,
): Promise<T[]> {
  const all: T[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await w.find<T>(collection, {
      where: where.map((f) => ({ ...f, op: 'eq' as const })),
      sort: { field: sortField, direction: 'asc' },
      after,
      limit: PAGE,
    });
    all.push(...page.items);
    if (!page.next) return all;
    after = page.next;
  }
}

const membershipsOfTeam = (w: ProjectionWriter, teamId: string) => findAll<TeamMemberDoc>(w, 'team_members', [{ field: 'teamId', value: teamId }], 'addedAt');

function withMembership(team: TeamDoc, userId: string, role: TeamRole | null, wasMember: boolean, at: string): TeamDoc {
  const owners = team.owners.filter((id) => id !== userId);
  if (role === 'owner') owners.push(userId);
  const delta = (role !== null ? 1 : 0) - (wasMember ? 1 : 0);
  return { ...team, owners, members: Math.max(0, team.members + delta), updatedAt: at };
}

/** Recounts a member's team facts after their memberships changed in this batch (two counters). */
async function refreshStats(w: ProjectionWriter, organizationId: string, userId: string): Promise<void> {
  const member: Filter[] = [
    { field: 'organizationId', op: 'eq', value: organizationId },
    { field: 'userId', op: 'eq', value: userId },
  ];
  const teams = (await w.find('team_members', { where: member, limit: 1 })).count;
  const id = memberTeamStatsId(organizationId, userId);
  if (teams === 0) {
    w.delete('member_team_stats', id);
    return;
  }
  const ownedTeams = (await w.find('team_members', { where: [...member, { field: 'role', op: 'eq', value: 'owner' }], limit: 1 })).count;
  w.put('member_team_stats', { id, teams, ownedTeams } satisfies MemberTeamStatsDoc);
}

/** Teams of organizations, their memberships, and each member's team counts. */
export const teamsProjection: Projection = {
  name: 'teams',
  version: 2,
  collections: [
    // GET .../teams: by organization, oldest first; `title` searches the folded title within it.
    { name: 'teams', indexes: [['organizationId', 'createdAt']], search: ['title'], counts: [['organizationId']] },
    {
      name: 'team_members',
      indexes: [
        // GET .../teams/{teamId}/members, in joining order.
        ['teamId', 'addedAt'],
        // GET .../members/{userId}/teams, and the teams a member owns (the `owner` filter of the team list).
        ['organizationId', 'userId', 'teamCreatedAt'],
        ['organizationId', 'userId', 'role', 'teamCreatedAt'],
      ],
      search: ['teamTitle'],
      counts: [['teamId'], ['organizationId', 'userId'], ['organizationId', 'userId', 'role']],
    },
    { name: 'member_team_stats' },
  ],
  handles: ['TeamCreated', 'TeamRenamed', 'TeamDeleted', 'TeamMemberAdded', 'TeamMemberRoleChanged', 'TeamMemberRemoved', 'MemberRemoved'],
  async apply(event: RecordedEvent, w) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'TeamCreated': {
        const { organizationId, teamId, title } = (event as unknown as TeamCreated).data;
        w.put('teams', { id: teamId, organizationId, title, members: 0, owners: [], spaces: 0, createdAt: at, updatedAt: at } satisfies TeamDoc);
        return;
      }
      case 'TeamRenamed': {
        const { teamId, title } = (event as unknown as TeamRenamed).data;
        await w.update<TeamDoc>('teams', teamId, (doc) => doc && { ...doc, title, updatedAt: at });
        for (const m of await membershipsOfTeam(w, teamId)) {
          w.put('team_members', { ...m, teamTitle: title });
        }
        return;
      }
      case 'TeamDeleted': {
        const { teamId } = (event as unknown as TeamDeleted).data;
        w.delete('teams', teamId);
        for (const m of await membershipsOfTeam(w, teamId)) {
          w.delete('team_members', m.id);
          await refreshStats(w, m.organizationId, m.userId);
        }
        return;
      }
      case 'TeamMemberAdded':
      case 'TeamMemberRoleChanged': {
        const { organizationId, teamId, userId, role } = (event as unknown as TeamMemberAdded | TeamMemberRoleChanged).data;
        const team = await w.get<TeamDoc>('teams', teamId);
        if (!team) return;
        const id = teamMemberDocId(teamId, userId);
        const existing = await w.get<TeamMemberDoc>('team_members', id);
        if (!existing && event.type === 'TeamMemberRoleChanged') return;
        w.put('team_members', {
          id, organizationId, teamId, userId, role, teamTitle: team.title, teamCreatedAt: team.createdAt, addedAt: existing?.addedAt ?? at,
        } satisfies TeamMemberDoc);
        w.put('teams', withMembership(team, userId, role, existing !== null, at));
        await refreshStats(w, organizationId, userId);
        return;
      }
      case 'TeamMemberRemoved': {
        const { organizationId, teamId, userId } = (event as unknown as TeamMemberRemoved).data;
        const id = teamMemberDocId(teamId, userId);
        if (!(await w.get<TeamMemberDoc>('team_members', id))) return;
        w.delete('team_members', id);
        await w.update<TeamDoc>('teams', teamId, (team) => team && withMembership(team, userId, null, true, at));
        await refreshStats(w, organizationId, userId);
        return;
      }
      case 'MemberRemoved': {
        // Leaving the organization ends every team membership there.
        const { organizationId, userId } = (event as unknown as MemberRemoved).data;
        const memberships = await findAll<TeamMemberDoc>(
          w,
          'team_members',
          [
            { field: 'organizationId', value: organizationId },
            { field: 'userId', value: userId },
          ],
          'teamCreatedAt',
        );
        for (const m of memberships) {
          w.delete('team_members', m.id);
          await w.update<TeamDoc>('teams', m.teamId, (team) => team && withMembership(team, userId, null, true, at));
        }
        w.delete('member_team_stats', memberTeamStatsId(organizationId, userId));
        return;
      }
    }
  },
};
