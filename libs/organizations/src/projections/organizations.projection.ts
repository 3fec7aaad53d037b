import { Projection, RecordedEvent } from '@docs/platform';
import {
  MemberJoined,
  MemberRemoved,
  MemberRoleChanged,
  OrganizationCreated,
  OrganizationSettingsChanged,
} from '../domain/organization';
import { UserRegistered } from '../domain/user';
import { MemberDoc, memberDocId, OrganizationDoc } from './read-model-types';

/** Profile fields copied into member documents so members can be searched by name and e-mail. */
interface DirectoryDoc {
  id: string;
  email: string;
  displayName: string;
  [key: string]: unknown;
}

/** Organizations and their members. */
export const organizationsProjection: Projection = {
  name: 'organizations',
  version: 1,
  collections: [
    { name: 'organizations', indexes: ['emailDomains', 'createdAt'] },
    { name: 'members', indexes: ['organizationId', 'userId', 'joinedAt', 'lastSeenAt'] },
    { name: 'member_directory' },
  ],
  handles: ['UserRegistered', 'OrganizationCreated', 'OrganizationSettingsChanged', 'MemberJoined', 'MemberRoleChanged', 'MemberRemoved'],
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
    }
  },
};
