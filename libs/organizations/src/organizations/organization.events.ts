import type { DomainEvent, MergeRulesConfiguration } from '@docs/kernel';
import type { RoleOrGuest } from '../shared/roles.domain';

/** What happens to an organization: its settings, its members and its link invites (stream `organization-<organizationId>`). */

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
  {
    organizationId: string;
    title: string;
    emailDomains: string[];
    type: OrganizationType;
    plan: string;
    inviteLinks: boolean;
    createdBy: string;
  }
>;

export type OrganizationSettingsChanged = DomainEvent<
  'OrganizationSettingsChanged',
  { organizationId: string; changes: OrganizationSettings }
>;
/**
 * The organization's merge rules became `mergeRules` (PATCH /v1/orgs/{organizationId} with
 * mergeRules); spaces that inherit them follow.
 */
export type OrganizationMergeRulesChanged = DomainEvent<
  'OrganizationMergeRulesChanged',
  { organizationId: string; mergeRules: MergeRulesConfiguration }
>;
export type MemberJoined = DomainEvent<
  'MemberJoined',
  { organizationId: string; userId: string; role: RoleOrGuest; via: 'creation' | 'invite' | 'link-invite' }
>;
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
  | OrganizationMergeRulesChanged
  | MemberJoined
  | MemberRoleChanged
  | MemberRemoved
  | MemberSsoEnabled
  | LinkInviteCreated
  | LinkInviteRoleChanged
  | LinkInviteDeleted;
