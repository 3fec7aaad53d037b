import { defineReadModel } from '@docs/platform';
import { OrganizationType } from '../domain/organization';
import { RoleOrGuest } from '../domain/roles';

/** The organizations read model: organizations, their e-mail domains, members and link invites. */
export interface OrganizationDoc {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  emailDomains: string[];
  hostname?: string;
  type: OrganizationType;
  plan: string;
  defaultRole?: RoleOrGuest;
  defaultContent?: { type: 'site'; site: string };
  logo?: string;
  sso: boolean;
  ai: boolean;
  inviteLinks: boolean;
  [key: string]: unknown;
}

/** An e-mail domain an organization declares (GET /v1/email-domains/{emailDomain}/orgs). */
export interface OrganizationDomainDoc {
  /** `<domain>:<organizationId>` */
  id: string;
  domain: string;
  organizationId: string;
  /** The organization's creation time: organizations of a domain list oldest first. */
  createdAt: string;
  [key: string]: unknown;
}

export const organizationDomainId = (domain: string, organizationId: string) => `${domain}:${organizationId}`;

export interface MemberDoc {
  /** `<organizationId>:<userId>` */
  id: string;
  organizationId: string;
  userId: string;
  role: RoleOrGuest;
  /** `guest` when role is null, so the role filter can select guests. */
  roleKey: string;
  displayName: string;
  /** Lower-cased displayName: the `name` sort of the member listing. */
  nameKey: string;
  email: string;
  photoURL?: string;
  disabled: boolean;
  sso: boolean;
  joinedAt: string;
  lastSeenAt?: string;
  spaces: number;
  teams: number;
  sites: number;
  [key: string]: unknown;
}

export const memberDocId = (organizationId: string, userId: string) => `${organizationId}:${userId}`;

/** An active link invite (deleted ones are removed). */
export interface LinkInviteDoc {
  /** The invite id. */
  id: string;
  organizationId: string;
  role: RoleOrGuest;
  createdAt: string;
  createdBy: string;
  [key: string]: unknown;
}

/** Profile fields copied into member documents so members can be searched by name and e-mail. */
export interface DirectoryDoc {
  id: string;
  email: string;
  displayName: string;
  [key: string]: unknown;
}

export const ORGANIZATIONS = defineReadModel<OrganizationDoc>({ name: 'organizations', indexes: ['hostname', 'createdAt'] });
export const ORGANIZATION_DOMAINS = defineReadModel<OrganizationDomainDoc>({ name: 'organization_domains', indexes: [['domain', 'createdAt']], counts: [['domain']] });
export const MEMBERS = defineReadModel<MemberDoc>({
  name: 'members',
  indexes: [
    // GET /v1/orgs/{id}/members: by organization (and role), in each sort order it offers.
    ['organizationId', 'joinedAt'],
    ['organizationId', 'lastSeenAt'],
    ['organizationId', 'nameKey'],
    ['organizationId', 'roleKey', 'joinedAt'],
    ['organizationId', 'roleKey', 'lastSeenAt'],
    ['organizationId', 'roleKey', 'nameKey'],
    // GET /v1/orgs: the caller's organizations.
    ['userId', 'disabled', 'joinedAt'],
    // Team member changes name members by e-mail.
    ['organizationId', 'email'],
  ],
  search: ['displayName', 'email'],
  counts: [['organizationId'], ['organizationId', 'roleKey'], ['userId', 'disabled']],
});
export const MEMBER_DIRECTORY = defineReadModel<DirectoryDoc>({ name: 'member_directory' });
export const LINK_INVITES = defineReadModel<LinkInviteDoc>({ name: 'link_invites', indexes: [['organizationId', 'createdAt']], counts: [['organizationId']] });
