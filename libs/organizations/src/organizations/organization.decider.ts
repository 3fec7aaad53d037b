import {
  Aggregate,
  MergeRulesConfiguration,
  NO_MERGE_RULES,
  Recorded,
  conflict,
  forbidden,
  invalid,
  mergeRuleUsers,
  mergeRulesOf,
  notFound,
  sameMergeRules,
  withEntry,
} from '@docs/kernel';
import { pickKnown } from '../shared/known-keys.domain';
import { invitePermissions } from '../invites/invite.policy';
import { memberPermissions } from '../members/member.policy';
import { organizationPermissions } from './organization.policy';
import { RoleOrGuest } from '../shared/roles.domain';
import type { OrganizationSettings, OrganizationEvent } from './organization.events';

export { ORGANIZATION_TYPES } from './organization.events';
export type { OrganizationSettings, MemberRemoved, OrganizationEvent } from './organization.events';

/** Every setting, the only keys an OrganizationSettingsChanged carries. */
export const ORGANIZATION_SETTING_KEYS = [
  'title',
  'emailDomains',
  'hostname',
  'defaultRole',
  'defaultContent',
  'logo',
  'sso',
  'ai',
  'inviteLinks',
] as const satisfies readonly (keyof OrganizationSettings)[];

export interface OrganizationMemberState {
  role: RoleOrGuest;
  sso?: boolean;
}

export interface OrganizationState {
  exists: boolean;
  inviteLinks: boolean;
  /** Role given to invited people when the invite names none (null: guest). */
  defaultRole: RoleOrGuest;
  members: Map<string, OrganizationMemberState>;
  /** Active link invites and the role each grants. */
  linkInvites: Map<string, RoleOrGuest>;
  mergeRules: MergeRulesConfiguration;
}

/** An invited person: `role` undefined takes the invite's or the organization's default role. */
export interface Invitee {
  userId: string;
  role?: RoleOrGuest;
}

/** What a decision needs from outside the organization's stream, looked up by the writer. */
export interface OrganizationFacts {
  /** Another organization already uses the hostname an UpdateOrganization names. */
  hostnameTaken: boolean;
  /** The site an UpdateOrganization's defaultContent names is not a site of the organization (another's, or none). */
  defaultContentMissing: boolean;
}

export type OrganizationCommand =
  | { type: 'CreateOrganization'; organizationId: string; title: string; emailDomains: string[]; creatorId: string }
  | {
      type: 'UpdateOrganization';
      organizationId: string;
      actorId: string;
      changes: OrganizationSettings;
      mergeRules?: MergeRulesConfiguration;
    }
  /** `role` undefined changes nothing (the target must still be a member). */
  | { type: 'UpdateMember'; organizationId: string; actorId: string; userId: string; role?: RoleOrGuest }
  | { type: 'RemoveMember'; organizationId: string; actorId: string; userId: string }
  | { type: 'EnableMemberSso'; organizationId: string; actorId: string; userId: string }
  | { type: 'InviteMembers'; organizationId: string; actorId: string; invitees: Invitee[]; role?: RoleOrGuest; sso: boolean }
  | { type: 'CreateLinkInvite'; organizationId: string; actorId: string; inviteId: string; role: RoleOrGuest }
  | { type: 'UpdateLinkInvite'; organizationId: string; actorId: string; inviteId: string; role: RoleOrGuest }
  | { type: 'DeleteLinkInvite'; organizationId: string; actorId: string; inviteId: string }
  | { type: 'JoinWithLinkInvite'; organizationId: string; userId: string; inviteId: string };

export function initialOrganizationState(): OrganizationState {
  return { exists: false, inviteLinks: true, defaultRole: null, members: new Map(), linkInvites: new Map(), mergeRules: NO_MERGE_RULES };
}

export function evolveOrganization(state: OrganizationState, event: Recorded<OrganizationEvent>): OrganizationState {
  switch (event.type) {
    case 'OrganizationCreated':
      return { ...state, exists: true, inviteLinks: event.data.inviteLinks };
    case 'OrganizationSettingsChanged': {
      const { inviteLinks, defaultRole } = event.data.changes;
      return {
        ...state,
        ...(inviteLinks !== undefined ? { inviteLinks } : {}),
        ...(defaultRole !== undefined ? { defaultRole } : {}),
      };
    }
    case 'OrganizationMergeRulesChanged':
      return { ...state, mergeRules: event.data.mergeRules };
    case 'MemberJoined':
      // A new membership: an SSO flag from an earlier one is forgotten.
      return { ...state, members: withEntry(state.members, event.data.userId, { role: event.data.role }) };
    case 'MemberRoleChanged': {
      const current = state.members.get(event.data.userId);
      return current ? { ...state, members: withEntry(state.members, event.data.userId, { ...current, role: event.data.role }) } : state;
    }
    case 'MemberSsoEnabled': {
      const current = state.members.get(event.data.userId);
      return current ? { ...state, members: withEntry(state.members, event.data.userId, { ...current, sso: true }) } : state;
    }
    case 'MemberRemoved':
      return { ...state, members: withEntry(state.members, event.data.userId, undefined) };
    case 'LinkInviteCreated':
    case 'LinkInviteRoleChanged':
      return { ...state, linkInvites: withEntry(state.linkInvites, event.data.inviteId, event.data.role) };
    case 'LinkInviteDeleted':
      return { ...state, linkInvites: withEntry(state.linkInvites, event.data.inviteId, undefined) };
  }
}

/**
 * Who may see and change an organization: non-members get 404 (never learn it exists), members
 * who are not admins get 403 on admin-only changes.
 */
function requireMember(state: OrganizationState, userId: string): OrganizationMemberState {
  const member = state.members.get(userId);
  if (!state.exists || !member) throw notFound('organization not found');
  return member;
}

/** 403 unless the actor's permissions (`allowed`, from their role) grant what they ask. */
function requireAllowed(allowed: boolean): void {
  if (!allowed) throw forbidden('only organization admins can do this');
}

const actorRole = (state: OrganizationState, actorId: string): RoleOrGuest => requireMember(state, actorId).role;

function requireTargetMember(state: OrganizationState, userId: string): OrganizationMemberState {
  const member = state.members.get(userId);
  if (!member) throw notFound(`member not found: user ${userId} is not a member of this organization`);
  return member;
}

const adminCount = (state: OrganizationState): number => [...state.members.values()].filter((m) => m.role === 'admin').length;

/** The organization must keep at least one admin: the last one can neither be demoted nor removed. */
function ensureNotLastAdmin(state: OrganizationState, userId: string, what: 'demoted' | 'removed'): void {
  if (state.members.get(userId)?.role === 'admin' && adminCount(state) === 1) {
    throw conflict(`the last admin of the organization cannot be ${what}: make another member admin first`);
  }
}

/** Merge rules name members of the organization only (400 naming the others). */
function requireMembers(state: OrganizationState, userIds: readonly string[]): void {
  const outsiders = userIds.filter((userId) => !state.members.has(userId));
  if (outsiders.length > 0) throw invalid(`mergeRules: users not members of the organization: ${outsiders.join(', ')}`);
}

function requireInviteLinksEnabled(state: OrganizationState): void {
  if (!state.inviteLinks) throw forbidden('invite links are disabled for this organization (inviteLinks is false)');
}

function requireLinkInvite(state: OrganizationState, inviteId: string): RoleOrGuest {
  const role = state.linkInvites.get(inviteId);
  if (role === undefined) throw notFound('invite not found');
  return role;
}

export function decideOrganization(state: OrganizationState, command: OrganizationCommand, facts: OrganizationFacts): OrganizationEvent[] {
  const { organizationId } = command;
  switch (command.type) {
    case 'CreateOrganization': {
      if (state.exists) throw conflict('organization already exists');
      const { title, emailDomains, creatorId } = command;
      return [
        {
          type: 'OrganizationCreated',
          data: { organizationId, title, emailDomains, type: 'business', plan: 'free_2024', inviteLinks: true, createdBy: creatorId },
        },
        { type: 'MemberJoined', data: { organizationId, userId: creatorId, role: 'admin', via: 'creation' } },
      ];
    }
    case 'UpdateOrganization': {
      // Admins first: nobody else learns whether a hostname is taken.
      requireAllowed(organizationPermissions({ role: actorRole(state, command.actorId) }).admin);
      const changes = pickKnown(command.changes, ORGANIZATION_SETTING_KEYS);
      if (changes.hostname !== undefined && facts.hostnameTaken) {
        throw conflict(`hostname: "${changes.hostname}" is already used by another organization`);
      }
      // GitBook answers 400 for an invalid default content; another organization's site reads as no site at all.
      if (changes.defaultContent && facts.defaultContentMissing) {
        throw invalid(`defaultContent.site: the organization has no site "${changes.defaultContent.site}"`);
      }
      const events: OrganizationEvent[] = [];
      if (Object.keys(changes).length > 0) events.push({ type: 'OrganizationSettingsChanged', data: { organizationId, changes } });
      const { mergeRules } = command;
      if (mergeRules !== undefined && !sameMergeRules(mergeRules, state.mergeRules)) {
        requireMembers(state, mergeRuleUsers(mergeRules));
        events.push({ type: 'OrganizationMergeRulesChanged', data: { organizationId, mergeRules: mergeRulesOf(mergeRules) } });
      }
      return events;
    }
    case 'UpdateMember': {
      const { actorId, userId, role } = command;
      requireAllowed(memberPermissions(actorId, actorRole(state, actorId), userId).edit);
      const member = requireTargetMember(state, userId);
      if (role === undefined || member.role === role) return [];
      if (role !== 'admin') ensureNotLastAdmin(state, userId, 'demoted');
      return [{ type: 'MemberRoleChanged', data: { organizationId, userId, role } }];
    }
    case 'RemoveMember': {
      // Members may leave on their own; removing someone else takes an admin.
      const { actorId, userId } = command;
      requireAllowed(memberPermissions(actorId, actorRole(state, actorId), userId).remove);
      requireTargetMember(state, userId);
      ensureNotLastAdmin(state, userId, 'removed');
      return [{ type: 'MemberRemoved', data: { organizationId, userId } }];
    }
    case 'EnableMemberSso': {
      const { actorId, userId } = command;
      requireAllowed(memberPermissions(actorId, actorRole(state, actorId), userId).enableSso);
      if (requireTargetMember(state, userId).sso) return [];
      return [{ type: 'MemberSsoEnabled', data: { organizationId, userId } }];
    }
    case 'InviteMembers': {
      requireAllowed(invitePermissions(actorRole(state, command.actorId)).manage);
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
      requireAllowed(invitePermissions(actorRole(state, command.actorId)).manage);
      requireInviteLinksEnabled(state);
      const { inviteId, role } = command;
      if (state.linkInvites.has(inviteId)) throw conflict('invite already exists');
      return [{ type: 'LinkInviteCreated', data: { organizationId, inviteId, role } }];
    }
    case 'UpdateLinkInvite': {
      requireAllowed(invitePermissions(actorRole(state, command.actorId)).manage);
      const { inviteId, role } = command;
      if (requireLinkInvite(state, inviteId) === role) return [];
      return [{ type: 'LinkInviteRoleChanged', data: { organizationId, inviteId, role } }];
    }
    case 'DeleteLinkInvite': {
      requireAllowed(invitePermissions(actorRole(state, command.actorId)).manage);
      const { inviteId } = command;
      requireLinkInvite(state, inviteId);
      return [{ type: 'LinkInviteDeleted', data: { organizationId, inviteId } }];
    }
    case 'JoinWithLinkInvite': {
      if (!state.exists) throw notFound('invite not found');
      const role = requireLinkInvite(state, command.inviteId);
      requireInviteLinksEnabled(state);
      const { userId } = command;
      // Already a member: joining again changes nothing (the invite never lowers or raises a role).
      if (state.members.has(userId)) return [];
      return [{ type: 'MemberJoined', data: { organizationId, userId, role, via: 'link-invite' } }];
    }
  }
}

/** An organization: its settings, members and link invites, in stream `organization-<organizationId>`. */
export const organizationAggregate: Aggregate<OrganizationState, OrganizationCommand, OrganizationEvent, OrganizationFacts> = {
  category: 'organization',
  initialState: initialOrganizationState,
  evolve: evolveOrganization,
  decide: decideOrganization,
  schemaVersions: {
    OrganizationCreated: 1,
    OrganizationSettingsChanged: 1,
    OrganizationMergeRulesChanged: 1,
    MemberJoined: 1,
    MemberRoleChanged: 1,
    MemberRemoved: 1,
    MemberSsoEnabled: 1,
    LinkInviteCreated: 1,
    LinkInviteRoleChanged: 1,
    LinkInviteDeleted: 1,
  },
};
