import { deciderSpec } from '@docs/kernel/testing';
import {
  OrganizationCommand,
  OrganizationEvent,
  OrganizationFacts,
  organizationAggregate,
  OrganizationSettings,
} from './organization.decider';
import { RoleOrGuest } from '../shared/roles.domain';

const organization = deciderSpec(organizationAggregate);
const org = 'org1';
const facts: OrganizationFacts = { hostnameTaken: false, defaultContentMissing: false };

const created: OrganizationEvent[] = [
  {
    type: 'OrganizationCreated',
    data: {
      organizationId: org,
      title: 'Acme',
      emailDomains: [],
      type: 'business',
      plan: 'free_2024',
      inviteLinks: true,
      createdBy: 'admin',
    },
  },
  { type: 'MemberJoined', data: { organizationId: org, userId: 'admin', role: 'admin', via: 'creation' } },
];
const joined = (userId: string, role: RoleOrGuest = 'read'): OrganizationEvent => ({
  type: 'MemberJoined',
  data: { organizationId: org, userId, role, via: 'invite' },
});
const given = (...events: OrganizationEvent[]) => organization.given(events);

type ActorCommand = Extract<OrganizationCommand, { actorId: string }>;
/** Each command's own fields, without the organization and the actor (`by` adds them). */
type OwnFields<C> = C extends unknown ? Omit<C, 'organizationId' | 'actorId'> : never;
/** A command `actorId` gives in the organization. */
const by = (actorId: string, command: OwnFields<ActorCommand>): OrganizationCommand =>
  ({ ...command, organizationId: org, actorId }) as ActorCommand;

describe('organization decider', () => {
  describe('CreateOrganization', () => {
    const create: OrganizationCommand = {
      type: 'CreateOrganization',
      organizationId: org,
      title: 'Acme',
      emailDomains: ['acme.test'],
      creatorId: 'ann',
    };

    it('creates the organization with its creator as first admin', () => {
      given()
        .when(create, facts)
        .then([
          {
            type: 'OrganizationCreated',
            data: {
              organizationId: org,
              title: 'Acme',
              emailDomains: ['acme.test'],
              type: 'business',
              plan: 'free_2024',
              inviteLinks: true,
              createdBy: 'ann',
            },
          },
          { type: 'MemberJoined', data: { organizationId: org, userId: 'ann', role: 'admin', via: 'creation' } },
        ]);
    });

    it('does not create an organization twice', () => {
      given(...created)
        .when(create, facts)
        .thenFails('conflict');
    });
  });

  describe('UpdateOrganization', () => {
    const update = (actorId: string, changes: OrganizationSettings) => by(actorId, { type: 'UpdateOrganization', changes });

    it('records the changed settings, and nothing for no change', () => {
      given(...created)
        .when(update('admin', { title: 'New', inviteLinks: false }), facts)
        .then([{ type: 'OrganizationSettingsChanged', data: { organizationId: org, changes: { title: 'New', inviteLinks: false } } }]);
      given(...created)
        .when(update('admin', {}), facts)
        .thenNothing();
    });

    it('refuses a hostname another organization uses (409), but not to non-admins, who learn nothing', () => {
      given(...created)
        .when(update('admin', { hostname: 'taken' }), { ...facts, hostnameTaken: true })
        .thenFails('conflict', /hostname: "taken" is already used/);
      given(...created)
        .when(update('admin', { title: 'Free' }), { ...facts, hostnameTaken: true })
        .then([{ type: 'OrganizationSettingsChanged', data: { organizationId: org, changes: { title: 'Free' } } }]);
      given(...created, joined('bob', 'edit'))
        .when(update('bob', { hostname: 'taken' }), { ...facts, hostnameTaken: true })
        .thenFails('forbidden', /admins/);
      given(...created)
        .when(update('stranger', { hostname: 'taken' }), { ...facts, hostnameTaken: true })
        .thenFails('not_found', /organization not found/);
    });

    it("refuses a default content that is not one of the organization's sites (400), and not to non-admins", () => {
      const missing = { ...facts, defaultContentMissing: true };
      const site = { type: 'site' as const, site: 'elsewhere' };
      given(...created)
        .when(update('admin', { defaultContent: site }), missing)
        .thenFails('invalid', /defaultContent\.site: the organization has no site "elsewhere"/);
      given(...created, joined('bob', 'edit'))
        .when(update('bob', { defaultContent: site }), missing)
        .thenFails('forbidden', /admins/);
      given(...created)
        .when(update('admin', { defaultContent: site }), facts)
        .then([{ type: 'OrganizationSettingsChanged', data: { organizationId: org, changes: { defaultContent: site } } }]);
      given(...created)
        .when(update('admin', { defaultContent: null }), missing)
        .then([{ type: 'OrganizationSettingsChanged', data: { organizationId: org, changes: { defaultContent: null } } }]);
    });
  });

  describe('UpdateMember', () => {
    const cmd = (actorId: string, userId: string, role?: RoleOrGuest) =>
      by(actorId, { type: 'UpdateMember', userId, ...(role !== undefined ? { role } : {}) });

    it('changes a member role, null making a guest', () => {
      const state = given(...created, joined('bob'));
      state
        .when(cmd('admin', 'bob', 'edit'), facts)
        .then([{ type: 'MemberRoleChanged', data: { organizationId: org, userId: 'bob', role: 'edit' } }]);
      state
        .when(cmd('admin', 'bob', null), facts)
        .then([{ type: 'MemberRoleChanged', data: { organizationId: org, userId: 'bob', role: null } }]);
    });

    it('records nothing when the role is unchanged or not given', () => {
      given(...created, joined('bob', 'edit'))
        .when(cmd('admin', 'bob', 'edit'), facts)
        .thenNothing();
      given(...created, joined('bob', 'edit'))
        .when(cmd('admin', 'bob'), facts)
        .thenNothing();
    });

    it('refuses to demote the last admin (409), but demotes one of two', () => {
      given(...created)
        .when(cmd('admin', 'admin', 'edit'), facts)
        .thenFails('conflict', /last admin/);
      given(...created, joined('bob', 'admin'))
        .when(cmd('admin', 'admin', 'edit'), facts)
        .then([{ type: 'MemberRoleChanged', data: { organizationId: org, userId: 'admin', role: 'edit' } }]);
      const afterDemotion = given(...created, joined('bob', 'admin'), {
        type: 'MemberRoleChanged',
        data: { organizationId: org, userId: 'admin', role: 'read' },
      });
      afterDemotion.when(cmd('bob', 'bob', null), facts).thenFails('conflict', /last admin/);
    });

    it('is for admins only (403), hidden from non-members (404), and needs an existing member (404)', () => {
      const state = given(...created, joined('bob', 'edit'), joined('carol'));
      state.when(cmd('bob', 'carol', 'edit'), facts).thenFails('forbidden');
      state.when(cmd('stranger', 'carol', 'edit'), facts).thenFails('not_found', /organization not found/);
      state.when(cmd('admin', 'nobody', 'edit'), facts).thenFails('not_found', /member not found/);
      state.when(cmd('admin', 'nobody'), facts).thenFails('not_found', /member not found/);
      state.when(cmd('bob', 'carol'), facts).thenFails('forbidden');
      given()
        .when(cmd('admin', 'bob', 'edit'), facts)
        .thenFails('not_found');
    });
  });

  describe('RemoveMember', () => {
    const cmd = (actorId: string, userId: string) => by(actorId, { type: 'RemoveMember', userId });
    const removed = (userId: string): OrganizationEvent[] => [{ type: 'MemberRemoved', data: { organizationId: org, userId } }];

    it('lets an admin remove a member and a member leave', () => {
      const state = given(...created, joined('bob'), joined('carol'));
      state.when(cmd('admin', 'bob'), facts).then(removed('bob'));
      state.when(cmd('bob', 'bob'), facts).then(removed('bob'));
      state.when(cmd('bob', 'carol'), facts).thenFails('forbidden');
    });

    it('refuses to remove the last admin, even when they leave on their own', () => {
      given(...created, joined('bob'))
        .when(cmd('admin', 'admin'), facts)
        .thenFails('conflict', /last admin/);
      given(...created, joined('bob', 'admin'))
        .when(cmd('bob', 'admin'), facts)
        .then(removed('admin'));
    });

    it('answers 404 for non-members and for a removed member', () => {
      const state = given(...created, joined('bob'), { type: 'MemberRemoved', data: { organizationId: org, userId: 'bob' } });
      state.when(cmd('admin', 'bob'), facts).thenFails('not_found', /member not found/);
      state.when(cmd('bob', 'bob'), facts).thenFails('not_found', /organization not found/);
    });
  });

  describe('EnableMemberSso', () => {
    const cmd = (actorId: string, userId: string) => by(actorId, { type: 'EnableMemberSso', userId });
    const enabled: OrganizationEvent = { type: 'MemberSsoEnabled', data: { organizationId: org, userId: 'bob' } };

    it('marks a member as SSO member once', () => {
      given(...created, joined('bob'))
        .when(cmd('admin', 'bob'), facts)
        .then([enabled]);
      given(...created, joined('bob'), enabled)
        .when(cmd('admin', 'bob'), facts)
        .thenNothing();
    });

    it('is for admins only', () => {
      given(...created, joined('bob'))
        .when(cmd('bob', 'bob'), facts)
        .thenFails('forbidden');
      given(...created)
        .when(cmd('admin', 'bob'), facts)
        .thenFails('not_found');
    });

    it('forgets the SSO flag when the member leaves and joins again', () => {
      given(...created, joined('bob'), enabled, { type: 'MemberRemoved', data: { organizationId: org, userId: 'bob' } }, joined('bob'))
        .when(cmd('admin', 'bob'), facts)
        .then([enabled]);
    });
  });

  describe('InviteMembers', () => {
    const invite = (
      invitees: { userId: string; role?: RoleOrGuest }[],
      options: { role?: RoleOrGuest; sso?: boolean; actorId?: string } = {},
    ): OrganizationCommand => ({
      type: 'InviteMembers',
      organizationId: org,
      actorId: options.actorId ?? 'admin',
      sso: options.sso ?? false,
      invitees,
      ...(options.role !== undefined ? { role: options.role } : {}),
    });
    const memberJoined = (userId: string, role: RoleOrGuest): OrganizationEvent => ({
      type: 'MemberJoined',
      data: { organizationId: org, userId, role, via: 'invite' },
    });

    it('adds new people with their own role, else the request role, else the default role', () => {
      const state = given(...created, {
        type: 'OrganizationSettingsChanged',
        data: { organizationId: org, changes: { defaultRole: 'comment' } },
      });
      const invitees = [{ userId: 'a', role: 'review' as const }, { userId: 'b' }, { userId: 'c', role: null }];
      state
        .when(invite(invitees, { role: 'edit' }), facts)
        .then([memberJoined('a', 'review'), memberJoined('b', 'edit'), memberJoined('c', null)]);
      state.when(invite(invitees), facts).then([memberJoined('a', 'review'), memberJoined('b', 'comment'), memberJoined('c', null)]);
    });

    it('makes invitees guests when neither the invite nor the organization names a role', () => {
      given(...created)
        .when(invite([{ userId: 'b' }]), facts)
        .then([memberJoined('b', null)]);
    });

    it('skips existing members and duplicates, and marks SSO members when asked', () => {
      given(...created, joined('bob'))
        .when(
          invite([{ userId: 'bob' }, { userId: 'new' }, { userId: 'new', role: 'admin' }, { userId: 'admin' }], {
            sso: true,
            role: 'read',
          }),
          facts,
        )
        .then([memberJoined('new', 'read'), { type: 'MemberSsoEnabled', data: { organizationId: org, userId: 'new' } }]);
    });

    it('is for admins only', () => {
      given(...created, joined('bob', 'edit'))
        .when(invite([{ userId: 'x' }], { actorId: 'bob' }), facts)
        .thenFails('forbidden');
    });
  });

  describe('link invites', () => {
    const create = (actorId = 'admin', inviteId = 'inv1', role: RoleOrGuest = 'edit') =>
      by(actorId, { type: 'CreateLinkInvite', inviteId, role });
    const join = (userId: string, inviteId = 'inv1'): OrganizationCommand => ({
      type: 'JoinWithLinkInvite',
      organizationId: org,
      userId,
      inviteId,
    });
    const update = (actorId: string, inviteId: string, role: RoleOrGuest) => by(actorId, { type: 'UpdateLinkInvite', inviteId, role });
    const remove = (actorId: string, inviteId: string) => by(actorId, { type: 'DeleteLinkInvite', inviteId });
    const inviteCreated: OrganizationEvent = { type: 'LinkInviteCreated', data: { organizationId: org, inviteId: 'inv1', role: 'edit' } };
    const linksOff: OrganizationEvent = {
      type: 'OrganizationSettingsChanged',
      data: { organizationId: org, changes: { inviteLinks: false } },
    };

    it('creates invites (admins only, not while invite links are disabled)', () => {
      given(...created)
        .when(create(), facts)
        .then([inviteCreated]);
      given(...created, joined('bob', 'edit'))
        .when(create('bob'), facts)
        .thenFails('forbidden', /admins/);
      given(...created, linksOff)
        .when(create(), facts)
        .thenFails('forbidden', /inviteLinks/);
      given(...created, inviteCreated)
        .when(create(), facts)
        .thenFails('conflict');
    });

    it('lets anyone holding an active invite join with its role, once', () => {
      given(...created, inviteCreated)
        .when(join('newcomer'), facts)
        .then([{ type: 'MemberJoined', data: { organizationId: org, userId: 'newcomer', role: 'edit', via: 'link-invite' } }]);
      given(...created, inviteCreated, joined('newcomer', 'read'))
        .when(join('newcomer'), facts)
        .thenNothing();
    });

    it('uses the changed role, and refuses deleted or unknown invites (404) and disabled links (403)', () => {
      const changed: OrganizationEvent = { type: 'LinkInviteRoleChanged', data: { organizationId: org, inviteId: 'inv1', role: null } };
      given(...created, inviteCreated, changed)
        .when(join('x'), facts)
        .then([{ type: 'MemberJoined', data: { organizationId: org, userId: 'x', role: null, via: 'link-invite' } }]);
      const deleted: OrganizationEvent = { type: 'LinkInviteDeleted', data: { organizationId: org, inviteId: 'inv1' } };
      given(...created, inviteCreated, deleted)
        .when(join('x'), facts)
        .thenFails('not_found', /invite not found/);
      given(...created, inviteCreated)
        .when(join('x', 'other'), facts)
        .thenFails('not_found');
      given().when(join('x'), facts).thenFails('not_found');
      given(...created, inviteCreated, linksOff)
        .when(join('x'), facts)
        .thenFails('forbidden', /disabled/);
    });

    it('changes and deletes invites (admins only)', () => {
      const state = given(...created, joined('bob', 'edit'), inviteCreated);
      state
        .when(update('admin', 'inv1', 'read'), facts)
        .then([{ type: 'LinkInviteRoleChanged', data: { organizationId: org, inviteId: 'inv1', role: 'read' } }]);
      state.when(update('admin', 'inv1', 'edit'), facts).thenNothing();
      state.when(remove('admin', 'inv1'), facts).then([{ type: 'LinkInviteDeleted', data: { organizationId: org, inviteId: 'inv1' } }]);
      state.when(remove('bob', 'inv1'), facts).thenFails('forbidden');
      state.when(remove('admin', 'nope'), facts).thenFails('not_found');
      state.when(update('admin', 'nope', 'read'), facts).thenFails('not_found');
    });
  });

  describe('input named like Object.prototype members (issue #7)', () => {
    const PROTOTYPE_NAMES = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', 'isPrototypeOf'];

    it.each(PROTOTYPE_NAMES)('knows no member and no invite called %s', (name) => {
      const state = given(...created, joined('bob'));
      state.when({ type: 'UpdateMember', organizationId: org, actorId: 'admin', userId: name, role: 'edit' }, facts).thenFails('not_found');
      state.when({ type: 'RemoveMember', organizationId: org, actorId: 'admin', userId: name }, facts).thenFails('not_found');
      state.when({ type: 'EnableMemberSso', organizationId: org, actorId: name, userId: 'bob' }, facts).thenFails('not_found');
      state.when({ type: 'JoinWithLinkInvite', organizationId: org, userId: 'x', inviteId: name }, facts).thenFails('not_found');
    });

    it('records only the known settings of a change, whatever other keys it carries', () => {
      // JSON.parse makes `__proto__` an own key, as a request body would.
      const changes = JSON.parse('{"title":"New","__proto__":{"admin":true},"constructor":{"x":1},"toString":"x","isAdmin":true}');
      given(...created)
        .when({ type: 'UpdateOrganization', organizationId: org, actorId: 'admin', changes }, facts)
        .then([{ type: 'OrganizationSettingsChanged', data: { organizationId: org, changes: { title: 'New' } } }]);
      const [event] = organizationAggregate.decide(
        given(...created).state(),
        { type: 'UpdateOrganization', organizationId: org, actorId: 'admin', changes },
        facts,
      );
      expect(Object.getPrototypeOf((event as Extract<OrganizationEvent, { type: 'OrganizationSettingsChanged' }>).data.changes)).toBe(
        Object.prototype,
      );
    });
  });
});
