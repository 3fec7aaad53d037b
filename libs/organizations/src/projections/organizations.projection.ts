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
import { LinkInviteDoc, MemberDoc, memberDocId, OrganizationDoc } from './read-model-types';

/** Profile fields copied into member documents so members can be searched by name and e-mail. */
interface DirectoryDoc {
  id: string;
  email: string;
  displayName: string;
  [key: string]: unknown;
}

/**
 * Organizations, their members and link invites.
 * v2: members carry `nameKey` (name sort), `sso` and `lastSeenAt` are maintained; link invites.
 */
export const organizationsProjection: Projection = {
  name: 'organizations',
  version: 2,
  collections: [
    { name: 'organizations', indexes: ['emailDomains', 'createdAt', 'hostname'] },
    { name: 'members', indexes: ['organizationId', 'userId', 'joinedAt', 'lastSeenAt', 'nameKey'] },
    { name: 'member_directory' },
    { name: 'link_invites', indexes: ['organizationId', 'createdAt'] },
  ],
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
        return;
      }
      case 'OrganizationSettingsChanged': {
        const { organizationId, changes } = (event as unknown as OrganizationSettingsChanged).data;
        await w.update<OrganizationDoc>('organizations', organizationId, (doc) => {
          if (!doc) return null;
          const next: OrganizationDoc = { ...doc, updatedAt: at };
          for (const [key, value] of Object.entries(changes)) {
            if (value === null) delete next[key];
            else next[key] = value;
          }
          return next;
        });
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
