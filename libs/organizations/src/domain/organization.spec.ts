import { DomainError } from '@docs/kernel';
import { decideOrganization, evolveOrganization, initialOrganizationState, OrganizationCommand, OrganizationEvent, OrganizationState } from './organization';
import { RoleOrGuest } from './roles';

const org = 'org1';
const created: OrganizationEvent[] = [
  { type: 'OrganizationCreated', data: { organizationId: org, title: 'Acme', emailDomains: [], type: 'business', plan: 'free_2024', inviteLinks: true, createdBy: 'admin' } },
  { type: 'MemberJoined', data: { organizationId: org, userId: 'admin', role: 'admin', via: 'creation' } },
];
const joined = (userId: string, role: RoleOrGuest = 'read'): OrganizationEvent => ({
  type: 'MemberJoined',
  data: { organizationId: org, userId, role, via: 'invite' },
});

const given = (...events: OrganizationEvent[]): OrganizationState => events.reduce(evolveOrganization, initialOrganizationState());
const when = (state: OrganizationState, command: OrganizationCommand) => decideOrganization(state, command);
function rejects(state: OrganizationState, command: OrganizationCommand, kind: DomainError['kind'], message?: RegExp): void {
  try {
    when(state, command);
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe(kind);
    if (message) expect((error as DomainError).message).toMatch(message);
    return;
  }
  throw new Error('expected the command to be rejected');
}

describe('organization decider: members', () => {
  describe('ChangeMemberRole', () => {
    const cmd = (actorId: string, userId: string, role: 'admin' | 'edit' | null): OrganizationCommand =>
      ({ type: 'ChangeMemberRole', organizationId: org, actorId, userId, role });

    it('changes a member role, null making a guest', () => {
      const state = given(...created, joined('bob'));
      expect(when(state, cmd('admin', 'bob', 'edit'))).toEqual([{ type: 'MemberRoleChanged', data: { organizationId: org, userId: 'bob', role: 'edit' } }]);
      expect(when(state, cmd('admin', 'bob', null))).toEqual([{ type: 'MemberRoleChanged', data: { organizationId: org, userId: 'bob', role: null } }]);
    });

    it('records nothing when the role is unchanged', () => {
      expect(when(given(...created, joined('bob', 'edit')), cmd('admin', 'bob', 'edit'))).toEqual([]);
    });

    it('refuses to demote the last admin (409), but demotes one of two', () => {
      rejects(given(...created), cmd('admin', 'admin', 'edit'), 'conflict', /last admin/);
      const twoAdmins = given(...created, joined('bob', 'admin'));
      expect(when(twoAdmins, cmd('admin', 'admin', 'edit'))).toHaveLength(1);
      const afterDemotion = given(...created, joined('bob', 'admin'), { type: 'MemberRoleChanged', data: { organizationId: org, userId: 'admin', role: 'read' } });
      rejects(afterDemotion, cmd('bob', 'bob', null), 'conflict', /last admin/);
    });

    it('is for admins only (403), hidden from non-members (404), and needs an existing member (404)', () => {
      const state = given(...created, joined('bob', 'edit'), joined('carol'));
      rejects(state, cmd('bob', 'carol', 'edit'), 'forbidden');
      rejects(state, cmd('stranger', 'carol', 'edit'), 'not_found', /organization not found/);
      rejects(state, cmd('admin', 'nobody', 'edit'), 'not_found', /member not found/);
      rejects(given(), cmd('admin', 'bob', 'edit'), 'not_found');
    });
  });

  describe('RemoveMember', () => {
    const cmd = (actorId: string, userId: string): OrganizationCommand => ({ type: 'RemoveMember', organizationId: org, actorId, userId });

    it('lets an admin remove a member and a member leave', () => {
      const state = given(...created, joined('bob'), joined('carol'));
      const removed = (userId: string) => [{ type: 'MemberRemoved', data: { organizationId: org, userId } }];
      expect(when(state, cmd('admin', 'bob'))).toEqual(removed('bob'));
      expect(when(state, cmd('bob', 'bob'))).toEqual(removed('bob'));
      rejects(state, cmd('bob', 'carol'), 'forbidden');
    });

    it('refuses to remove the last admin, even when they leave on their own', () => {
      rejects(given(...created, joined('bob')), cmd('admin', 'admin'), 'conflict', /last admin/);
      expect(when(given(...created, joined('bob', 'admin')), cmd('bob', 'admin'))).toHaveLength(1);
    });

    it('answers 404 for non-members and for a removed member', () => {
      const state = given(...created, joined('bob'), { type: 'MemberRemoved', data: { organizationId: org, userId: 'bob' } });
      rejects(state, cmd('admin', 'bob'), 'not_found', /member not found/);
      rejects(state, cmd('bob', 'bob'), 'not_found', /organization not found/);
    });
  });

  describe('EnableMemberSso', () => {
    const cmd = (actorId: string, userId: string): OrganizationCommand => ({ type: 'EnableMemberSso', organizationId: org, actorId, userId });

    it('marks a member as SSO member once', () => {
      const state = given(...created, joined('bob'));
      expect(when(state, cmd('admin', 'bob'))).toEqual([{ type: 'MemberSsoEnabled', data: { organizationId: org, userId: 'bob' } }]);
      expect(when(given(...created, joined('bob'), { type: 'MemberSsoEnabled', data: { organizationId: org, userId: 'bob' } }), cmd('admin', 'bob'))).toEqual([]);
    });

    it('is for admins only', () => {
      rejects(given(...created, joined('bob')), cmd('bob', 'bob'), 'forbidden');
      rejects(given(...created), cmd('admin', 'bob'), 'not_found');
    });

    it('forgets the SSO flag when the member leaves and joins again', () => {
      const state = given(
        ...created, joined('bob'),
        { type: 'MemberSsoEnabled', data: { organizationId: org, userId: 'bob' } },
        { type: 'MemberRemoved', data: { organizationId: org, userId: 'bob' } },
        joined('bob'),
      );
      expect(when(state, cmd('admin', 'bob'))).toHaveLength(1);
    });
  });

  describe('InviteMembers', () => {
    it('adds new people with their own role, else the request role, else the default role', () => {
      const state = given(...created, { type: 'OrganizationSettingsChanged', data: { organizationId: org, changes: { defaultRole: 'comment' } } });
      const invite = (role?: 'edit'): OrganizationCommand => ({
        type: 'InviteMembers', organizationId: org, actorId: 'admin', sso: false,
        invitees: [{ userId: 'a', role: 'review' }, { userId: 'b' }, { userId: 'c', role: null }],
        ...(role ? { role } : {}),
      });
      const roles = (events: OrganizationEvent[]) => events.map((e) => { const d = e.data as { userId?: string; role?: unknown }; return [d.userId, d.role]; });
      expect(roles(when(state, invite('edit')))).toEqual([['a', 'review'], ['b', 'edit'], ['c', null]]);
      expect(roles(when(state, invite()))).toEqual([['a', 'review'], ['b', 'comment'], ['c', null]]);
      expect(when(state, invite())[0]).toEqual({ type: 'MemberJoined', data: { organizationId: org, userId: 'a', role: 'review', via: 'invite' } });
    });

    it('makes invitees guests when neither the invite nor the organization names a role', () => {
      const events = when(given(...created), { type: 'InviteMembers', organizationId: org, actorId: 'admin', sso: false, invitees: [{ userId: 'b' }] });
      expect(events).toEqual([{ type: 'MemberJoined', data: { organizationId: org, userId: 'b', role: null, via: 'invite' } }]);
    });

    it('skips existing members and duplicates, and marks SSO members when asked', () => {
      const events = when(given(...created, joined('bob')), {
        type: 'InviteMembers', organizationId: org, actorId: 'admin', sso: true, role: 'read',
        invitees: [{ userId: 'bob' }, { userId: 'new' }, { userId: 'new', role: 'admin' }, { userId: 'admin' }],
      });
      expect(events).toEqual([
        { type: 'MemberJoined', data: { organizationId: org, userId: 'new', role: 'read', via: 'invite' } },
        { type: 'MemberSsoEnabled', data: { organizationId: org, userId: 'new' } },
      ]);
    });

    it('is for admins only', () => {
      rejects(given(...created, joined('bob', 'edit')), { type: 'InviteMembers', organizationId: org, actorId: 'bob', sso: false, invitees: [{ userId: 'x' }] }, 'forbidden');
    });
  });

  describe('link invites', () => {
    const create = (actorId = 'admin', inviteId = 'inv1', role: 'edit' | null = 'edit'): OrganizationCommand =>
      ({ type: 'CreateLinkInvite', organizationId: org, actorId, inviteId, role });
    const join = (userId: string, inviteId = 'inv1'): OrganizationCommand => ({ type: 'JoinWithLinkInvite', organizationId: org, userId, inviteId });
    const inviteCreated: OrganizationEvent = { type: 'LinkInviteCreated', data: { organizationId: org, inviteId: 'inv1', role: 'edit' } };
    const linksOff: OrganizationEvent = { type: 'OrganizationSettingsChanged', data: { organizationId: org, changes: { inviteLinks: false } } };

    it('creates invites (admins only, not while invite links are disabled)', () => {
      expect(when(given(...created), create())).toEqual([inviteCreated]);
      rejects(given(...created, joined('bob', 'edit')), create('bob'), 'forbidden', /admins/);
      rejects(given(...created, linksOff), create(), 'forbidden', /inviteLinks/);
      rejects(given(...created, inviteCreated), create(), 'conflict');
    });

    it('lets anyone holding an active invite join with its role, once', () => {
      const state = given(...created, inviteCreated);
      expect(when(state, join('newcomer'))).toEqual([{ type: 'MemberJoined', data: { organizationId: org, userId: 'newcomer', role: 'edit', via: 'link-invite' } }]);
      expect(when(given(...created, inviteCreated, joined('newcomer', 'read')), join('newcomer'))).toEqual([]);
    });

    it('uses the changed role, and refuses deleted or unknown invites (404) and disabled links (403)', () => {
      const changed: OrganizationEvent = { type: 'LinkInviteRoleChanged', data: { organizationId: org, inviteId: 'inv1', role: null } };
      expect(when(given(...created, inviteCreated, changed), join('x'))[0]!.data).toMatchObject({ role: null });
      const deleted: OrganizationEvent = { type: 'LinkInviteDeleted', data: { organizationId: org, inviteId: 'inv1' } };
      rejects(given(...created, inviteCreated, deleted), join('x'), 'not_found', /invite not found/);
      rejects(given(...created, inviteCreated), join('x', 'other'), 'not_found');
      rejects(given(), join('x'), 'not_found');
      rejects(given(...created, inviteCreated, linksOff), join('x'), 'forbidden', /disabled/);
    });

    it('changes and deletes invites (admins only)', () => {
      const state = given(...created, joined('bob', 'edit'), inviteCreated);
      expect(when(state, { type: 'ChangeLinkInviteRole', organizationId: org, actorId: 'admin', inviteId: 'inv1', role: 'read' })).toEqual([
        { type: 'LinkInviteRoleChanged', data: { organizationId: org, inviteId: 'inv1', role: 'read' } },
      ]);
      expect(when(state, { type: 'ChangeLinkInviteRole', organizationId: org, actorId: 'admin', inviteId: 'inv1', role: 'edit' })).toEqual([]);
      expect(when(state, { type: 'DeleteLinkInvite', organizationId: org, actorId: 'admin', inviteId: 'inv1' })).toEqual([
        { type: 'LinkInviteDeleted', data: { organizationId: org, inviteId: 'inv1' } },
      ]);
      rejects(state, { type: 'DeleteLinkInvite', organizationId: org, actorId: 'bob', inviteId: 'inv1' }, 'forbidden');
      rejects(state, { type: 'DeleteLinkInvite', organizationId: org, actorId: 'admin', inviteId: 'nope' }, 'not_found');
      rejects(state, { type: 'ChangeLinkInviteRole', organizationId: org, actorId: 'admin', inviteId: 'nope', role: 'read' }, 'not_found');
    });
  });

  describe('input named like Object.prototype members (issue #7)', () => {
    const PROTOTYPE_NAMES = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', 'isPrototypeOf'];

    it.each(PROTOTYPE_NAMES)('knows no member and no invite called %s', (name) => {
      const state = given(...created, joined('bob'));
      rejects(state, { type: 'ChangeMemberRole', organizationId: org, actorId: 'admin', userId: name, role: 'edit' }, 'not_found');
      rejects(state, { type: 'RemoveMember', organizationId: org, actorId: 'admin', userId: name }, 'not_found');
      rejects(state, { type: 'EnableMemberSso', organizationId: org, actorId: name, userId: 'bob' }, 'not_found');
      rejects(state, { type: 'JoinWithLinkInvite', organizationId: org, userId: 'x', inviteId: name }, 'not_found');
    });

    it('records only the known settings of a change, whatever other keys it carries', () => {
      // JSON.parse makes `__proto__` an own key, as a request body would.
      const changes = JSON.parse('{"title":"New","__proto__":{"admin":true},"constructor":{"x":1},"toString":"x","isAdmin":true}');
      const [event] = when(given(...created), { type: 'ChangeOrganizationSettings', organizationId: org, actorId: 'admin', changes });
      expect(event!.type).toBe('OrganizationSettingsChanged');
      const recorded = (event as Extract<OrganizationEvent, { type: 'OrganizationSettingsChanged' }>).data.changes;
      expect(Object.keys(recorded)).toEqual(['title']);
      expect(Object.getPrototypeOf(recorded)).toBe(Object.prototype);
    });
  });
});
