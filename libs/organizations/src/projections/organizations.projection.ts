import { Projection, RecordedEvent } from '@docs/platform';
import { MEMBER_ACTIVITY_EVENT_TYPES, MemberSeen } from '../domain/member-activity';
import {
  LinkInviteCreated,
  LinkInviteDeleted,
  LinkInviteRoleChanged,
  MemberJoined,
  MemberRemoved,
  MemberRoleChanged,
  MemberSsoEnabled,
  ORGANIZATION_EVENT_TYPES,
  OrganizationCreated,
  OrganizationSettingsChanged,
} from '../domain/organization';
import { UserRegistered } from '../domain/user';
import {
  DirectoryDoc, LINK_INVITES, LinkInviteDoc, MEMBER_DIRECTORY, MemberDoc, memberDocId, MEMBERS, ORGANIZATION_DOMAINS, OrganizationDoc, OrganizationDomainDoc,
  organizationDomainId, ORGANIZATIONS,
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
 *
 * Every list of these collections is one index range in its order, and counts its scope from a
 * counter (docs/read-models.md).
 */
export const organizationsProjection: Projection = {
  name: 'organizations',
  version: 3,
  collections: [ORGANIZATIONS, ORGANIZATION_DOMAINS, MEMBERS, MEMBER_DIRECTORY, LINK_INVITES],
  handles: ['UserRegistered', ...ORGANIZATION_EVENT_TYPES, ...MEMBER_ACTIVITY_EVENT_TYPES],
  applyReadsByIdOnly: true,
  async apply(event: RecordedEvent, w) {
    const at = event.metadata.occurredAt;
    switch (event.type) {
      case 'UserRegistered': {
        const { userId, email, displayName } = (event as unknown as UserRegistered).data;
        w.put('member_directory', { id: userId, email, displayName } satisfies DirectoryDoc);
        return;
      }
      case 'OrganizationCreated': {
        const { organizationId, title, emailDomains, type, plan, inviteLinks } = (event as unknown as OrganizationCreated).data;
        w.put('organizations', {
          id: organizationId, title, emailDomains, type, plan, inviteLinks, sso: false, ai: false, createdAt: at, updatedAt: at,
        } satisfies OrganizationDoc);
        for (const domain of emailDomains) w.put('organization_domains', domainDoc(domain, organizationId, at));
        return;
      }
      case 'OrganizationSettingsChanged': {
        const { organizationId, changes } = (event as unknown as OrganizationSettingsChanged).data;
        let was: string[] = [];
        const after = await w.update<OrganizationDoc>('organizations', organizationId, (doc) => {
          if (!doc) return null;
          was = doc.emailDomains ?? [];
          const next: OrganizationDoc = { ...doc, updatedAt: at };
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) delete next[key];
            else next[key] = value;
          }
          return next;
        });
        if (after && 'emailDomains' in changes) {
          const now: string[] = after.emailDomains ?? [];
          for (const domain of was.filter((d) => !now.includes(d))) w.delete('organization_domains', organizationDomainId(domain, organizationId));
          for (const domain of now.filter((d) => !was.includes(d))) w.put('organization_domains', domainDoc(domain, organizationId, after.createdAt));
        }
        return;
      }
      case 'MemberJoined': {
        const { organizationId, userId, role } = (event as unknown as MemberJoined).data;
        const profile = await w.get<DirectoryDoc>('member_directory', userId);
        w.put('members', {
          id: memberDocId(organizationId, userId),
          organizationId,
          userId,
          role,
          roleKey: role ?? 'guest',
          displayName: profile?.displayName ?? '',
          nameKey: (profile?.displayName ?? '').toLowerCase(),
          email: profile?.email ?? '',
          disabled: false,
          sso: false,
          joinedAt: at,
          spaces: 0,
          teams: 0,
          sites: 0,
        } satisfies MemberDoc);
        return;
      }
      case 'MemberRoleChanged': {
        const { organizationId, userId, role } = (event as unknown as MemberRoleChanged).data;
        await w.update<MemberDoc>('members', memberDocId(organizationId, userId), (doc) => doc && { ...doc, role, roleKey: role ?? 'guest' });
        return;
      }
      case 'MemberRemoved': {
        const { organizationId, userId } = (event as unknown as MemberRemoved).data;
        w.delete('members', memberDocId(organizationId, userId));
        return;
      }
      case 'MemberSsoEnabled': {
        const { organizationId, userId } = (event as unknown as MemberSsoEnabled).data;
        await w.update<MemberDoc>('members', memberDocId(organizationId, userId), (doc) => doc && { ...doc, sso: true });
        return;
      }
      case 'MemberSeen': {
        // A ping racing a removal may arrive after the member is gone: nothing to update then.
        const { organizationId, userId, seenAt } = (event as unknown as MemberSeen).data;
        await w.update<MemberDoc>('members', memberDocId(organizationId, userId), (doc) => doc && { ...doc, lastSeenAt: seenAt });
        return;
      }
      case 'LinkInviteCreated': {
        const { organizationId, inviteId, role } = (event as unknown as LinkInviteCreated).data;
        w.put('link_invites', { id: inviteId, organizationId, role, createdAt: at, createdBy: event.metadata.actor } satisfies LinkInviteDoc);
        return;
      }
      case 'LinkInviteRoleChanged': {
        const { inviteId, role } = (event as unknown as LinkInviteRoleChanged).data;
        await w.update<LinkInviteDoc>('link_invites', inviteId, (doc) => doc && { ...doc, role });
        return;
      }
      case 'LinkInviteDeleted': {
        w.delete('link_invites', (event as unknown as LinkInviteDeleted).data.inviteId);
        return;
      }
    }
  },
};
