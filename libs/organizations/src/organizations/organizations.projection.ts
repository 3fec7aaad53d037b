import { defineProjection, touchDoc } from '@docs/platform/projections';
import { MemberActivityEvent } from '../members/member-activity.decider';
import { ORGANIZATION_SETTING_KEYS, OrganizationEvent } from './organization.decider';
import { UserRegistered } from '../users/user.decider';
import {
  LINK_INVITES,
  MEMBER_DIRECTORY,
  memberDocId,
  MEMBERS,
  ORGANIZATION_DOMAINS,
  OrganizationDoc,
  OrganizationDomainDoc,
  organizationDomainId,
  ORGANIZATIONS,
} from './organizations.read-model';

/** Listed in the organization's creation order, as organizations are. */
const domainDoc = (domain: string, organizationId: string, createdAt: string): OrganizationDomainDoc => ({
  id: organizationDomainId(domain, organizationId),
  domain,
  organizationId,
  createdAt,
});

/**
 * Organizations, their members and link invites.
 * v2: members carry `nameKey` (name sort), `sso` and `lastSeenAt` are maintained; link invites.
 * v3: `organization_domains` (one document per declared e-mail domain), so organizations are found
 * by domain through an index instead of testing every organization's `emailDomains` array.
 * v4: organizations carry their `mergeRules` once set (absent: none).
 *
 * Every list of these collections is one index range in its order, and counts its scope from a
 * counter (docs/read-models.md).
 */
export const organizationsProjection = defineProjection<OrganizationEvent | MemberActivityEvent | UserRegistered>({
  name: 'organizations',
  version: 4,
  collections: [ORGANIZATIONS, ORGANIZATION_DOMAINS, MEMBERS, MEMBER_DIRECTORY, LINK_INVITES],
  applyReadsByIdOnly: true,
  on: {
    UserRegistered({ data: { userId, email, displayName } }, w) {
      w.put(MEMBER_DIRECTORY, { id: userId, email, displayName });
    },
    OrganizationCreated({ data: { organizationId, title, emailDomains, type, plan, inviteLinks }, metadata: { occurredAt: at } }, w) {
      w.put(ORGANIZATIONS, {
        id: organizationId,
        title,
        emailDomains,
        type,
        plan,
        inviteLinks,
        sso: false,
        ai: false,
        createdAt: at,
        updatedAt: at,
      });
      for (const domain of emailDomains) w.put(ORGANIZATION_DOMAINS, domainDoc(domain, organizationId, at));
    },
    async OrganizationSettingsChanged({ data: { organizationId, changes }, metadata: { occurredAt } }, w) {
      let was: string[] = [];
      const after = await w.update(ORGANIZATIONS, organizationId, (doc) => {
        if (!doc) return null;
        was = doc.emailDomains ?? [];
        const next: OrganizationDoc = { ...doc, updatedAt: occurredAt };
        for (const key of ORGANIZATION_SETTING_KEYS) {
          if (!Object.hasOwn(changes, key)) continue;
          if (changes[key] === null) delete next[key];
          else Object.assign(next, { [key]: changes[key] });
        }
        return next;
      });
      if (after && Object.hasOwn(changes, 'emailDomains')) {
        const now: string[] = after.emailDomains ?? [];
        for (const domain of was.filter((d) => !now.includes(d)))
          w.delete(ORGANIZATION_DOMAINS, organizationDomainId(domain, organizationId));
        for (const domain of now.filter((d) => !was.includes(d)))
          w.put(ORGANIZATION_DOMAINS, domainDoc(domain, organizationId, after.createdAt));
      }
    },
    async OrganizationMergeRulesChanged({ data: { organizationId, mergeRules }, metadata: { occurredAt } }, w) {
      await touchDoc(w, ORGANIZATIONS, organizationId, occurredAt, () => ({ mergeRules }));
    },
    async MemberJoined({ data: { organizationId, userId, role }, metadata: { occurredAt } }, w) {
      const profile = await w.get(MEMBER_DIRECTORY, userId);
      const displayName = profile?.displayName ?? '';
      w.put(MEMBERS, {
        id: memberDocId(organizationId, userId),
        organizationId,
        userId,
        role,
        roleKey: role ?? 'guest',
        displayName,
        nameKey: displayName.toLowerCase(),
        email: profile?.email ?? '',
        disabled: false,
        sso: false,
        joinedAt: occurredAt,
        spaces: 0,
        teams: 0,
        sites: 0,
      });
    },
    async MemberRoleChanged({ data: { organizationId, userId, role } }, w) {
      await w.update(MEMBERS, memberDocId(organizationId, userId), (doc) => doc && { ...doc, role, roleKey: role ?? 'guest' });
    },
    MemberRemoved({ data: { organizationId, userId } }, w) {
      w.delete(MEMBERS, memberDocId(organizationId, userId));
    },
    async MemberSsoEnabled({ data: { organizationId, userId } }, w) {
      await w.update(MEMBERS, memberDocId(organizationId, userId), (doc) => doc && { ...doc, sso: true });
    },
    // A ping racing a removal may arrive after the member is gone: nothing to update then.
    async MemberSeen({ data: { organizationId, userId, seenAt } }, w) {
      await w.update(MEMBERS, memberDocId(organizationId, userId), (doc) => doc && { ...doc, lastSeenAt: seenAt });
    },
    LinkInviteCreated({ data: { organizationId, inviteId, role }, metadata: { occurredAt, actor } }, w) {
      w.put(LINK_INVITES, { id: inviteId, organizationId, role, createdAt: occurredAt, createdBy: actor });
    },
    async LinkInviteRoleChanged({ data: { inviteId, role } }, w) {
      await w.update(LINK_INVITES, inviteId, (doc) => doc && { ...doc, role });
    },
    LinkInviteDeleted({ data: { inviteId } }, w) {
      w.delete(LINK_INVITES, inviteId);
    },
  },
});
