import { DomainError } from '@docs/kernel';
import { decideTeam, evolveTeam, initialTeamState, OrgFacts, TeamCommand, TeamEvent, TeamState } from './team';

const org = 'org1';
const teamId = 't1';
const JOINED = '2024-01-01T00:00:00.000Z';

/** Organization facts: `admin` is an org admin; every listed user joined the org at JOINED. */
const facts = (actorId: string, members: string[] = ['admin', 'ann', 'bob', 'cat'], joinedAt = JOINED): OrgFacts => ({
  actorId,
  actorIsAdmin: actorId === 'admin',
  orgMembers: new Map(members.map((m) => [m, joinedAt])),
});

const at = (occurredAt: string) => ({ metadata: { occurredAt } });
const created: TeamEvent = { type: 'TeamCreated', data: { organizationId: org, teamId, title: 'Writers' } };
const added = (userId: string, role: 'owner' | 'member' = 'member', when = '2024-02-01T00:00:00.000Z'): TeamEvent =>
  ({ type: 'TeamMemberAdded', data: { organizationId: org, teamId, userId, role }, ...at(when) }) as TeamEvent;

const given = (...events: TeamEvent[]): TeamState => events.reduce(evolveTeam, initialTeamState());
const change = (actor: string, add: string[], remove: string[], roles: Record<string, 'owner' | 'member'> = {}): TeamCommand => ({
  type: 'ChangeTeamMembers', organizationId: org, add, remove, roles: new Map(Object.entries(roles)), facts: facts(actor),
});
function rejects(state: TeamState, command: TeamCommand, kind: DomainError['kind'], message?: RegExp): void {
  let thrown: unknown;
  try {
    decideTeam(state, command);
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(DomainError);
  expect((thrown as DomainError).kind).toBe(kind);
  if (message) expect((thrown as DomainError).message).toMatch(message);
}

describe('team decider', () => {
  describe('CreateTeam', () => {
    it('creates the team and adds its members once each', () => {
      expect(decideTeam(given(), { type: 'CreateTeam', organizationId: org, teamId, title: 'Writers', members: ['ann', 'ann', 'bob'], facts: facts('admin') })).toEqual([
        created,
        { type: 'TeamMemberAdded', data: { organizationId: org, teamId, userId: 'ann', role: 'member' } },
        { type: 'TeamMemberAdded', data: { organizationId: org, teamId, userId: 'bob', role: 'member' } },
      ]);
    });

    it('is for organization admins only', () => {
      rejects(given(), { type: 'CreateTeam', organizationId: org, teamId, title: 'W', members: [], facts: facts('ann') }, 'forbidden');
    });

    it('rejects members from outside the organization, naming them', () => {
      rejects(given(), { type: 'CreateTeam', organizationId: org, teamId, title: 'W', members: ['ann', 'zed'], facts: facts('admin') }, 'invalid', /members: .*zed/);
    });

    it('does not create a team twice', () => {
      rejects(given(created), { type: 'CreateTeam', organizationId: org, teamId, title: 'W', members: [], facts: facts('admin') }, 'conflict');
    });
  });

  describe('RenameTeam and DeleteTeam', () => {
    it('renames, and does nothing for the same title', () => {
      expect(decideTeam(given(created), { type: 'RenameTeam', organizationId: org, title: 'Editors', facts: facts('admin') })).toEqual([
        { type: 'TeamRenamed', data: { organizationId: org, teamId, title: 'Editors' } },
      ]);
      expect(decideTeam(given(created), { type: 'RenameTeam', organizationId: org, title: 'Writers', facts: facts('admin') })).toEqual([]);
    });

    it('answers not found for unknown, deleted or foreign teams before checking rights', () => {
      const deleted: TeamEvent = { type: 'TeamDeleted', data: { organizationId: org, teamId } };
      rejects(given(), { type: 'RenameTeam', organizationId: org, title: 'X', facts: facts('ann') }, 'not_found');
      rejects(given(created, deleted), { type: 'DeleteTeam', organizationId: org, facts: facts('admin') }, 'not_found');
      rejects(given(created), { type: 'DeleteTeam', organizationId: 'other', facts: facts('admin') }, 'not_found');
    });

    it('keeps renaming and deleting to admins, even for team owners', () => {
      const state = given(created, added('ann', 'owner'));
      rejects(state, { type: 'RenameTeam', organizationId: org, title: 'X', facts: facts('ann') }, 'forbidden');
      rejects(state, { type: 'DeleteTeam', organizationId: org, facts: facts('ann') }, 'forbidden');
      expect(decideTeam(state, { type: 'DeleteTeam', organizationId: org, facts: facts('admin') })).toEqual([
        { type: 'TeamDeleted', data: { organizationId: org, teamId } },
      ]);
    });
  });

  describe('ChangeTeamMembers', () => {
    it('adds, changes roles and removes; a user in add and remove ends up removed', () => {
      const state = given(created, added('ann'), added('bob'));
      expect(decideTeam(state, change('admin', ['cat', 'bob', 'admin'], ['bob', 'admin'], { ann: 'owner', cat: 'owner' }))).toEqual([
        { type: 'TeamMemberAdded', data: { organizationId: org, teamId, userId: 'cat', role: 'owner' } },
        { type: 'TeamMemberRoleChanged', data: { organizationId: org, teamId, userId: 'ann', role: 'owner' } },
        { type: 'TeamMemberRemoved', data: { organizationId: org, teamId, userId: 'bob' } },
      ]);
    });

    it('ignores adding current members and removing non-members', () => {
      expect(decideTeam(given(created, added('ann')), change('admin', ['ann'], ['bob']))).toEqual([]);
    });

    it('rejects adding organization outsiders and roles for non-members', () => {
      rejects(given(created), change('admin', ['zed'], []), 'invalid', /add: .*zed/);
      rejects(given(created), change('admin', [], [], { bob: 'owner' }), 'invalid', /memberships: bob is not a member/);
    });

    it('lets team owners manage members; other members are forbidden', () => {
      const state = given(created, added('ann', 'owner'), added('bob'));
      expect(decideTeam(state, change('ann', ['cat'], []))).toHaveLength(1);
      rejects(state, change('bob', ['cat'], []), 'forbidden', /team owners/);
    });

    it('treats memberships from before the user last joined the organization as ended', () => {
      // ann owned the team, left the organization and joined again later.
      const state = given(created, added('ann', 'owner', '2024-02-01T00:00:00.000Z'));
      const rejoined = { ...facts('ann'), orgMembers: new Map([...facts('ann').orgMembers, ['ann', '2024-03-01T00:00:00.000Z']]) };
      rejects(state, { type: 'ChangeTeamMembers', organizationId: org, add: ['bob'], remove: [], roles: new Map(), facts: rejoined }, 'forbidden');
      const adminFacts = { ...rejoined, actorId: 'admin', actorIsAdmin: true };
      expect(decideTeam(state, { type: 'ChangeTeamMembers', organizationId: org, add: ['ann'], remove: [], roles: new Map(), facts: adminFacts })).toEqual([
        { type: 'TeamMemberAdded', data: { organizationId: org, teamId, userId: 'ann', role: 'member' } },
      ]);
    });
  });

  describe('user ids named like Object.prototype members (issue #7)', () => {
    const PROTOTYPE_NAMES = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', 'isPrototypeOf'];

    it.each(PROTOTYPE_NAMES)('CreateTeam rejects %s as a member: it is nobody in the organization', (name) => {
      rejects(given(), { type: 'CreateTeam', organizationId: org, teamId, title: 'W', members: ['ann', name], facts: facts('admin') }, 'invalid', new RegExp(`members: .*${name}`));
    });

    it.each(PROTOTYPE_NAMES)('ChangeTeamMembers rejects %s in add or with a role, and ignores removing it', (name) => {
      const state = given(created, added('ann'));
      rejects(state, change('admin', [name], []), 'invalid', /add: /);
      // JSON.parse makes even `__proto__` an own key, as in a request body.
      rejects(state, change('admin', [], [], JSON.parse(`{"${name}":"owner"}`)), 'invalid', /memberships: /);
      expect(decideTeam(state, change('admin', [], [name]))).toEqual([]);
    });

    it.each(PROTOTYPE_NAMES)('SetTeamMember rejects %s and RemoveTeamMember does not find it', (name) => {
      const state = given(created, added('ann'));
      rejects(state, { type: 'SetTeamMember', organizationId: org, userId: name, role: 'member', facts: facts('admin') }, 'invalid', new RegExp(name));
      rejects(state, { type: 'RemoveTeamMember', organizationId: org, userId: name, facts: facts('admin') }, 'not_found');
    });

  });

  describe('SetTeamMember and RemoveTeamMember', () => {
    it('adds a new member with the role, or changes an existing role, or does nothing', () => {
      const state = given(created, added('ann'));
      const set = (userId: string, role: 'owner' | 'member'): TeamCommand => ({ type: 'SetTeamMember', organizationId: org, userId, role, facts: facts('admin') });
      expect(decideTeam(state, set('bob', 'owner'))).toEqual([{ type: 'TeamMemberAdded', data: { organizationId: org, teamId, userId: 'bob', role: 'owner' } }]);
      expect(decideTeam(state, set('ann', 'owner'))).toEqual([{ type: 'TeamMemberRoleChanged', data: { organizationId: org, teamId, userId: 'ann', role: 'owner' } }]);
      expect(decideTeam(state, set('ann', 'member'))).toEqual([]);
      rejects(state, set('zed', 'member'), 'invalid', /zed/);
    });

    it('removes a member; removing a non-member is not found', () => {
      const state = given(created, added('ann'));
      expect(decideTeam(state, { type: 'RemoveTeamMember', organizationId: org, userId: 'ann', facts: facts('admin') })).toEqual([
        { type: 'TeamMemberRemoved', data: { organizationId: org, teamId, userId: 'ann' } },
      ]);
      rejects(state, { type: 'RemoveTeamMember', organizationId: org, userId: 'bob', facts: facts('admin') }, 'not_found');
      rejects(state, { type: 'RemoveTeamMember', organizationId: org, userId: 'ann', facts: facts('bob') }, 'forbidden');
    });
  });
});
