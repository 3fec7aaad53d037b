import {
  defineReadModel,
  Doc,
  equalTo,
  Filter,
  FindResult,
  found,
  OLDEST_FIRST,
  Page,
  ReadModels,
  Sort,
  Provided,
} from '@docs/platform/projections';
import type { OrganizationType } from './organization.events';
import { MergeRulesConfiguration, Role } from '@docs/kernel';
import { RoleOrGuest } from '../shared/roles.domain';

/** The organizations read model: organizations, their e-mail domains, members and link invites. */
export interface OrganizationDoc extends Doc {
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
  /** Set by OrganizationMergeRulesChanged; absent: none. */
  mergeRules?: MergeRulesConfiguration;
  /** GitBook's onboarding answers; no event sets them yet, so they are absent. */
  useCase?: string;
  communityType?: string;
}

/** An e-mail domain an organization declares (GET /v1/email-domains/{emailDomain}/orgs). */
export interface OrganizationDomainDoc extends Doc {
  /** `<domain>:<organizationId>` */
  id: string;
  domain: string;
  organizationId: string;
  /** The organization's creation time: organizations of a domain list oldest first. */
  createdAt: string;
}

export const organizationDomainId = (domain: string, organizationId: string) => `${domain}:${organizationId}`;

export interface MemberDoc extends Doc {
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
  /** Always 0, kept for the stored shape: answers count spaces through SpaceCounts (MemberViews). */
  spaces: number;
  teams: number;
  sites: number;
}

export const memberDocId = (organizationId: string, userId: string) => `${organizationId}:${userId}`;

/** An active link invite (deleted ones are removed). */
export interface LinkInviteDoc extends Doc {
  /** The invite id. */
  id: string;
  organizationId: string;
  role: RoleOrGuest;
  createdAt: string;
  createdBy: string;
}

/** Profile fields copied into member documents so members can be searched by name and e-mail. */
export interface DirectoryDoc extends Doc {
  email: string;
  displayName: string;
}

export const ORGANIZATIONS = defineReadModel<OrganizationDoc>({ name: 'organizations', indexes: ['hostname', 'createdAt'] });
export const ORGANIZATION_DOMAINS = defineReadModel<OrganizationDomainDoc>({
  name: 'organization_domains',
  lists: [['domain', 'createdAt']],
});
export const MEMBERS = defineReadModel<MemberDoc>({
  name: 'members',
  // GET /v1/orgs/{id}/members in its default order: searches by name or e-mail read this index alone.
  searchIndexes: [['organizationId', 'joinedAt']],
  indexes: [
    // GET /v1/orgs/{id}/members: by organization (and role), in each other sort order it offers.
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
export const LINK_INVITES = defineReadModel<LinkInviteDoc>({
  name: 'link_invites',
  lists: [['organizationId', 'createdAt']],
});

export type MemberSort = 'joinedAt' | 'lastSeenAt' | 'name';

export interface MemberFilters {
  order?: 'asc' | 'desc';
  /** A role, or `guest` for members without one. */
  role?: Role | 'guest';
  /** Case-insensitive substring of the display name or the e-mail address. */
  search?: string;
  sort?: MemberSort;
}

const MEMBER_SORT_FIELDS: Record<MemberSort, string> = { joinedAt: 'joinedAt', lastSeenAt: 'lastSeenAt', name: 'nameKey' };

/** The most organizations one e-mail domain lists. */
const MAX_DOMAIN_ORGANIZATIONS = 1000;

/** What exists of an organization for one user: the organization and their membership, either possibly missing. */
export interface Standing {
  organization: OrganizationDoc | null;
  member: MemberDoc | null;
}

/** The queries over the organizations read model. Every list is one index range (docs/read-models.md). */
@Provided()
export class OrganizationsReadModel {
  constructor(private readonly readModels: ReadModels) {}

  /** The organization and the user's membership, read together; no access check. */
  async standing(organizationId: string, userId: string): Promise<Standing> {
    const [organization, member] = await Promise.all([
      this.readModels.get(ORGANIZATIONS, organizationId),
      this.readModels.get(MEMBERS, memberDocId(organizationId, userId)),
    ]);
    return { organization, member };
  }

  async organization(organizationId: string): Promise<OrganizationDoc> {
    return found(await this.readModels.get(ORGANIZATIONS, organizationId), 'organization not found');
  }

  /** Organizations by id (missing ones left out). */
  organizations(ids: string[]): Promise<OrganizationDoc[]> {
    return this.readModels.getMany(ORGANIZATIONS, ids);
  }

  /** The organizations declaring the (lower-case) e-mail domain, oldest first. */
  async organizationsWithDomain(domain: string): Promise<OrganizationDoc[]> {
    const declared = await this.readModels.findIn(ORGANIZATION_DOMAINS, 'domain', domain, OLDEST_FIRST, {
      limit: MAX_DOMAIN_ORGANIZATIONS,
    });
    return this.organizations(declared.items.map((d) => d.organizationId));
  }

  /** Whether an organization other than `organizationId` uses the hostname. */
  async hostnameTaken(hostname: string, organizationId: string): Promise<boolean> {
    const taken = await this.readModels.find(ORGANIZATIONS, {
      where: [
        { field: 'hostname', op: 'eq', value: hostname },
        { field: 'id', op: 'ne', value: organizationId },
      ],
      limit: 1,
    });
    return taken.count > 0;
  }

  /** A member of the organization; 404 for anyone else. */
  async member(organizationId: string, userId: string): Promise<MemberDoc> {
    const member = await this.readModels.get(MEMBERS, memberDocId(organizationId, userId));
    return found(member, `member not found: user ${userId} is not a member of this organization`);
  }

  /** The organization's members among these users (non-members left out). */
  membersAmong(organizationId: string, userIds: string[]): Promise<MemberDoc[]> {
    return this.readModels.getMany(
      MEMBERS,
      userIds.map((userId) => memberDocId(organizationId, userId)),
    );
  }

  /** The organization's members with one of these (lower-case) e-mail addresses. */
  async membersWithEmails(organizationId: string, emails: string[]): Promise<MemberDoc[]> {
    const matching = await this.readModels.find(MEMBERS, {
      where: [
        { field: 'organizationId', op: 'eq', value: organizationId },
        { field: 'email', op: 'in', values: emails },
      ],
      limit: emails.length + 10,
    });
    return matching.items;
  }

  /** The user's memberships in each of the organizations (non-members left out). */
  membershipsIn(organizationIds: string[], userId: string): Promise<MemberDoc[]> {
    return this.readModels.getMany(
      MEMBERS,
      organizationIds.map((id) => memberDocId(id, userId)),
    );
  }

  /** The user's active memberships, oldest first. */
  membershipsOf(userId: string, page: Page): Promise<FindResult<MemberDoc>> {
    return this.readModels.find(MEMBERS, {
      where: equalTo({ userId, disabled: false }),
      sort: { field: 'joinedAt', direction: 'asc' },
      ...page,
    });
  }

  /**
   * The organization's members, sorted by `sort` (default joinedAt; lastSeenAt lists only members
   * seen at least once) in `order` (default desc), the member id breaking ties, so pages are stable.
   */
  members(organizationId: string, filters: MemberFilters, page: Page): Promise<FindResult<MemberDoc>> {
    const sortBy = filters.sort ?? 'joinedAt';
    const where: Filter[] = [{ field: 'organizationId', op: 'eq', value: organizationId }];
    if (filters.role) where.push({ field: 'roleKey', op: 'eq', value: filters.role });
    if (filters.search) {
      where.push({
        op: 'or',
        any: [[{ field: 'displayName', op: 'ilike', value: filters.search }], [{ field: 'email', op: 'ilike', value: filters.search }]],
      });
    }
    if (sortBy === 'lastSeenAt') where.push({ field: 'lastSeenAt', op: 'exists', value: true });
    const sort: Sort = { field: MEMBER_SORT_FIELDS[sortBy], direction: filters.order ?? 'desc' };
    return this.readModels.find(MEMBERS, { where, sort, ...page });
  }

  /** An active link invite of the organization; 404 otherwise. */
  async linkInvite(organizationId: string, inviteId: string): Promise<LinkInviteDoc> {
    return found(await this.readModels.getIn(LINK_INVITES, inviteId, 'organizationId', organizationId), 'invite not found');
  }

  /** The organization's link invites, oldest first. */
  linkInvites(organizationId: string, page: Page): Promise<FindResult<LinkInviteDoc>> {
    return this.readModels.findIn(LINK_INVITES, 'organizationId', organizationId, OLDEST_FIRST, page);
  }
}
