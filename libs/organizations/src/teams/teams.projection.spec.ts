import { occurred, projectionSpecPerTest } from '@docs/platform/testing';
import { MemberRemoved } from '../organizations/organization.decider';
import { TeamEvent, TeamRole } from './team.decider';
import { teamsProjection } from './teams.projection';
import { MEMBER_TEAM_STATS, memberTeamStatsId, TEAM_MEMBERS, teamMemberDocId, TEAMS, TeamsReadModel } from './teams.read-model';

const T1 = '2024-01-01T00:00:00.000Z';
const T2 = '2024-01-02T00:00:00.000Z';
const T3 = '2024-01-03T00:00:00.000Z';
const T4 = '2024-01-04T00:00:00.000Z';
const org = 'o1';

const created = (teamId: string, title: string): TeamEvent => ({ type: 'TeamCreated', data: { organizationId: org, teamId, title } });
const added = (teamId: string, userId: string, role: TeamRole = 'member'): TeamEvent => ({
  type: 'TeamMemberAdded',
  data: { organizationId: org, teamId, userId, role },
});
const roleChanged = (teamId: string, userId: string, role: TeamRole): TeamEvent => ({
  type: 'TeamMemberRoleChanged',
  data: { organizationId: org, teamId, userId, role },
});
const removed = (teamId: string, userId: string): TeamEvent => ({
  type: 'TeamMemberRemoved',
  data: { organizationId: org, teamId, userId },
});
const leftOrganization = (userId: string): MemberRemoved => ({ type: 'MemberRemoved', data: { organizationId: org, userId } });
/** Two teams: ann owns t1 and is a member of t2, bob is a member of t1. */
const twoTeams = occurred(
  T1,
  created('t1', 'Writers'),
  created('t2', 'Editors'),
  added('t1', 'ann', 'owner'),
  added('t2', 'ann'),
  added('t1', 'bob'),
);

describe('teams projection', () => {
  const spec = projectionSpecPerTest(teamsProjection);

  const stats = (userId: string) => spec.readModels.get(MEMBER_TEAM_STATS, memberTeamStatsId(org, userId));
  const membersOf = async (teamId: string) => (await new TeamsReadModel(spec.readModels).members(teamId, { limit: 10 })).items;

  it('keeps a team with its member count and owners, and each membership', async () => {
    await spec.given([
      ...occurred(T1, created('t1', 'Writers')),
      ...occurred(T2, added('t1', 'ann', 'owner')),
      ...occurred(T3, added('t1', 'bob')),
    ]);
    expect(await spec.readModels.get(TEAMS, 't1')).toEqual({
      id: 't1',
      organizationId: org,
      title: 'Writers',
      members: 2,
      owners: ['ann'],
      spaces: 0,
      createdAt: T1,
      updatedAt: T3,
    });
    expect(await spec.readModels.get(TEAM_MEMBERS, teamMemberDocId('t1', 'ann'))).toEqual({
      id: 't1:ann',
      organizationId: org,
      teamId: 't1',
      userId: 'ann',
      role: 'owner',
      teamTitle: 'Writers',
      teamCreatedAt: T1,
      addedAt: T2,
    });
    expect((await membersOf('t1')).map((m) => m.userId)).toEqual(['ann', 'bob']);
    expect(await stats('ann')).toEqual({ id: 'o1:ann', teams: 1, ownedTeams: 1 });
    expect(await stats('bob')).toEqual({ id: 'o1:bob', teams: 1, ownedTeams: 0 });
  });

  it('follows role changes and removals in the owners, counts and stats', async () => {
    await spec.given([
      ...occurred(T1, created('t1', 'Writers'), added('t1', 'ann', 'owner'), added('t1', 'bob')),
      ...occurred(T2, roleChanged('t1', 'ann', 'member'), roleChanged('t1', 'bob', 'owner')),
      ...occurred(T3, removed('t1', 'ann')),
    ]);
    expect(await spec.readModels.get(TEAMS, 't1')).toMatchObject({ members: 1, owners: ['bob'], updatedAt: T3 });
    expect(await spec.readModels.get(TEAM_MEMBERS, teamMemberDocId('t1', 'bob'))).toMatchObject({ role: 'owner', addedAt: T1 });
    expect(await spec.readModels.get(TEAM_MEMBERS, teamMemberDocId('t1', 'ann'))).toBeNull();
    expect(await stats('ann')).toBeNull();
    expect(await stats('bob')).toEqual({ id: 'o1:bob', teams: 1, ownedTeams: 1 });
  });

  it('ignores role changes and removals of non-members, and events of unknown teams', async () => {
    await spec.given([
      ...occurred(T1, created('t1', 'Writers')),
      ...occurred(T2, roleChanged('t1', 'zed', 'owner'), removed('t1', 'zed'), added('t9', 'ann')),
    ]);
    expect(await spec.readModels.get(TEAMS, 't1')).toMatchObject({ members: 0, owners: [], updatedAt: T1 });
    expect(await membersOf('t1')).toEqual([]);
    expect(await spec.readModels.get(TEAM_MEMBERS, teamMemberDocId('t9', 'ann'))).toBeNull();
    expect(await stats('ann')).toBeNull();
  });

  it('copies a new title into the memberships', async () => {
    await spec.given([
      ...occurred(T1, created('t1', 'Writers'), added('t1', 'ann')),
      ...occurred(T2, { type: 'TeamRenamed', data: { organizationId: org, teamId: 't1', title: 'Editors' } }),
    ]);
    expect(await spec.readModels.get(TEAMS, 't1')).toMatchObject({ title: 'Editors', updatedAt: T2 });
    expect(await spec.readModels.get(TEAM_MEMBERS, teamMemberDocId('t1', 'ann'))).toMatchObject({ teamTitle: 'Editors' });
  });

  it('ends the memberships of a deleted team', async () => {
    await spec.given([...twoTeams, ...occurred(T2, { type: 'TeamDeleted', data: { organizationId: org, teamId: 't1' } })]);
    expect(await spec.readModels.get(TEAMS, 't1')).toBeNull();
    expect(await membersOf('t1')).toEqual([]);
    expect(await stats('ann')).toEqual({ id: 'o1:ann', teams: 1, ownedTeams: 0 });
    expect(await stats('bob')).toBeNull();
  });

  it('ends every team membership of someone who leaves the organization', async () => {
    await spec.given([...twoTeams, ...occurred(T4, leftOrganization('ann'))]);
    expect(await spec.readModels.get(TEAMS, 't1')).toMatchObject({ members: 1, owners: [], updatedAt: T4 });
    expect(await spec.readModels.get(TEAMS, 't2')).toMatchObject({ members: 0, updatedAt: T4 });
    expect(await spec.readModels.get(TEAM_MEMBERS, teamMemberDocId('t1', 'ann'))).toBeNull();
    expect(await stats('ann')).toBeNull();
    expect(await stats('bob')).toEqual({ id: 'o1:bob', teams: 1, ownedTeams: 0 });
  });

  it('lists the teams of an organization oldest first, and finds them by title', async () => {
    await spec.given([
      ...occurred(T1, created('t1', 'Writers')),
      ...occurred(T2, created('t2', 'Editors')),
      ...occurred(T3, created('t3', 'Technical writers')),
    ]);
    const teams = new TeamsReadModel(spec.readModels);
    expect((await teams.teams(org, undefined, { limit: 10 })).items.map((t) => t.id)).toEqual(['t1', 't2', 't3']);
    expect((await teams.teams(org, 'WRITER', { limit: 10 })).items.map((t) => t.id)).toEqual(['t1', 't3']);
  });
});
