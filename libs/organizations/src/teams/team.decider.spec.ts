import { deciderSpec, recorded } from '@docs/kernel/testing';
import { OrgFacts, TeamCommand, TeamEvent, teamAggregate, TeamRole } from './team.decider';

const org = 'org1';
const teamId = 't1';
const JOINED = '2024-01-01T00:00:00.000Z';

/** Organization facts: `admin` is an org admin; every listed user joined the org at JOINED. */
const facts = (actorId: string, members: string[] = ['admin', 'ann', 'bob', 'cat'], joinedAt = JOINED): OrgFacts => ({
  actorId,
  actorRole: actorId === 'admin' ? 'admin' : 'read',
  orgMembers: new Map(members.map((m) => [m, joinedAt])),
});

const created: TeamEvent = { type: 'TeamCreated', data: { organizationId: org, teamId, title: 'Writers' } };
const deleted: TeamEvent = { type: 'TeamDeleted', data: { organizationId: org, teamId } };
/** A membership that began at `when` (after everyone joined the organization, by default). */
const added = (userId: string, role: TeamRole = 'member', when = '2024-02-01T00:00:00.000Z') =>
  recorded<TeamEvent>({ type: 'TeamMemberAdded', data: { organizationId: org, teamId, userId, role } }, { occurredAt: when });
const memberAdded = (userId: string, role: TeamRole = 'member'): TeamEvent => ({
  type: 'TeamMemberAdded',
  data: { organizationId: org, teamId, userId, role },
});

const update = (add: string[], remove: string[], roles: Record<string, TeamRole> = {}): TeamCommand => ({
  type: 'UpdateTeamMembers',
  organizationId: org,
  add,
  remove,
  roles: new Map(Object.entries(roles)),
});
const create = (members: string[]): TeamCommand => ({ type: 'CreateTeam', organizationId: org, teamId, title: 'Writers', members });
const set = (userId: string, role: TeamRole): TeamCommand => ({ type: 'SetTeamMember', organizationId: org, userId, role });
const remove = (userId: string): TeamCommand => ({ type: 'RemoveTeamMember', organizationId: org, userId });

const team = deciderSpec(teamAggregate);

describe('team aggregate', () => {
  describe('CreateTeam', () => {
    it('creates the team and adds its members once each', () => {
      team
        .given([])
        .when(create(['ann', 'ann', 'bob']), facts('admin'))
        .then([created, memberAdded('ann'), memberAdded('bob')]);
    });

    it('is for organization admins only', () => {
      team
        .given([])
        .when(create([]), facts('ann'))
        .thenFails('forbidden', /admins/);
    });

    it('rejects members from outside the organization, naming them', () => {
      team
        .given([])
        .when(create(['ann', 'zed']), facts('admin'))
        .thenFails('invalid', /members: .*zed/);
    });

    it('does not create a team twice', () => {
      team.given([created]).when(create([]), facts('admin')).thenFails('conflict');
    });
  });

  describe('RenameTeam and DeleteTeam', () => {
    it('renames, and does nothing for the same title', () => {
      team
        .given([created])
        .when({ type: 'RenameTeam', organizationId: org, title: 'Editors' }, facts('admin'))
        .then([{ type: 'TeamRenamed', data: { organizationId: org, teamId, title: 'Editors' } }]);
      team.given([created]).when({ type: 'RenameTeam', organizationId: org, title: 'Writers' }, facts('admin')).thenNothing();
    });

    it('answers not found for unknown, deleted or foreign teams before checking rights', () => {
      team
        .given([])
        .when({ type: 'RenameTeam', organizationId: org, title: 'X' }, facts('ann'))
        .thenFails('not_found', /team not found/);
      team.given([created, deleted]).when({ type: 'DeleteTeam', organizationId: org }, facts('admin')).thenFails('not_found');
      team.given([created]).when({ type: 'DeleteTeam', organizationId: 'other' }, facts('admin')).thenFails('not_found');
    });

    it('keeps renaming and deleting to admins, even for team owners', () => {
      const owned = team.given([created, added('ann', 'owner')]);
      owned.when({ type: 'RenameTeam', organizationId: org, title: 'X' }, facts('ann')).thenFails('forbidden');
      owned.when({ type: 'DeleteTeam', organizationId: org }, facts('ann')).thenFails('forbidden');
      owned.when({ type: 'DeleteTeam', organizationId: org }, facts('admin')).then([deleted]);
    });
  });

  describe('UpdateTeamMembers', () => {
    it('adds, changes roles and removes; a user in add and remove ends up removed', () => {
      team
        .given([created, added('ann'), added('bob')])
        .when(update(['cat', 'bob', 'admin'], ['bob', 'admin'], { ann: 'owner', cat: 'owner' }), facts('admin'))
        .then([
          memberAdded('cat', 'owner'),
          { type: 'TeamMemberRoleChanged', data: { organizationId: org, teamId, userId: 'ann', role: 'owner' } },
          { type: 'TeamMemberRemoved', data: { organizationId: org, teamId, userId: 'bob' } },
        ]);
    });

    it('ignores adding current members and removing non-members', () => {
      team
        .given([created, added('ann')])
        .when(update(['ann'], ['bob']), facts('admin'))
        .thenNothing();
    });

    it('rejects adding organization outsiders and roles for non-members', () => {
      team
        .given([created])
        .when(update(['zed'], []), facts('admin'))
        .thenFails('invalid', /add: .*zed/);
      team
        .given([created])
        .when(update([], [], { bob: 'owner' }), facts('admin'))
        .thenFails('invalid', /memberships: bob is not a member/);
    });

    it('lets team owners manage members; other members are forbidden', () => {
      const state = team.given([created, added('ann', 'owner'), added('bob')]);
      state.when(update(['cat'], []), facts('ann')).then([memberAdded('cat')]);
      state.when(update(['cat'], []), facts('bob')).thenFails('forbidden', /team owners/);
    });

    it('treats memberships from before the user last joined the organization as ended', () => {
      // ann owned the team, left the organization and joined again later.
      const state = team.given([created, added('ann', 'owner', '2024-02-01T00:00:00.000Z')]);
      const rejoined = { ...facts('ann'), orgMembers: new Map([...facts('ann').orgMembers, ['ann', '2024-03-01T00:00:00.000Z']]) };
      state.when(update(['bob'], []), rejoined).thenFails('forbidden');
      state.when(update(['ann'], []), { ...rejoined, actorId: 'admin', actorRole: 'admin' }).then([memberAdded('ann')]);
    });
  });

  describe('user ids named like Object.prototype members (issue #7)', () => {
    const PROTOTYPE_NAMES = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', 'isPrototypeOf'];

    it.each(PROTOTYPE_NAMES)('CreateTeam rejects %s as a member: it is nobody in the organization', (name) => {
      team
        .given([])
        .when(create(['ann', name]), facts('admin'))
        .thenFails('invalid', new RegExp(`members: .*${name}`));
    });

    it.each(PROTOTYPE_NAMES)('UpdateTeamMembers rejects %s in add or with a role, and ignores removing it', (name) => {
      const state = team.given([created, added('ann')]);
      state.when(update([name], []), facts('admin')).thenFails('invalid', /add: /);
      // JSON.parse makes even `__proto__` an own key, as in a request body.
      state.when(update([], [], JSON.parse(`{"${name}":"owner"}`)), facts('admin')).thenFails('invalid', /memberships: /);
      state.when(update([], [name]), facts('admin')).thenNothing();
    });

    it.each(PROTOTYPE_NAMES)('SetTeamMember rejects %s and RemoveTeamMember does not find it', (name) => {
      const state = team.given([created, added('ann')]);
      state.when(set(name, 'member'), facts('admin')).thenFails('invalid', new RegExp(name));
      state.when(remove(name), facts('admin')).thenFails('not_found');
    });
  });

  describe('SetTeamMember and RemoveTeamMember', () => {
    it('adds a new member with the role, or changes an existing role, or does nothing', () => {
      const state = team.given([created, added('ann')]);
      state.when(set('bob', 'owner'), facts('admin')).then([memberAdded('bob', 'owner')]);
      state
        .when(set('ann', 'owner'), facts('admin'))
        .then([{ type: 'TeamMemberRoleChanged', data: { organizationId: org, teamId, userId: 'ann', role: 'owner' } }]);
      state.when(set('ann', 'member'), facts('admin')).thenNothing();
      state.when(set('zed', 'member'), facts('admin')).thenFails('invalid', /zed/);
    });

    it('removes a member; removing a non-member is not found', () => {
      const state = team.given([created, added('ann')]);
      state.when(remove('ann'), facts('admin')).then([{ type: 'TeamMemberRemoved', data: { organizationId: org, teamId, userId: 'ann' } }]);
      state.when(remove('bob'), facts('admin')).thenFails('not_found', /team member not found/);
      state.when(remove('ann'), facts('bob')).thenFails('forbidden');
    });
  });

  describe('evolve', () => {
    it('keeps when each membership began, and drops removed members', () => {
      const state = team
        .given([
          created,
          added('ann', 'member', '2024-02-01T00:00:00.000Z'),
          added('bob', 'member', '2024-02-02T00:00:00.000Z'),
          { type: 'TeamMemberRoleChanged', data: { organizationId: org, teamId, userId: 'ann', role: 'owner' } },
          { type: 'TeamMemberRemoved', data: { organizationId: org, teamId, userId: 'bob' } },
        ])
        .state();
      expect(state).toMatchObject({ status: 'active', teamId, organizationId: org, title: 'Writers' });
      expect([...state.members]).toEqual([['ann', { role: 'owner', since: '2024-02-01T00:00:00.000Z' }]]);
    });
  });
});
