import { jwtVerify } from 'jose';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { collectAll, expectError, TestApp } from '../support/test-app';
import { expectGitbookSchema } from '../support/gitbook-schema';
import { newPerson, Person } from './fixtures/org-members';

describe('organization members', () => {
  let app: TestApp;
  let ownerId: string;
  let outsider: Person;
  let seq = 0;

  beforeAll(async () => {
    app = await TestApp.start();
    ownerId = (await app.get('/v1/user')).body.id;
    outsider = await person('Otto Outsider', 'outsider@elsewhere.test');
  });
  afterAll(() => app.stop());

  const person = (displayName: string, email = `p${++seq}-${Date.now()}@acme.test`) => newPerson(app, displayName, email);

  async function createOrg(title = 'Member Org'): Promise<string> {
    const res = await app.post('/v1/orgs', { title });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  /** Adds people through the invite endpoint, in order, each with `role`. */
  async function addMember(orgId: string, who: Person, role: string | null = 'read'): Promise<void> {
    const res = await app.post(`/v1/orgs/${orgId}/invites`, { emails: [{ email: who.email, role }] });
    expect(res.status).toBe(200);
    expect(res.body.users).toEqual([who.userId]);
  }

  const ids = (items: { id: string }[]) => items.map((m) => m.id);

  describe('GET /v1/orgs/{organizationId}/members', () => {
    let orgId: string;
    let people: Person[];

    beforeAll(async () => {
      orgId = await createOrg('Listing Org');
      people = [
        await person('alice Anders'),
        await person('Bob Brown'),
        await person('carla Cruz'),
        await person('Dan Duke'),
        await person('Eve Evans'),
      ];
      const roles = ['edit', 'read', 'edit', null, 'admin'];
      for (const [i, p] of people.entries()) await addMember(orgId, p, roles[i]);
    });

    it('lists every member as a GitBook OrganizationMember, newest first by default', async () => {
      const res = await app.get(`/v1/orgs/${orgId}/members`);
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(6);
      expect(res.body.next).toBeUndefined();
      expect(ids(res.body.items)).toEqual(
        [...people]
          .reverse()
          .map((p) => p.userId)
          .concat(ownerId),
      );
      for (const m of res.body.items) expectGitbookSchema('OrganizationMember', m);
      const bob = res.body.items.find((m: { id: string }) => m.id === people[1]!.userId);
      expect(bob).toEqual({
        object: 'member',
        id: people[1]!.userId,
        role: 'read',
        user: {
          object: 'user',
          id: people[1]!.userId,
          displayName: 'Bob Brown',
          email: people[1]!.email,
          urls: { location: `http://api.test/v1/users/${people[1]!.userId}` },
        },
        disabled: false,
        joinedAt: expect.any(String),
        sso: false,
        spaces: 0,
        teams: 0,
        sites: 0,
      });
      expect(new Date(bob.joinedAt).toISOString()).toBe(bob.joinedAt);
    });

    it('pages through a stable order in both directions', async () => {
      const first = await app.get(`/v1/orgs/${orgId}/members?limit=2`);
      expect(first.body).toMatchObject({ count: 6, next: { page: expect.any(String) } });
      expect(first.body.items).toHaveLength(2);
      const desc = await collectAll(app, `/v1/orgs/${orgId}/members?limit=2`);
      expect(ids(desc)).toEqual(
        [...people]
          .reverse()
          .map((p) => p.userId)
          .concat(ownerId),
      );
      const asc = await collectAll(app, `/v1/orgs/${orgId}/members?limit=4&order=asc`);
      expect(ids(asc)).toEqual([ownerId, ...people.map((p) => p.userId)]);
    });

    it('filters by role, guests included', async () => {
      const edit = await app.get(`/v1/orgs/${orgId}/members?role=edit&order=asc`);
      expect(edit.body.count).toBe(2);
      expect(ids(edit.body.items)).toEqual([people[0]!.userId, people[2]!.userId]);
      const admins = await collectAll(app, `/v1/orgs/${orgId}/members?role=admin&limit=1&order=asc`);
      expect(ids(admins)).toEqual([ownerId, people[4]!.userId]);
      const guests = await app.get(`/v1/orgs/${orgId}/members?role=guest`);
      expect(guests.body).toMatchObject({ count: 1, items: [{ id: people[3]!.userId, role: null }] });
      expect((await app.get(`/v1/orgs/${orgId}/members?role=review`)).body).toEqual({ count: 0, items: [] });
    });

    it('searches display names and e-mail addresses, case-insensitively', async () => {
      const byName = await app.get(`/v1/orgs/${orgId}/members?search=BROWN`);
      expect(ids(byName.body.items)).toEqual([people[1]!.userId]);
      const byEmail = await app.get(`/v1/orgs/${orgId}/members?search=${encodeURIComponent(people[2]!.email.slice(0, 6).toUpperCase())}`);
      expect(ids(byEmail.body.items)).toEqual([people[2]!.userId]);
      const domain = await collectAll(app, `/v1/orgs/${orgId}/members?search=acme.TEST&limit=2&order=asc`);
      expect(ids(domain)).toEqual(people.map((p) => p.userId));
      const combined = await app.get(`/v1/orgs/${orgId}/members?search=an&role=edit`);
      expect(ids(combined.body.items)).toEqual([people[0]!.userId]);
      expect((await app.get(`/v1/orgs/${orgId}/members?search=nobody-at-all`)).body).toEqual({ count: 0, items: [] });
    });

    it('sorts by name, case-insensitively', async () => {
      const asc = await collectAll(app, `/v1/orgs/${orgId}/members?sort=name&order=asc&limit=4`);
      expect(asc.map((m) => m.user.displayName)).toEqual(['alice Anders', 'Bob Brown', 'carla Cruz', 'Dan Duke', 'Eve Evans', 'Owner']);
      const desc = await app.get(`/v1/orgs/${orgId}/members?sort=name`);
      expect(desc.body.items[0].user.displayName).toBe('Owner');
    });

    it('sorted by lastSeenAt, lists only members who have been seen, most recent first', async () => {
      const org = await createOrg('Seen Org');
      const [a, b, c] = [await person('Seen A'), await person('Seen B'), await person('Never Seen')];
      for (const p of [a, b, c]) await addMember(org, p);
      expect((await app.get(`/v1/orgs/${org}/members?sort=lastSeenAt`)).body).toEqual({ count: 0, items: [] });
      expect((await app.post(`/v1/orgs/${org}/ping`, undefined, a.token)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 5));
      expect((await app.post(`/v1/orgs/${org}/ping`, undefined, b.token)).status).toBe(200);
      const seen = await app.get(`/v1/orgs/${org}/members?sort=lastSeenAt`);
      expect(seen.body.count).toBe(2);
      expect(ids(seen.body.items)).toEqual([b.userId, a.userId]);
      for (const m of seen.body.items as { lastSeenAt: string }[]) expect(new Date(m.lastSeenAt).toISOString()).toBe(m.lastSeenAt);
      const asc = await collectAll(app, `/v1/orgs/${org}/members?sort=lastSeenAt&order=asc&limit=1`);
      expect(ids(asc)).toEqual([a.userId, b.userId]);
      expect((await app.get(`/v1/orgs/${org}/members`)).body.count).toBe(4);
    });

    it.each([
      ['order=up', /order must be asc or desc/],
      ['role=owner', /role must be one of/],
      ['role=', /role must be one of/],
      ['sort=email', /sort must be one of/],
      [`search=${'x'.repeat(513)}`, /search must be shorter than or equal to 512/],
      ['search=a&search=b', /search must be a string/],
      ['limit=0', /limit must not be less than 1/],
      ['limit=1001', /limit must not be greater than 1000/],
      ['page=not-a-cursor', /page/],
      ['foo=bar', /property foo should not exist/],
    ])('rejects ?%s with 400 naming the parameter', async (query, message) => {
      expectError(await app.get(`/v1/orgs/${orgId}/members?${query}`), 400, message);
    });

    it('answers 401 without a token, 404 to non-members and for unknown organizations', async () => {
      expectError(await app.get(`/v1/orgs/${orgId}/members`, null), 401);
      const hidden = await app.get(`/v1/orgs/${orgId}/members`, outsider.token);
      expectError(hidden, 404);
      expect(hidden.body).toEqual((await app.get('/v1/orgs/unknownOrg0000000000/members')).body);
    });

    it('lets non-guest members list (permissions.listMembers) and forbids guests (403)', async () => {
      const reader = people[1]!;
      const guest = people[3]!;
      expect((await app.get(`/v1/orgs/${orgId}`, reader.token)).body.permissions.listMembers).toBe(true);
      expect((await app.get(`/v1/orgs/${orgId}/members`, reader.token)).body.count).toBe(6);
      expect((await app.get(`/v1/orgs/${orgId}`, guest.token)).body.permissions.listMembers).toBe(false);
      expectError(await app.get(`/v1/orgs/${orgId}/members`, guest.token), 403, /guests/);
    });
  });

  describe('GET /v1/orgs/{organizationId}/members/{userId}', () => {
    it('returns one member; a guest may see only themselves', async () => {
      const orgId = await createOrg();
      const [reader, guest] = [await person('Rita Reader'), await person('Gus Guest')];
      await addMember(orgId, reader, 'read');
      await addMember(orgId, guest, null);

      const res = await app.get(`/v1/orgs/${orgId}/members/${reader.userId}`, reader.token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        object: 'member',
        id: reader.userId,
        role: 'read',
        user: { displayName: 'Rita Reader', email: reader.email },
      });
      expectGitbookSchema('OrganizationMember', res.body);
      const owner = await app.get(`/v1/orgs/${orgId}/members/${ownerId}`, reader.token);
      expect(owner.body).toMatchObject({ id: ownerId, role: 'admin' });

      const self = await app.get(`/v1/orgs/${orgId}/members/${guest.userId}`, guest.token);
      expect(self.body).toMatchObject({ id: guest.userId, role: null });
      expectGitbookSchema('OrganizationMember', self.body);
      expectError(await app.get(`/v1/orgs/${orgId}/members/${ownerId}`, guest.token), 403);
    });

    it('answers 404 for non-members of the organization, unknown users, and to outsiders; 401 without token', async () => {
      const orgId = await createOrg();
      expectError(await app.get(`/v1/orgs/${orgId}/members/${outsider.userId}`), 404, /member not found/);
      expectError(await app.get(`/v1/orgs/${orgId}/members/nobody`), 404, /member not found/);
      expectError(await app.get(`/v1/orgs/${orgId}/members/${ownerId}`, outsider.token), 404, /organization not found/);
      expectError(await app.get(`/v1/orgs/${orgId}/members/${ownerId}`, null), 401);
    });
  });

  describe('PATCH /v1/orgs/{organizationId}/members/{userId}', () => {
    let orgId: string;
    let bob: Person;
    let carol: Person;

    beforeAll(async () => {
      orgId = await createOrg('Patch Org');
      bob = await person('Bob Patch');
      carol = await person('Carol Patch');
      await addMember(orgId, bob, 'read');
      await addMember(orgId, carol, 'edit');
    });

    it('changes the role, readable at once, and null makes a guest', async () => {
      const res = await app.patch(`/v1/orgs/${orgId}/members/${bob.userId}`, { role: 'review' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ object: 'member', id: bob.userId, role: 'review' });
      expectGitbookSchema('OrganizationMember', res.body);
      expect((await app.get(`/v1/orgs/${orgId}/members/${bob.userId}`)).body).toEqual(res.body);
      expect(ids((await app.get(`/v1/orgs/${orgId}/members?role=review`)).body.items)).toEqual([bob.userId]);
      expect((await app.get(`/v1/orgs/${orgId}`, bob.token)).body.permissions).toMatchObject({ createContent: false, listMembers: true });

      const guest = await app.patch(`/v1/orgs/${orgId}/members/${bob.userId}`, { role: null });
      expect(guest.status).toBe(200);
      expect(guest.body.role).toBeNull();
      expectGitbookSchema('OrganizationMember', guest.body);
      expect(ids((await app.get(`/v1/orgs/${orgId}/members?role=guest`)).body.items)).toEqual([bob.userId]);
      expect((await app.get(`/v1/orgs/${orgId}`, bob.token)).body.permissions.listMembers).toBe(false);

      const unchanged = await app.patch(`/v1/orgs/${orgId}/members/${bob.userId}`, {});
      expect(unchanged.status).toBe(200);
      expect(unchanged.body.role).toBeNull();
    });

    it('grants admin rights with role admin', async () => {
      expect((await app.patch(`/v1/orgs/${orgId}/members/${carol.userId}`, { role: 'admin' })).body.role).toBe('admin');
      expect((await app.get(`/v1/orgs/${orgId}`, carol.token)).body.permissions.admin).toBe(true);
      expect((await app.patch(`/v1/orgs/${orgId}/members/${bob.userId}`, { role: 'comment' }, carol.token)).body.role).toBe('comment');
      expect((await app.patch(`/v1/orgs/${orgId}/members/${carol.userId}`, { role: 'edit' }, carol.token)).body.role).toBe('edit');
    });

    it('refuses to demote the last admin with 409', async () => {
      const org = await createOrg('Last Admin Org');
      const res = await app.patch(`/v1/orgs/${org}/members/${ownerId}`, { role: 'edit' });
      expectError(res, 409, /last admin/);
      expect((await app.get(`/v1/orgs/${org}/members/${ownerId}`)).body.role).toBe('admin');
      expectError(await app.patch(`/v1/orgs/${org}/members/${ownerId}`, { role: null }), 409, /last admin/);
    });

    it.each([
      [{ role: 'owner' }, /role must be one of admin, create, review, edit, comment, read or null/],
      [{ role: 1 }, /role must be one of/],
      [{ role: 'read', disabled: true }, /property disabled should not exist/],
    ])('rejects %j with 400 naming the field', async (body, message) => {
      expectError(await app.patch(`/v1/orgs/${orgId}/members/${bob.userId}`, body), 400, message);
    });

    it('is for admins only (403), 404 for outsiders and unknown members, 401 without token', async () => {
      expectError(await app.patch(`/v1/orgs/${orgId}/members/${carol.userId}`, { role: 'read' }, bob.token), 403, /admins/);
      expectError(await app.patch(`/v1/orgs/${orgId}/members/${bob.userId}`, { role: 'admin' }, bob.token), 403);
      expectError(
        await app.patch(`/v1/orgs/${orgId}/members/${bob.userId}`, { role: 'read' }, outsider.token),
        404,
        /organization not found/,
      );
      expectError(await app.patch(`/v1/orgs/${orgId}/members/${outsider.userId}`, { role: 'read' }), 404, /member not found/);
      expectError(await app.patch(`/v1/orgs/${orgId}/members/${bob.userId}`, { role: 'read' }, null), 401);
    });
  });

  describe('DELETE /v1/orgs/{organizationId}/members/{userId}', () => {
    it('removes a member (204): gone from GETs, listings and the organization', async () => {
      const orgId = await createOrg('Delete Org');
      const bob = await person('Bob Leaving');
      await addMember(orgId, bob, 'edit');
      const res = await app.delete(`/v1/orgs/${orgId}/members/${bob.userId}`);
      expect(res.status).toBe(204);
      expect(res.body).toBeUndefined();
      expectError(await app.get(`/v1/orgs/${orgId}/members/${bob.userId}`), 404);
      expect(ids((await app.get(`/v1/orgs/${orgId}/members`)).body.items)).toEqual([ownerId]);
      expectError(await app.get(`/v1/orgs/${orgId}`, bob.token), 404);
      expect((await app.get('/v1/orgs', bob.token)).body).toEqual({ count: 0, items: [] });
      expectError(await app.delete(`/v1/orgs/${orgId}/members/${bob.userId}`), 404, /member not found/);
    });

    it('lets a member leave, but not remove others (403)', async () => {
      const orgId = await createOrg();
      const [bob, carol] = [await person('Bob'), await person('Carol')];
      await addMember(orgId, bob, 'edit');
      await addMember(orgId, carol, 'read');
      expectError(await app.delete(`/v1/orgs/${orgId}/members/${carol.userId}`, bob.token), 403, /admins/);
      expect((await app.delete(`/v1/orgs/${orgId}/members/${bob.userId}`, bob.token)).status).toBe(204);
      expectError(await app.get(`/v1/orgs/${orgId}`, bob.token), 404);
      expect(ids((await app.get(`/v1/orgs/${orgId}/members?order=asc`)).body.items)).toEqual([ownerId, carol.userId]);
    });

    it('refuses to remove the last admin (409); another admin makes it possible', async () => {
      const orgId = await createOrg();
      expectError(await app.delete(`/v1/orgs/${orgId}/members/${ownerId}`), 409, /last admin/);
      const ada = await person('Ada Admin');
      await addMember(orgId, ada, 'admin');
      expect((await app.delete(`/v1/orgs/${orgId}/members/${ownerId}`, ada.token)).status).toBe(204);
      expectError(await app.get(`/v1/orgs/${orgId}`), 404);
      expectError(await app.delete(`/v1/orgs/${orgId}/members/${ada.userId}`, ada.token), 409, /last admin/);
    });

    it('answers 404 to outsiders and 401 without a token', async () => {
      const orgId = await createOrg();
      expectError(await app.delete(`/v1/orgs/${orgId}/members/${ownerId}`, outsider.token), 404, /organization not found/);
      expectError(await app.delete(`/v1/orgs/${orgId}/members/${ownerId}`, null), 401);
    });
  });

  describe('POST /v1/orgs/{organizationId}/ping', () => {
    it('records lastSeenAt and returns claims signed with the key kept in DATA_DIR (0600)', async () => {
      const orgId = await createOrg('Ping Org');
      const guest = await person('Gina Guest');
      await addMember(orgId, guest, null);
      const before = Date.now();
      const res = await app.post(`/v1/orgs/${orgId}/ping`, undefined, guest.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ serviceVisitorClaims: expect.any(String), gitbookVisitorClaims: res.body.serviceVisitorClaims });

      const file = join(app.config.dataDir, 'jwt-secret');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const key = new TextEncoder().encode(readFileSync(file, 'utf8').trim());
      const { payload, protectedHeader } = await jwtVerify(res.body.serviceVisitorClaims, key, { algorithms: ['HS256'] });
      expect(protectedHeader.alg).toBe('HS256');
      expect(payload).toMatchObject({ sub: guest.userId, org: orgId, iss: 'http://api.test' });
      expect(payload.exp! - payload.iat!).toBe(3600);
      expect(payload.iat! * 1000).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);

      const member = await app.get(`/v1/orgs/${orgId}/members/${guest.userId}`, guest.token);
      expect(Date.parse(member.body.lastSeenAt)).toBeGreaterThanOrEqual(before);
      expectGitbookSchema('OrganizationMember', member.body);

      // Pings within a minute record nothing new (lastSeenAt has a one-minute resolution).
      const again = await app.post(`/v1/orgs/${orgId}/ping`, undefined, guest.token);
      expect(again.status).toBe(200);
      expect((await app.get(`/v1/orgs/${orgId}/members/${guest.userId}`, guest.token)).body.lastSeenAt).toBe(member.body.lastSeenAt);
    });

    it('answers 404 to non-members and 401 without token', async () => {
      const orgId = await createOrg();
      expectError(await app.post(`/v1/orgs/${orgId}/ping`, undefined, outsider.token), 404);
      expectError(await app.post(`/v1/orgs/unknownOrg0000000000/ping`), 404);
      expectError(await app.post(`/v1/orgs/${orgId}/ping`, undefined, null), 401);
    });

    it('signs with JWT_SECRET when configured', async () => {
      const other = await TestApp.start({ jwtSecret: 'configured-secret-for-tests' });
      try {
        const orgId = (await other.post('/v1/orgs', { title: 'Secret Org' })).body.id;
        const res = await other.post(`/v1/orgs/${orgId}/ping`);
        expect(res.status).toBe(200);
        const { payload } = await jwtVerify(res.body.serviceVisitorClaims, new TextEncoder().encode('configured-secret-for-tests'));
        expect(payload).toMatchObject({ org: orgId });
        expect(() => statSync(join(other.config.dataDir, 'jwt-secret'))).toThrow();
      } finally {
        await other.stop();
      }
    });
  });

  describe('POST /v1/orgs/{organizationId}/members/{userId}/sso', () => {
    it('marks the member as an SSO member (admins only, idempotent)', async () => {
      const orgId = await createOrg('SSO Org');
      const bob = await person('Bob SSO');
      await addMember(orgId, bob, 'edit');
      expectError(await app.post(`/v1/orgs/${orgId}/members/${bob.userId}/sso`, undefined, bob.token), 403);
      const res = await app.post(`/v1/orgs/${orgId}/members/${bob.userId}/sso`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ object: 'member', id: bob.userId, sso: true, role: 'edit' });
      expectGitbookSchema('OrganizationMember', res.body);
      expect((await app.get(`/v1/orgs/${orgId}/members/${bob.userId}`)).body.sso).toBe(true);
      expect((await app.post(`/v1/orgs/${orgId}/members/${bob.userId}/sso`)).body.sso).toBe(true);
    });

    it('answers 404 for unknown members and outsiders, 401 without token', async () => {
      const orgId = await createOrg();
      expectError(await app.post(`/v1/orgs/${orgId}/members/${outsider.userId}/sso`), 404, /member not found/);
      expectError(await app.post(`/v1/orgs/${orgId}/members/${ownerId}/sso`, undefined, outsider.token), 404);
      expectError(await app.post(`/v1/orgs/${orgId}/members/${ownerId}/sso`, undefined, null), 401);
    });
  });

  describe('GET /v1/orgs/{organizationId}/members/{userId}/spaces', () => {
    it('is an empty listing until spaces exist', async () => {
      const orgId = await createOrg();
      const guest = await person('Guest Spaces');
      await addMember(orgId, guest, null);
      expect((await app.get(`/v1/orgs/${orgId}/members/${ownerId}/spaces`)).body).toEqual({ count: 0, items: [] });
      expect((await app.get(`/v1/orgs/${orgId}/members/${guest.userId}/spaces?order=asc&limit=10`, guest.token)).body).toEqual({
        count: 0,
        items: [],
      });
      expectError(await app.get(`/v1/orgs/${orgId}/members/${ownerId}/spaces`, guest.token), 403);
      expectError(await app.get(`/v1/orgs/${orgId}/members/${outsider.userId}/spaces`), 404, /member not found/);
      expectError(await app.get(`/v1/orgs/${orgId}/members/${ownerId}/spaces`, outsider.token), 404);
      expectError(await app.get(`/v1/orgs/${orgId}/members/${ownerId}/spaces`, null), 401);
    });

    it.each([
      ['order=new', /order/],
      ['limit=5000', /limit/],
      ['role=admin', /property role should not exist/],
    ])('rejects ?%s with 400', async (query, message) => {
      const orgId = await createOrg();
      expectError(await app.get(`/v1/orgs/${orgId}/members/${ownerId}/spaces?${query}`), 400, message);
    });
  });

  describe('team facts', () => {
    it('counts the teams of a member and reports permissions.ownTeam', async () => {
      const orgId = await createOrg('Team Facts Org');
      const bob = await person('Bob Teams');
      await addMember(orgId, bob, 'edit');
      expect((await app.get(`/v1/orgs/${orgId}`, bob.token)).body.permissions.ownTeam).toBe(false);

      const team = await app.put(`/v1/orgs/${orgId}/teams`, { title: 'Writers', members: [bob.userId] });
      expect(team.status).toBe(201);
      const other = await app.put(`/v1/orgs/${orgId}/teams`, { title: 'Editors' });
      expect((await app.put(`/v1/orgs/${orgId}/teams/${other.body.id}/members/${bob.userId}`, { role: 'owner' })).status).toBe(204);

      const member = await app.get(`/v1/orgs/${orgId}/members/${bob.userId}`);
      expect(member.body.teams).toBe(2);
      expectGitbookSchema('OrganizationMember', member.body);
      const listed = (await app.get(`/v1/orgs/${orgId}/members`)).body.items.find((m: { id: string }) => m.id === bob.userId);
      expect(listed.teams).toBe(2);
      const org = await app.get(`/v1/orgs/${orgId}`, bob.token);
      expect(org.body.permissions.ownTeam).toBe(true);
      expect((await app.get('/v1/orgs', bob.token)).body.items[0].permissions.ownTeam).toBe(true);

      // Leaving the organization ends the team memberships.
      expect((await app.delete(`/v1/orgs/${orgId}/members/${bob.userId}`)).status).toBe(204);
      await addMember(orgId, bob, 'edit');
      expect((await app.get(`/v1/orgs/${orgId}/members/${bob.userId}`)).body.teams).toBe(0);
      expect((await app.get(`/v1/orgs/${orgId}`, bob.token)).body.permissions.ownTeam).toBe(false);
    });
  });
});
