import { RoleOrGuest } from '../domain/roles';
import { OrganizationType } from '../domain/organization';

/** Documents of the organizations context's read models. */
export interface UserDoc {
  id: string;
  email: string;
  displayName: string;
  photoURL?: string;
  createdAt: string;
  [key: string]: unknown;
}

export interface ApiTokenDoc {
  /** The token's SHA-256 hash. */
  id: string;
  tokenId: string;
  userId: string;
  name: string;
  createdAt: string;
  [key: string]: unknown;
}

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

/**
 * A member's permission on a space (GET .../members/{userId}/spaces). Written by the member-spaces
 * projection once the content context publishes space and permission events.
 */
export interface MemberSpaceDoc {
  /** `<organizationId>:<userId>:<spaceId>` */
  id: string;
  organizationId: string;
  userId: string;
  spaceId: string;
  permission: string;
  /** The Space object as the content context presents it. */
  space: Record<string, unknown>;
  grantedAt: string;
  [key: string]: unknown;
}
