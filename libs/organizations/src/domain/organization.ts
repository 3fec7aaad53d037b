import { Decider, DomainEvent, conflict, forbidden, notFound } from '@docs/kernel';
import { pickKnown } from './known-keys';
import { Role, RoleOrGuest } from './roles';

export const organizationStream = (organizationId: string) => `organization-${organizationId}`;

export const ORGANIZATION_TYPES = ['business', 'community'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

/** The settings an admin may change with PATCH /v1/orgs/{organizationId}; null clears a nullable one. */
export interface OrganizationSettings {
  title?: string;
  emailDomains?: string[];
  hostname?: string;
  defaultRole?: RoleOrGuest;
  defaultContent?: { type: 'site'; site: string } | null;
  logo?: string | null;
  sso?: boolean;
  ai?: boolean;
  inviteLinks?: boolean;
}

export type OrganizationCreated = DomainEvent<
  'OrganizationCreated',
  { organizationId: string; title: string; emailDomains: string[]; type: OrganizationType; plan: string; inviteLinks: boolean; createdBy: string }
>;
export type OrganizationSettingsChanged = DomainEvent<'OrganizationSettingsChanged', { organizationId: string; changes: OrganizationSettings }>;
export type MemberJoined = DomainEvent<'MemberJoined', { organizationId: string; userId: string; role: RoleOrGuest; via: 'creation' | 'invite' | 'link-invite' }>;
export type MemberRoleChanged = DomainEvent<'MemberRoleChanged', { organizationId: string; userId: string; role: RoleOrGuest }>;
export type MemberRemoved = DomainEvent<'MemberRemoved', { organizationId: string; userId: string }>;
/** The member may sign in with the organization's SSO (POST .../members/{userId}/sso, or invited with `sso`). */
export type MemberSsoEnabled = DomainEvent<'MemberSsoEnabled', { organizationId: string; userId: string }>;
export type LinkInviteCreated = DomainEvent<'LinkInviteCreated', { organizationId: string; inviteId: string; role: RoleOrGuest }>;
export type LinkInviteRoleChanged = DomainEvent<'LinkInviteRoleChanged', { organizationId: string; inviteId: string; role: RoleOrGuest }>;
export type LinkInviteDeleted = DomainEvent<'LinkInviteDeleted', { organizationId: string; inviteId: string }>;

export type OrganizationEvent =
  | OrganizationCreated
  | OrganizationSettingsChanged
  | MemberJoined
  | MemberRoleChanged
  | MemberRemoved
  | MemberSsoEnabled
  | LinkInviteCreated
  | LinkInviteRoleChanged
  | LinkInviteDeleted;

export const ORGANIZATION_EVENT_TYPES = [
  'OrganizationCreated',
  'OrganizationSettingsChanged',
  'MemberJoined',
  'MemberRoleChanged',
  'MemberRemoved',
  'MemberSsoEnabled',
  'LinkInviteCreated',
  'LinkInviteRoleChanged',
  'LinkInviteDeleted',
] as const;

export interface OrganizationMemberState {
  role: RoleOrGuest;
  sso?: boolean;
}

export interface OrganizationState {
  exists: boolean;
  hostname?: string;
  inviteLinks: boolean;
  /** Role given to invited people when the invite names none (null: guest). */
  defaultRole: RoleOrGuest;
  members: Map<string, OrganizationMemberState>;
  /** Active link invites and the role each grants. */
  linkInvites: Map<string, RoleOrGuest>;
}

/** An invited person: `role` undefined takes the invite's or the organization's default role. */
export interface Invitee {
  userId: string;
  role?: RoleOrGuest;
}

export type OrganizationCommand =
  | { type: 'CreateOrganization'; organizationId: string; title: string; emailDomains: string[]; creatorId: string }
  | { type: 'ChangeOrganizationSettings'; organizationId: string; actorId: string; changes: OrganizationSettings }
  | { type: 'ChangeMemberRole'; organizationId: string; actorId: string; userId: string; role: RoleOrGuest }
  | { type: 'RemoveMember'; organizationId: string; actorId: string; userId: string }
  | { type: 'EnableMemberSso'; organizationId: string; actorId: string; userId: string }
  | { type: 'InviteMembers'; organizationId: string; actorId: string; invitees: Invitee[]; role?: RoleOrGuest; sso: boolean }
  | { type: 'CreateLinkInvite'; organizationId: string; actorId: string; inviteId: string; role: RoleOrGuest }
  | { type: 'ChangeLinkInviteRole'; organizationId: string; actorId: string; inviteId: string; role: RoleOrGuest }
  | { type: 'DeleteLinkInvite'; organizationId: string; actorId: string; inviteId: string }
  | { type: 'JoinWithLinkInvite'; organizationId: string; userId: string; inviteId: string };

export function initialOrganizationState(): OrganizationState {
  return { exists: false, inviteLinks: true, defaultRole: null, members: new Map(), linkInvites: new Map() };
}

export function evolveOrganization(state: OrganizationState, event: OrganizationEvent): OrganizationState {
  switch (event.type) {
    case 'OrganizationCreated':
      return { ...state, exists: true, inviteLinks: event.data.inviteLinks };
    case 'OrganizationSettingsChanged': {
      const { hostname, inviteLinks, defaultRole } = event.data.changes;
      return {
        ...state,
        ...(hostname !== undefined ? { hostname } : {}),
        ...(inviteLinks !== undefined ? { inviteLinks } : {}),
        ...(defaultRole !== undefined ? { defaultRole } : {}),
      };
    }
    case 'MemberJoined': {
      const members = new Map(state.members);
      members.set(event.data.userId, { role: event.data.role });
      return { ...state, members };
    }
    case 'MemberRoleChanged':
    case 'MemberSsoEnabled': {
      const current = state.members.get(event.data.userId);
      if (!current) return state;
      const members = new Map(state.members);
      members.set(event.data.userId, event.type === 'MemberRoleChanged' ? { ...current, role: event.data.role } : { ...current, sso: true });
      return { ...state, members };
    }
    case 'MemberRemoved': {
      const members = new Map(state.members);
      members.delete(event.data.userId);
      return { ...state, members };
    }
    case 'LinkInviteCreated':
    case 'LinkInviteRoleChanged': {
      const linkInvites = new Map(state.linkInvites);
      linkInvites.set(event.data.inviteId, event.data.role);
      return { ...state, linkInvites };
    }
    case 'LinkInviteDeleted': {
      const linkInvites = new Map(state.linkInvites);
      linkInvites.delete(event.data.inviteId);
      return { ...state, linkInvites };
    }
  }
}

/**
 * Who may see and change an organization: non-members get 404 (never learn it exists), members
 * who are not admins get 403 on admin-only changes.
 */
export function requireMember(state: OrganizationState, userId: string): { role: RoleOrGuest } {
  const member = state.members.get(userId);
  if (!state.exists || !member) throw notFound('organization not found');
  return member;
}

export function requireAdmin(state: OrganizationState, userId: string): void {
  const member = requireMember(state, userId);
  if (member.role !== 'admin') throw forbidden('only organization admins can do this');
}

export function adminCount(state: OrganizationState): number {
  return [...state.members.values()].filter((m) => m.role === 'admin').length;
}

function requireTargetMember(state: OrganizationState, userId: string): OrganizationMemberState {
  const member = state.members.get(userId);
  if (!member) throw notFound(`member not found: user ${userId} is not a member of this organization`);
  return member;
}

/** The organization must keep at least one admin: the last one can neither be demoted nor removed. */
function ensureNotLastAdmin(state: OrganizationState, userId: string, what: 'demoted' | 'removed'): void {
  if (state.members.get(userId)?.role === 'admin' && adminCount(state) === 1) {
    throw conflict(`the last admin of the organization cannot be ${what}: make another member admin first`);
  }
}

function requireInviteLinksEnabled(state: OrganizationState): void {
  if (!state.inviteLinks) throw forbidden('invite links are disabled for this organization (inviteLinks is false)');
}

function requireLinkInvite(state: OrganizationState, inviteId: string): RoleOrGuest {
  if (!state.linkInvites.has(inviteId)) throw notFound('invite not found');
  return state.linkInvites.get(inviteId)!;
}

const SETTING_KEYS = ['title', 'emailDomains', 'hostname', 'defaultRole', 'defaultContent', 'logo', 'sso', 'ai', 'inviteLinks'] as const satisfies readonly (keyof OrganizationSettings)[];

const changedSettings = (changes: OrganizationSettings): OrganizationSettings => pickKnown(changes, SETTING_KEYS);

export function decideOrganization(state: OrganizationState, command: OrganizationCommand): OrganizationEvent[] {
  switch (command.type) {
    case 'CreateOrganization': {
      if (state.exists) throw conflict('organization already exists');
      const { organizationId, title, emailDomains, creatorId } = command;
      return [
        {
          type: 'OrganizationCreated',
          data: { organizationId, title, emailDomains, type: 'business', plan: 'free_2024', inviteLinks: true, createdBy: creatorId },
        },
        { type: 'MemberJoined', data: { organizationId, userId: creatorId, role: 'admin' as Role, via: 'creation' } },
      ];
    }
    case 'ChangeOrganizationSettings': {
      requireAdmin(state, command.actorId);
      const changes = changedSettings(command.changes);
      if (Object.keys(changes).length === 0) return [];
      return [{ type: 'OrganizationSettingsChanged', data: { organizationId: command.organizationId, changes } }];
    }
    case 'ChangeMemberRole': {
      requireAdmin(state, command.actorId);
      const { organizationId, userId, role } = command;
      const member = requireTargetMember(state, userId);
      if (member.role === role) return [];
      if (role !== 'admin') ensureNotLastAdmin(state, userId, 'demoted');
      return [{ type: 'MemberRoleChanged', data: { organizationId, userId, role } }];
    }
    case 'RemoveMember': {
      // Members may leave on their own; removing someone else takes an admin.
      if (command.actorId === command.userId) requireMember(state, command.actorId);
      else requireAdmin(state, command.actorId);
      const { organizationId, userId } = command;
      requireTargetMember(state, userId);
      ensureNotLastAdmin(state, userId, 'removed');
      return [{ type: 'MemberRemoved', data: { organizationId, userId } }];
    }
    case 'EnableMemberSso': {
      requireAdmin(state, command.actorId);
      const { organizationId, userId } = command;
      if (requireTargetMember(state, userId).sso) return [];
      return [{ type: 'MemberSsoEnabled', data: { organizationId, userId } }];
    }
    case 'InviteMembers': {
      requireAdmin(state, command.actorId);
      const { organizationId } = command;
      const fallback = command.role !== undefined ? command.role : state.defaultRole;
      const seen = new Set<string>();
      const events: OrganizationEvent[] = [];
      for (const invitee of command.invitees) {
        if (seen.has(invitee.userId) || state.members.has(invitee.userId)) continue;
        seen.add(invitee.userId);
        const role = invitee.role !== undefined ? invitee.role : fallback;
        events.push({ type: 'MemberJoined', data: { organizationId, userId: invitee.userId, role, via: 'invite' } });
        if (command.sso) events.push({ type: 'MemberSsoEnabled', data: { organizationId, userId: invitee.userId } });
      }
      return events;
    }
    case 'CreateLinkInvite': {
      requireAdmin(state, command.actorId);
      requireInviteLinksEnabled(state);
      const { organizationId, inviteId, role } = command;
      if (state.linkInvites.has(inviteId)) throw conflict('invite already exists');
      return [{ type: 'LinkInviteCreated', data: { organizationId, inviteId, role } }];
    }
    case 'ChangeLinkInviteRole': {
      requireAdmin(state, command.actorId);
      const { organizationId, inviteId, role } = command;
      if (requireLinkInvite(state, inviteId) === role) return [];
      return [{ type: 'LinkInviteRoleChanged', data: { organizationId, inviteId, role } }];
    }
    case 'DeleteLinkInvite': {
      requireAdmin(state, command.actorId);
      const { organizationId, inviteId } = command;
      requireLinkInvite(state, inviteId);
      return [{ type: 'LinkInviteDeleted', data: { organizationId, inviteId } }];
    }
    case 'JoinWithLinkInvite': {
      if (!state.exists) throw notFound('invite not found');
      const role = requireLinkInvite(state, command.inviteId);
      requireInviteLinksEnabled(state);
      const { organizationId, userId } = command;
      // Already a member: joining again changes nothing (the invite never lowers or raises a role).
      if (state.members.has(userId)) return [];
      return [{ type: 'MemberJoined', data: { organizationId, userId, role, via: 'link-invite' } }];
    }
  }
}

export const organizationDecider: Decider<OrganizationState, OrganizationCommand, OrganizationEvent> = {
  initialState: initialOrganizationState,
  evolve: evolveOrganization,
  decide: decideOrganization,
};
