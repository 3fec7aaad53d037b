import { Decider, DomainEvent, conflict, forbidden, notFound } from '@docs/platform';
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

export type OrganizationEvent = OrganizationCreated | OrganizationSettingsChanged | MemberJoined | MemberRoleChanged | MemberRemoved;

export const ORGANIZATION_EVENT_TYPES = [
  'OrganizationCreated',
  'OrganizationSettingsChanged',
  'MemberJoined',
  'MemberRoleChanged',
  'MemberRemoved',
] as const;

export interface OrganizationState {
  exists: boolean;
  hostname?: string;
  inviteLinks: boolean;
  members: Map<string, { role: RoleOrGuest }>;
}

export type OrganizationCommand =
  | { type: 'CreateOrganization'; organizationId: string; title: string; emailDomains: string[]; creatorId: string }
  | { type: 'ChangeOrganizationSettings'; organizationId: string; actorId: string; changes: OrganizationSettings };

export function initialOrganizationState(): OrganizationState {
  return { exists: false, inviteLinks: true, members: new Map() };
}

export function evolveOrganization(state: OrganizationState, event: OrganizationEvent): OrganizationState {
  switch (event.type) {
    case 'OrganizationCreated':
      return { ...state, exists: true, inviteLinks: event.data.inviteLinks };
    case 'OrganizationSettingsChanged': {
      const { hostname, inviteLinks } = event.data.changes;
      return { ...state, ...(hostname !== undefined ? { hostname } : {}), ...(inviteLinks !== undefined ? { inviteLinks } : {}) };
    }
    case 'MemberJoined':
    case 'MemberRoleChanged': {
      const members = new Map(state.members);
      members.set(event.data.userId, { role: event.data.role });
      return { ...state, members };
    }
    case 'MemberRemoved': {
      const members = new Map(state.members);
      members.delete(event.data.userId);
      return { ...state, members };
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

function changedSettings(changes: OrganizationSettings): OrganizationSettings {
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as OrganizationSettings;
}

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
  }
}

export const organizationDecider: Decider<OrganizationState, OrganizationCommand, OrganizationEvent> = {
  initialState: initialOrganizationState,
  evolve: evolveOrganization,
  decide: decideOrganization,
};
