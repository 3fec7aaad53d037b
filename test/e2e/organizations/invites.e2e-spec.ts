import { collectAll, expectError, TestApp } from '../support/test-app';
import { expectGitbookSchema } from '../support/gitbook-schema';
import { newPerson, Person } from './fixtures/org-members';

describe('organization invites', () => {
  let app: TestApp;
  let ownerId: string;
  let outsider: Person;
  let seq = 0;

  beforeAll(async () => {
    app = await TestApp.shared();
    ownerId = (await app.get('/v1/user')).body.id;
    outsider = await person('Otto Outsider');
  });
  afterAll(() => app.stop());

  const uniqueEmail = (name: string) => `${name}-${++seq}-${Date.now()}@invited.test`;

  const person = (displayName: string, email = uniqueEmail('p')) => newPerson(app, displayName, email);

  async function createOrg(title = 'Invite Org'): Promise<string> {
    const res = await app.post('/v1/orgs', { title });
    expect(res.status).toBe(201);
    return res.body.id;
  }

  async function member(orgId: string, userId: string) {
    return (await app.get(`/v1/orgs/${orgId}/members/${userId}`)).body;
  }

  describe('POST /v1/orgs/{organizationId}/invites', () => {
    it('registers unknown addresses and makes everyone a member with their role', async () => {
      const orgId = await createOrg();
      const known = await person('Kim Known');
      const fresh = uniqueEmail('Fresh.Person');
      const res = await app.post(`/v1/orgs/${orgId}/invites`, {
        emails: [fresh, { email: known.email, role: 'edit' }],
        role: 'review',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ users: [expect.any(String), known.userId], invited: 2 });
      const freshId = res.body.users[0];

      const created = await member(orgId, freshId);
      expect(created).toMatchObject({
        object: 'member',
        id: freshId,
        role: 'review',
        sso: false,
        user: { object: 'user', id: freshId, email: fresh.toLowerCase(), displayName: fresh.split('@')[0]!.toLowerCase() },
      });
      expectGitbookSchema('OrganizationMember', created);
      expect((await member(orgId, known.userId)).role).toBe('edit');

      // The registered user is the one behind the address: a token for it sees the organization.
      const later = await app.tokenFor(fresh);
      expect(later.userId).toBe(freshId);
      expect((await app.get(`/v1/orgs/${orgId}`, later.token)).status).toBe(200);
      expect((await app.get(`/v1/orgs/${orgId}/members`)).body.count).toBe(3);
    });

    it('leaves existing members as they are and ignores repeated addresses', async () => {
      const orgId = await createOrg();
      const kim = await person('Kim');
      expect((await app.post(`/v1/orgs/${orgId}/invites`, { emails: [kim.email], role: 'edit' })).body).toEqual({
        users: [kim.userId],
        invited: 1,
      });
      const again = await app.post(`/v1/orgs/${orgId}/invites`, {
        emails: [kim.email.toUpperCase(), { email: kim.email, role: 'admin' }],
        role: 'read',
      });
      expect(again.body).toEqual({ users: [], invited: 0 });
      expect((await member(orgId, kim.userId)).role).toBe('edit');
      const dupes = uniqueEmail('dupe');
      expect((await app.post(`/v1/orgs/${orgId}/invites`, { emails: [dupes, dupes] })).body.invited).toBe(1);
    });

    it("without a role, uses the organization's defaultRole, else makes guests", async () => {
      const orgId = await createOrg();
      const guestRes = await app.post(`/v1/orgs/${orgId}/invites`, { emails: [uniqueEmail('guest')] });
      expect((await member(orgId, guestRes.body.users[0])).role).toBeNull();
      expect((await app.patch(`/v1/orgs/${orgId}`, { defaultRole: 'comment' })).status).toBe(200);
      const defaultRes = await app.post(`/v1/orgs/${orgId}/invites`, { emails: [uniqueEmail('default')] });
      expect((await member(orgId, defaultRes.body.users[0])).role).toBe('comment');
      const explicitGuest = await app.post(`/v1/orgs/${orgId}/invites`, { emails: [uniqueEmail('g2')], role: null });
      expect((await member(orgId, explicitGuest.body.users[0])).role).toBeNull();
    });

    it('invites SSO members with sso: true', async () => {
      const orgId = await createOrg();
      const res = await app.post(`/v1/orgs/${orgId}/invites`, { emails: [uniqueEmail('sso')], role: 'read', sso: true });
      expect(res.body).toEqual({ users: [expect.any(String)], invited: 1, failedSSOEmails: [] });
      expect((await member(orgId, res.body.users[0])).sso).toBe(true);
    });

    it.each([
      [{}, /emails must be an array/],
      [{ emails: 'a@b.test' }, /emails must be an array/],
      [{ emails: [] }, /emails must contain at least 1 elements/],
      [{ emails: Array.from({ length: 101 }, (_, i) => `u${i}@x.test`) }, /emails must contain no more than 100 elements/],
      [{ emails: ['not-an-email'] }, /emails\[0\] must be an e-mail address/],
      [{ emails: ['ok@x.test', 42] }, /emails\[1\] must be an e-mail address or an object/],
      [{ emails: [{ email: 'ok@x.test' }] }, /emails\[0\]\.role must be one of/],
      [{ emails: [{ email: 'nope', role: 'read' }] }, /emails\[0\]\.email must be an e-mail address/],
      [{ emails: [{ email: 'ok@x.test', role: 'owner' }] }, /emails\[0\]\.role must be one of/],
      [{ emails: [{ email: 'ok@x.test', role: 'read', team: 't' }] }, /emails\[0\]: property team should not exist/],
      [{ emails: ['ok@x.test'], role: 'owner' }, /role must be one of admin, create, review, edit, comment, read or null/],
      [{ emails: ['ok@x.test'], sso: 'yes' }, /sso must be a boolean/],
      [{ emails: ['ok@x.test'], sso: null }, /sso must be a boolean/],
      [{ emails: ['ok@x.test'], teams: [] }, /property teams should not exist/],
    ])('rejects %j with 400 naming the field', async (body, message) => {
      const orgId = await createOrg();
      expectError(await app.post(`/v1/orgs/${orgId}/invites`, body), 400, message);
    });

    it('is for admins only (403), 404 to outsiders, 401 without token; nothing is created on refusal', async () => {
      const orgId = await createOrg();
      const editor = await person('Ed Editor');
      await app.post(`/v1/orgs/${orgId}/invites`, { emails: [editor.email], role: 'edit' });
      const email = uniqueEmail('refused');
      expectError(await app.post(`/v1/orgs/${orgId}/invites`, { emails: [email] }, editor.token), 403, /admins/);
      expectError(await app.post(`/v1/orgs/${orgId}/invites`, { emails: [email] }, outsider.token), 404);
      expectError(await app.post(`/v1/orgs/${orgId}/invites`, { emails: [email] }, null), 401);
      expect((await app.get(`/v1/orgs/${orgId}/members?search=refused`)).body.count).toBe(0);
    });
  });

  describe('link invites', () => {
    it('creates, reads, changes, lists, joins and deletes invites', async () => {
      const orgId = await createOrg('Link Org');
      const created = await app.post(`/v1/orgs/${orgId}/link-invites`, { role: 'edit' });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ object: 'invite', id: expect.stringMatching(/^[A-Za-z0-9]{20}$/), role: 'edit', redundant: true });
      expectGitbookSchema('InviteLinkToOrganization', created.body);
      const inviteId = created.body.id;
      expect((await app.get(`/v1/orgs/${orgId}/link-invites/${inviteId}`)).body).toEqual(created.body);

      // Someone holding the link looks at it, then joins with its role.
      const joiner = await person('Jo Joiner');
      const seen = await app.get(`/v1/orgs/${orgId}/link-invites/${inviteId}`, joiner.token);
      expect(seen.body).toEqual({ ...created.body, redundant: false });
      const joined = await app.post(`/v1/orgs/${orgId}/invites/${inviteId}`, undefined, joiner.token);
      expect(joined.status).toBe(200);
      expect(joined.body).toEqual({});
      expect((await member(orgId, joiner.userId)).role).toBe('edit');
      expect((await app.get(`/v1/orgs/${orgId}`, joiner.token)).body.permissions.view).toBe(true);
      expect((await app.get(`/v1/orgs/${orgId}/link-invites/${inviteId}`, joiner.token)).body.redundant).toBe(true);
      // Joining again changes nothing.
      expect((await app.post(`/v1/orgs/${orgId}/invites/${inviteId}`, undefined, joiner.token)).status).toBe(200);
      expect((await member(orgId, joiner.userId)).role).toBe('edit');

      const changed = await app.patch(`/v1/orgs/${orgId}/link-invites/${inviteId}`, { role: null });
      expect(changed.status).toBe(200);
      expect(changed.body).toEqual({ object: 'invite', id: inviteId, role: null, redundant: true });
      expectGitbookSchema('InviteLinkToOrganization', changed.body);
      const guest = await person('Gil Guest');
      expect((await app.post(`/v1/orgs/${orgId}/invites/${inviteId}`, undefined, guest.token)).status).toBe(200);
      expect((await member(orgId, guest.userId)).role).toBeNull();

      const listed = await app.get(`/v1/orgs/${orgId}/link-invites`);
      expect(listed.body).toEqual({ count: 1, items: [changed.body] });

      const deleted = await app.delete(`/v1/orgs/${orgId}/link-invites/${inviteId}`);
      expect(deleted.status).toBe(205);
      expect(deleted.body).toBeUndefined();
      expect((await app.get(`/v1/orgs/${orgId}/link-invites`)).body).toEqual({ count: 0, items: [] });
      expectError(await app.get(`/v1/orgs/${orgId}/link-invites/${inviteId}`), 404, /invite not found/);
      const late = await person('Lou Late');
      expectError(await app.post(`/v1/orgs/${orgId}/invites/${inviteId}`, undefined, late.token), 404, /invite not found/);
      expectError(await app.get(`/v1/orgs/${orgId}`, late.token), 404);
      expectError(await app.delete(`/v1/orgs/${orgId}/link-invites/${inviteId}`), 404);
      expectError(await app.patch(`/v1/orgs/${orgId}/link-invites/${inviteId}`, { role: 'read' }), 404);
    });

    it('pages through the invites, oldest first', async () => {
      const orgId = await createOrg();
      const made: string[] = [];
      for (const role of ['read', 'comment', 'edit', 'review', null])
        made.push((await app.post(`/v1/orgs/${orgId}/link-invites`, { role })).body.id);
      const first = await app.get(`/v1/orgs/${orgId}/link-invites?limit=2`);
      expect(first.body).toMatchObject({ count: 5, next: { page: expect.any(String) } });
      for (const i of first.body.items) expectGitbookSchema('InviteLinkToOrganization', i);
      const all = await collectAll(app, `/v1/orgs/${orgId}/link-invites?limit=2`);
      expect(all.map((i) => i.id)).toEqual(made);
      expect(all.map((i) => i.role)).toEqual(['read', 'comment', 'edit', 'review', null]);
    });

    it('does not let an invite of one organization open another', async () => {
      const a = await createOrg('Org A');
      const b = await createOrg('Org B');
      const invite = (await app.post(`/v1/orgs/${a}/link-invites`, { role: 'read' })).body.id;
      expectError(await app.post(`/v1/orgs/${b}/invites/${invite}`, undefined, outsider.token), 404);
      expectError(await app.get(`/v1/orgs/${b}/link-invites/${invite}`, outsider.token), 404);
      expectError(await app.post(`/v1/orgs/unknownOrg0000000000/invites/${invite}`, undefined, outsider.token), 404);
    });

    it('with inviteLinks off, neither creating nor joining works (403); admins still see and delete them', async () => {
      const orgId = await createOrg();
      const inviteId = (await app.post(`/v1/orgs/${orgId}/link-invites`, { role: 'read' })).body.id;
      expect((await app.patch(`/v1/orgs/${orgId}`, { inviteLinks: false })).status).toBe(200);
      expectError(await app.post(`/v1/orgs/${orgId}/link-invites`, { role: 'read' }), 403, /invite links are disabled/);
      const joiner = await person('Blocked Joiner');
      expectError(await app.post(`/v1/orgs/${orgId}/invites/${inviteId}`, undefined, joiner.token), 403, /invite links are disabled/);
      expectError(await app.get(`/v1/orgs/${orgId}/link-invites/${inviteId}`, joiner.token), 403, /inviteLinks/);
      expectError(await app.get(`/v1/orgs/${orgId}`, joiner.token), 404);
      expect((await app.get(`/v1/orgs/${orgId}/link-invites`)).body.count).toBe(1);
      expect((await app.get(`/v1/orgs/${orgId}/link-invites/${inviteId}`)).status).toBe(200);

      expect((await app.patch(`/v1/orgs/${orgId}`, { inviteLinks: true })).status).toBe(200);
      expect((await app.post(`/v1/orgs/${orgId}/invites/${inviteId}`, undefined, joiner.token)).status).toBe(200);
      expect((await member(orgId, joiner.userId)).role).toBe('read');
      expect((await app.delete(`/v1/orgs/${orgId}/link-invites/${inviteId}`)).status).toBe(205);
    });

    it.each([
      [{}, /role is required and must be one of/],
      [{ role: 'owner' }, /role is required and must be one of admin, create, review, edit, comment, read or null/],
      [{ role: 5 }, /role/],
      [{ role: 'read', level: 'read' }, /level is not supported: a link invite makes its people members of the organization/],
      [{ role: 'read', expires: 1 }, /property expires should not exist/],
    ])('rejects link invite body %j with 400 naming the field', async (body, message) => {
      const orgId = await createOrg();
      expectError(await app.post(`/v1/orgs/${orgId}/link-invites`, body), 400, message);
      const inviteId = (await app.post(`/v1/orgs/${orgId}/link-invites`, { role: 'read' })).body.id;
      expectError(await app.patch(`/v1/orgs/${orgId}/link-invites/${inviteId}`, body), 400, message);
    });

    it("refuses GitBook's space and collection invites with 400 saying why (a link invite joins the organization)", async () => {
      const orgId = await createOrg();
      const invites = `/v1/orgs/${orgId}/link-invites`;
      expectError(
        await app.post(invites, { role: 'read', space: 'space1' }),
        400,
        /space is not supported: link invites join the organization/,
      );
      expectError(await app.post(invites, { role: 'read', collection: 'c1' }), 400, /collection is not supported: link invites join the/);
      expect((await app.get(invites)).body.count).toBe(0);
    });

    it('rejects bad list parameters with 400', async () => {
      const orgId = await createOrg();
      expectError(await app.get(`/v1/orgs/${orgId}/link-invites?limit=0`), 400, /limit/);
      expectError(await app.get(`/v1/orgs/${orgId}/link-invites?order=asc`), 400, /property order should not exist/);
    });

    it('is managed by admins only (403), hidden from outsiders (404), and needs a token (401)', async () => {
      const orgId = await createOrg();
      const editor = await person('Ed');
      await app.post(`/v1/orgs/${orgId}/invites`, { emails: [editor.email], role: 'edit' });
      const inviteId = (await app.post(`/v1/orgs/${orgId}/link-invites`, { role: 'read' })).body.id;

      expectError(await app.post(`/v1/orgs/${orgId}/link-invites`, { role: 'read' }, editor.token), 403, /admins/);
      expectError(await app.get(`/v1/orgs/${orgId}/link-invites`, editor.token), 403);
      expectError(await app.patch(`/v1/orgs/${orgId}/link-invites/${inviteId}`, { role: 'admin' }, editor.token), 403);
      expectError(await app.delete(`/v1/orgs/${orgId}/link-invites/${inviteId}`, editor.token), 403);

      expectError(await app.post(`/v1/orgs/${orgId}/link-invites`, { role: 'read' }, outsider.token), 404);
      expectError(await app.get(`/v1/orgs/${orgId}/link-invites`, outsider.token), 404);
      expectError(await app.patch(`/v1/orgs/${orgId}/link-invites/${inviteId}`, { role: 'admin' }, outsider.token), 404);
      expectError(await app.delete(`/v1/orgs/${orgId}/link-invites/${inviteId}`, outsider.token), 404);
      expectError(await app.get(`/v1/orgs/${orgId}/link-invites/unknownInvite0000000`), 404);

      for (const [method, path] of [
        ['GET', `/v1/orgs/${orgId}/link-invites`],
        ['POST', `/v1/orgs/${orgId}/link-invites`],
        ['GET', `/v1/orgs/${orgId}/link-invites/${inviteId}`],
        ['DELETE', `/v1/orgs/${orgId}/link-invites/${inviteId}`],
        ['POST', `/v1/orgs/${orgId}/invites/${inviteId}`],
      ] as const) {
        expectError(await app.request(method, path, { token: null, body: method === 'POST' ? { role: 'read' } : undefined }), 401);
      }
      expect((await app.get(`/v1/orgs/${orgId}/link-invites/${inviteId}`)).status).toBe(200);
    });

    it('creates one invite for a retried request with the same Idempotency-Key', async () => {
      const orgId = await createOrg();
      const headers = { 'idempotency-key': 'link-invite-once' };
      const first = await app.request('POST', `/v1/orgs/${orgId}/link-invites`, { body: { role: 'read' }, headers });
      const second = await app.request('POST', `/v1/orgs/${orgId}/link-invites`, { body: { role: 'read' }, headers });
      expect(first.status).toBe(201);
      expect(second.body).toEqual(first.body);
      expect((await app.get(`/v1/orgs/${orgId}/link-invites`)).body.count).toBe(1);
    });
  });

  it('keeps the owner the only admin of a new organization', async () => {
    const orgId = await createOrg();
    expect((await app.get(`/v1/orgs/${orgId}/members?role=admin`)).body.items.map((m: { id: string }) => m.id)).toEqual([ownerId]);
  });
});
