import { defineProjection, everyItem, Filter, ProjectionWriter, touchDoc } from '@docs/platform/projections';
import { MemberRemoved } from '../organizations/organization.decider';
import { TeamEvent, TeamRole } from './team.decider';
import { MEMBER_TEAM_STATS, memberTeamStatsId, TEAM_MEMBERS, TeamDoc, TeamMemberDoc, teamMemberDocId, TEAMS } from './teams.read-model';

const PAGE = 500;

/** Every membership matching `where`, in the order of an index on those fields (paged through, so no size limit). */
function allMemberships(w: ProjectionWriter, where: Filter[], sortField: string): Promise<TeamMemberDoc[]> {
  return everyItem((page) => w.find(TEAM_MEMBERS, { where, sort: { field: sortField, direction: 'asc' }, ...page }), PAGE);
}

const membershipsOfTeam = (w: ProjectionWriter, teamId: string) =>
  allMemberships(w, [{ field: 'teamId', op: 'eq', value: teamId }], 'addedAt');

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
  const teams = (await w.find(TEAM_MEMBERS, { where: member, limit: 1 })).count;
  const id = memberTeamStatsId(organizationId, userId);
  if (teams === 0) {
    w.delete(MEMBER_TEAM_STATS, id);
    return;
  }
  const ownedTeams = (await w.find(TEAM_MEMBERS, { where: [...member, { field: 'role', op: 'eq', value: 'owner' }], limit: 1 })).count;
  w.put(MEMBER_TEAM_STATS, { id, teams, ownedTeams });
}

async function setMembership(
  w: ProjectionWriter,
  data: { organizationId: string; teamId: string; userId: string; role: TeamRole },
  at: string,
  mayAdd: boolean,
) {
  const { organizationId, teamId, userId, role } = data;
  const team = await w.get(TEAMS, teamId);
  if (!team) return;
  const id = teamMemberDocId(teamId, userId);
  const existing = await w.get(TEAM_MEMBERS, id);
  if (!existing && !mayAdd) return;
  w.put(TEAM_MEMBERS, {
    id,
    organizationId,
    teamId,
    userId,
    role,
    teamTitle: team.title,
    teamCreatedAt: team.createdAt,
    addedAt: existing?.addedAt ?? at,
  });
  w.put(TEAMS, withMembership(team, userId, role, existing !== null, at));
  await refreshStats(w, organizationId, userId);
}

/** Teams of organizations, their memberships, and each member's team counts. */
export const teamsProjection = defineProjection<TeamEvent | MemberRemoved>({
  name: 'teams',
  version: 2,
  collections: [TEAMS, TEAM_MEMBERS, MEMBER_TEAM_STATS],
  on: {
    TeamCreated({ data: { organizationId, teamId, title }, metadata: { occurredAt } }, w) {
      w.put(TEAMS, { id: teamId, organizationId, title, members: 0, owners: [], spaces: 0, createdAt: occurredAt, updatedAt: occurredAt });
    },
    async TeamRenamed({ data: { teamId, title }, metadata: { occurredAt } }, w) {
      await touchDoc(w, TEAMS, teamId, occurredAt, () => ({ title }));
      for (const m of await membershipsOfTeam(w, teamId)) w.put(TEAM_MEMBERS, { ...m, teamTitle: title });
    },
    async TeamDeleted({ data: { teamId } }, w) {
      w.delete(TEAMS, teamId);
      for (const m of await membershipsOfTeam(w, teamId)) {
        w.delete(TEAM_MEMBERS, m.id);
        await refreshStats(w, m.organizationId, m.userId);
      }
    },
    TeamMemberAdded: ({ data, metadata }, w) => setMembership(w, data, metadata.occurredAt, true),
    TeamMemberRoleChanged: ({ data, metadata }, w) => setMembership(w, data, metadata.occurredAt, false),
    async TeamMemberRemoved({ data: { organizationId, teamId, userId }, metadata: { occurredAt } }, w) {
      const id = teamMemberDocId(teamId, userId);
      if (!(await w.get(TEAM_MEMBERS, id))) return;
      w.delete(TEAM_MEMBERS, id);
      await w.update(TEAMS, teamId, (team) => team && withMembership(team, userId, null, true, occurredAt));
      await refreshStats(w, organizationId, userId);
    },
    // Leaving the organization ends every team membership there.
    async MemberRemoved({ data: { organizationId, userId }, metadata: { occurredAt } }, w) {
      const where: Filter[] = [
        { field: 'organizationId', op: 'eq', value: organizationId },
        { field: 'userId', op: 'eq', value: userId },
      ];
      for (const m of await allMemberships(w, where, 'teamCreatedAt')) {
        w.delete(TEAM_MEMBERS, m.id);
        await w.update(TEAMS, m.teamId, (team) => team && withMembership(team, userId, null, true, occurredAt));
      }
      w.delete(MEMBER_TEAM_STATS, memberTeamStatsId(organizationId, userId));
    },
  },
});
