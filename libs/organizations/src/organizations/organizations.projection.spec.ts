import { projectionSpecPerTest } from '@docs/platform/testing';
import { organizationsProjection } from './organizations.projection';
import { LINK_INVITES, memberDocId, MEMBERS, ORGANIZATION_DOMAINS, ORGANIZATIONS } from './organizations.read-model';

const DAY1 = '2024-01-01T00:00:00.000Z';
const DAY2 = '2024-01-02T00:00:00.000Z';
const at = (occurredAt: string) => ({ metadata: { occurredAt } });

const created = (emailDomains: string[] = []) => ({
  type: 'OrganizationCreated',
  data: { organizationId: 'o1', title: 'Acme', emailDomains, type: 'business', plan: 'free_2024', inviteLinks: true, createdBy: 'u1' },
  ...at(DAY1),
});
const settingsChanged = (changes: Record<string, unknown>, occurredAt = DAY2) => ({
  type: 'OrganizationSettingsChanged',
  data: { organizationId: 'o1', changes },
  ...at(occurredAt),
});
const joined = (userId: string, role: string | null) => ({
  type: 'MemberJoined',
  data: { organizationId: 'o1', userId, role, via: 'invite' },
  ...at(DAY2),
});

describe('organizations projection', () => {
  const spec = projectionSpecPerTest(organizationsProjection);

  const domains = async () =>
    (await spec.readModels.find(ORGANIZATION_DOMAINS, { where: [{ field: 'organizationId', op: 'eq', value: 'o1' }], limit: 100 })).items;

  describe('organizations', () => {
    it('keeps each organization, its settings changed key by key, null clearing one', async () => {
      await spec.given([created(), settingsChanged({ title: 'Renamed', logo: 'https://x.test/l.png', defaultRole: 'edit' })]);
      expect(await spec.readModels.get(ORGANIZATIONS, 'o1')).toEqual({
        id: 'o1',
        title: 'Renamed',
        emailDomains: [],
        type: 'business',
        plan: 'free_2024',
        inviteLinks: true,
        sso: false,
        ai: false,
        logo: 'https://x.test/l.png',
        defaultRole: 'edit',
        createdAt: DAY1,
        updatedAt: DAY2,
      });
      await spec.given([settingsChanged({ logo: null, defaultRole: null }, '2024-01-03T00:00:00.000Z')]);
      const after = await spec.readModels.get(ORGANIZATIONS, 'o1');
      expect(after).not.toHaveProperty('logo');
      expect(after).not.toHaveProperty('defaultRole');
      expect(after).toMatchObject({ title: 'Renamed', updatedAt: '2024-01-03T00:00:00.000Z' });
    });

    it('copies no key of a change but the settings', async () => {
      const changes = JSON.parse('{"title":"New","__proto__":{"admin":true},"plan":"pro","id":"o2"}');
      await spec.given([created(), settingsChanged(changes)]);
      const doc = await spec.readModels.get(ORGANIZATIONS, 'o1');
      expect(doc).toMatchObject({ id: 'o1', title: 'New', plan: 'free_2024' });
      expect(Object.getPrototypeOf(doc)).toBe(Object.prototype);
    });
  });

  describe('organization_domains', () => {
    it('keeps one document per declared domain, in the organization creation order', async () => {
      await spec.given([created(['acme.test', 'acme.example'])]);
      expect((await domains()).map((d) => [d.id, d.createdAt]).sort()).toEqual([
        ['acme.example:o1', DAY1],
        ['acme.test:o1', DAY1],
      ]);

      await spec.given([settingsChanged({ emailDomains: ['acme.example', 'acme.org'] })]);
      expect((await domains()).map((d) => d.id).sort()).toEqual(['acme.example:o1', 'acme.org:o1']);
      expect((await domains()).every((d) => d.createdAt === DAY1)).toBe(true);

      await spec.given([settingsChanged({ title: 'Renamed' })]);
      expect(await domains()).toHaveLength(2);

      await spec.given([settingsChanged({ emailDomains: null })]);
      expect(await domains()).toEqual([]);
    });
  });

  describe('members', () => {
    it('keeps each member with the profile registered for them, a guest under roleKey guest', async () => {
      await spec.given([
        { type: 'UserRegistered', data: { userId: 'u2', email: 'bob@acme.test', displayName: 'Bob Brown' } },
        created(),
        joined('u2', null),
      ]);
      expect(await spec.readModels.get(MEMBERS, memberDocId('o1', 'u2'))).toEqual({
        id: 'o1:u2',
        organizationId: 'o1',
        userId: 'u2',
        role: null,
        roleKey: 'guest',
        displayName: 'Bob Brown',
        nameKey: 'bob brown',
        email: 'bob@acme.test',
        disabled: false,
        sso: false,
        joinedAt: DAY2,
        spaces: 0,
        teams: 0,
        sites: 0,
      });
    });

    it('follows role changes, SSO and sightings, and forgets removed members', async () => {
      await spec.given([
        created(),
        joined('u2', 'read'),
        { type: 'MemberRoleChanged', data: { organizationId: 'o1', userId: 'u2', role: 'admin' } },
        { type: 'MemberSsoEnabled', data: { organizationId: 'o1', userId: 'u2' } },
        { type: 'MemberSeen', data: { organizationId: 'o1', userId: 'u2', seenAt: '2024-01-05T00:00:00.000Z' } },
      ]);
      expect(await spec.readModels.get(MEMBERS, memberDocId('o1', 'u2'))).toMatchObject({
        role: 'admin',
        roleKey: 'admin',
        sso: true,
        lastSeenAt: '2024-01-05T00:00:00.000Z',
      });

      await spec.given([
        { type: 'MemberRemoved', data: { organizationId: 'o1', userId: 'u2' } },
        // A ping that raced the removal: no member comes back.
        { type: 'MemberSeen', data: { organizationId: 'o1', userId: 'u2', seenAt: '2024-01-06T00:00:00.000Z' } },
      ]);
      expect(await spec.readModels.get(MEMBERS, memberDocId('o1', 'u2'))).toBeNull();
    });
  });

  describe('link invites', () => {
    it('keeps active invites with their creator, and drops deleted ones', async () => {
      await spec.given([
        created(),
        {
          type: 'LinkInviteCreated',
          data: { organizationId: 'o1', inviteId: 'i1', role: 'edit' },
          metadata: { occurredAt: DAY2, actor: 'u1' },
        },
        { type: 'LinkInviteRoleChanged', data: { organizationId: 'o1', inviteId: 'i1', role: null } },
      ]);
      expect(await spec.readModels.get(LINK_INVITES, 'i1')).toEqual({
        id: 'i1',
        organizationId: 'o1',
        role: null,
        createdAt: DAY2,
        createdBy: 'u1',
      });
      await spec.given([{ type: 'LinkInviteDeleted', data: { organizationId: 'o1', inviteId: 'i1' } }]);
      expect(await spec.readModels.get(LINK_INVITES, 'i1')).toBeNull();
    });
  });
});
