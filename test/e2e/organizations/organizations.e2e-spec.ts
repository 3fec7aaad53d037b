import { collectAll, expectError, TestApp } from '../support/test-app';
import { expectGitbookSchema } from '../support/gitbook-schema';

describe('organizations core', () => {
  let app: TestApp;
  let member: { token: string; userId: string };
  let outsider: { token: string; userId: string };

  beforeAll(async () => {
    app = await TestApp.shared();
    member = await app.tokenFor('member@acme.test', 'Mia Member');
    outsider = await app.tokenFor('outsider@elsewhere.test', 'Otto Outsider');
  });
  afterAll(() => app.stop());

  async function createOrg(title = 'Acme Docs', token?: string) {
    const res = await app.post('/v1/orgs', { title, emailDomains: ['Acme.test'] }, token);
    expect(res.status).toBe(201);
    return res.body;
  }

  describe('POST /v1/orgs', () => {
    it('creates an organization whose creator is an admin, readable at once', async () => {
      const res = await app.post('/v1/orgs', { title: 'Acme Docs', emailDomains: ['Acme.test'] });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        object: 'organization',
        title: 'Acme Docs',
        emailDomains: ['acme.test'],
        type: 'business',
        plan: 'free_2024',
        inviteLinks: true,
        defaultRole: null,
        internal_isOnNewTrial: true,
        urls: { location: `http://api.test/v1/orgs/${res.body.id}`, app: `http://app.test/o/${res.body.id}` },
        permissions: { view: true, admin: true, listMembers: true, listTeams: true, createContent: true },
      });
      expect(res.body.id).toMatch(/^[A-Za-z0-9]{20}$/);
      expect(new Date(res.body.createdAt).toISOString()).toBe(res.body.createdAt);
      expect(res.headers.get('location')).toBe(res.body.urls.location);
      expectGitbookSchema('Organization', res.body);

      const read = await app.get(`/v1/orgs/${res.body.id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(res.body);
    });

    it.each([
      [{}, /title/],
      [{ title: 'A' }, /title must be longer than or equal to 2/],
      [{ title: 'x'.repeat(256) }, /title must be shorter than or equal to 255/],
      [{ title: 42 }, /title must be a string/],
      [{ title: ' padded ' }, /title must not start or end with white space/],
      [{ title: 'Good', emailDomains: 'acme.test' }, /emailDomains must be an array/],
      [{ title: 'Good', emailDomains: ['not a domain'] }, /emailDomains must contain domain names/],
      [{ title: 'Good', extra: true }, /property extra should not exist/],
    ])('rejects %j with 400 naming the field', async (body, message) => {
      expectError(await app.post('/v1/orgs', body), 400, message);
    });

    it('answers 401 without a token and with an unknown token', async () => {
      expectError(await app.post('/v1/orgs', { title: 'Nope' }, null), 401, /Authorization/);
      expectError(await app.post('/v1/orgs', { title: 'Nope' }, 'not-a-token'), 401, /invalid/);
    });

    it('appends nothing twice for a retried request with the same Idempotency-Key', async () => {
      const headers = { 'idempotency-key': 'create-org-once' };
      const first = await app.request('POST', '/v1/orgs', { body: { title: 'Once Only' }, headers });
      const second = await app.request('POST', '/v1/orgs', { body: { title: 'Once Only' }, headers });
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect(second.body.id).toBe(first.body.id);
      const all = await collectAll(app, '/v1/orgs?limit=1000');
      expect(all.filter((o) => o.title === 'Once Only')).toHaveLength(1);
    });
  });

  describe('GET /v1/orgs/{organizationId}', () => {
    it('answers 404 to non-members and for unknown ids, without revealing existence', async () => {
      const org = await createOrg();
      const hidden = await app.get(`/v1/orgs/${org.id}`, outsider.token);
      const unknown = await app.get('/v1/orgs/doesNotExist000000000', outsider.token);
      expectError(hidden, 404);
      expect(hidden.body).toEqual(unknown.body);
    });

    it('answers 401 without a token', async () => {
      const org = await createOrg();
      expectError(await app.get(`/v1/orgs/${org.id}`, null), 401);
    });
  });

  describe('GET /v1/orgs', () => {
    it("lists only the caller's organizations, paginated with a stable order", async () => {
      const { token } = await app.tokenFor('pager@acme.test');
      const created: string[] = [];
      for (let i = 0; i < 7; i++) created.push((await createOrg(`Pager Org ${i}`, token)).id);

      const first = await app.get('/v1/orgs?limit=3', token);
      expect(first.status).toBe(200);
      expect(first.body.count).toBe(7);
      expect(first.body.items).toHaveLength(3);
      expect(first.body.next.page).toEqual(expect.any(String));
      for (const o of first.body.items) expectGitbookSchema('Organization', o);

      const all = await collectAll(app, '/v1/orgs?limit=3', token);
      expect(all.map((o) => o.id)).toEqual(created);

      const last = await app.get(`/v1/orgs?limit=7`, token);
      expect(last.body.next).toBeUndefined();
      expect(last.body.items).toHaveLength(7);
    });

    it('is empty for a user without organizations', async () => {
      const res = await app.get('/v1/orgs', outsider.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ count: 0, items: [] });
    });

    it.each([['limit=0'], ['limit=1001'], ['limit=abc'], ['page=%%%'], ['unknown=1']])('rejects %s with 400', async (query) => {
      expectError(await app.get(`/v1/orgs?${query}`), 400, /limit|page|unknown/);
    });
  });

  describe('PATCH /v1/orgs/{organizationId}', () => {
    it('changes every documented field and clears nullable ones with null', async () => {
      const org = await createOrg();
      // defaultContent names a site of the organization
      const site = (await app.post(`/v1/orgs/${org.id}/sites`, { title: 'Docs' })).body.id;
      const patch = {
        title: 'Renamed Docs',
        emailDomains: ['acme.test', 'acme.example'],
        hostname: `acme-${Date.now() % 100000}`,
        defaultRole: 'edit',
        defaultContent: { type: 'site', site },
        logo: 'https://cdn.acme.test/logo.png',
        sso: true,
        ai: true,
        inviteLinks: false,
      };
      const res = await app.patch(`/v1/orgs/${org.id}`, patch);
      expect(res.status).toBe(200);
      const { logo, ...fields } = patch;
      expect(res.body).toMatchObject({ ...fields, urls: { logo } });
      expectGitbookSchema('Organization', res.body);
      expect((await app.get(`/v1/orgs/${org.id}`)).body).toEqual(res.body);

      const cleared = await app.patch(`/v1/orgs/${org.id}`, { defaultRole: null, defaultContent: null, logo: null });
      expect(cleared.status).toBe(200);
      expect(cleared.body.defaultRole).toBeNull();
      expect(cleared.body.defaultContent).toBeUndefined();
      expect(cleared.body.urls.logo).toBeUndefined();
      expect(cleared.body.title).toBe('Renamed Docs');
    });

    it.each([
      [{ title: 'A' }, /title/],
      [{ title: null }, /title/],
      [{ emailDomains: [1] }, /emailDomains/],
      [{ hostname: 'ab' }, /hostname/],
      [{ hostname: 'UPPER' }, /hostname/],
      [{ hostname: 'x'.repeat(33) }, /hostname/],
      [{ defaultRole: 'owner' }, /defaultRole/],
      [{ defaultContent: { type: 'space', site: 's' } }, /defaultContent.type/],
      [{ defaultContent: { type: 'site' } }, /defaultContent.site/],
      [{ logo: 'not a url' }, /logo/],
      [{ logo: `https://x.test/${'a'.repeat(2048)}` }, /logo/],
      [{ sso: 'yes' }, /sso/],
      [{ ai: null }, /ai/],
      [{ inviteLinks: 1 }, /inviteLinks/],
      [{ plan: 'pro' }, /property plan should not exist/],
    ])('rejects %j with 400 naming the field', async (body, message) => {
      const org = await createOrg();
      expectError(await app.patch(`/v1/orgs/${org.id}`, body), 400, message);
    });

    it('rejects a hostname another organization uses with 409', async () => {
      const a = await createOrg('Host A');
      const b = await createOrg('Host B');
      const hostname = `taken-${Date.now() % 100000}`;
      expect((await app.patch(`/v1/orgs/${a.id}`, { hostname })).status).toBe(200);
      expectError(await app.patch(`/v1/orgs/${b.id}`, { hostname }), 409, /hostname/);
    });

    it('gives a hostname to one of several organizations asking for it at once', async () => {
      const orgs = await Promise.all(['Race A', 'Race B', 'Race C', 'Race D'].map((title) => createOrg(title)));
      const hostname = `race-${Date.now() % 100000}`;
      const answers = await Promise.all(orgs.map((org) => app.patch(`/v1/orgs/${org.id}`, { hostname })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
      const holders = await Promise.all(orgs.map(async (org) => (await app.get(`/v1/orgs/${org.id}`)).body.hostname));
      expect(holders.filter((h) => h === hostname)).toHaveLength(1);
    });

    it('answers 403 to members who are not admins, whose permissions say so', async () => {
      const org = await createOrg();
      const invited = await app.post(`/v1/orgs/${org.id}/invites`, { emails: ['member@acme.test'], role: 'edit' });
      expect(invited.status).toBe(200);
      const seen = await app.get(`/v1/orgs/${org.id}`, member.token);
      expect(seen.status).toBe(200);
      expect(seen.body.permissions).toMatchObject({
        view: true,
        admin: false,
        createContent: false,
        listMembers: true,
        viewBilling: false,
      });
      expectGitbookSchema('Organization', seen.body);
      expectError(await app.patch(`/v1/orgs/${org.id}`, { title: 'Member Edit' }, member.token), 403, /admins/);
      expect((await app.get(`/v1/orgs/${org.id}`)).body.title).toBe('Acme Docs');

      const promoted = await app.patch(`/v1/orgs/${org.id}/members/${member.userId}`, { role: 'admin' });
      expect(promoted.status).toBe(200);
      expect((await app.get(`/v1/orgs/${org.id}`, member.token)).body.permissions).toMatchObject({ admin: true, viewBilling: true });
      expect((await app.patch(`/v1/orgs/${org.id}`, { title: 'Member Edit' }, member.token)).body.title).toBe('Member Edit');
    });

    it('answers 404 to non-members and 401 without a token', async () => {
      const org = await createOrg();
      expectError(await app.patch(`/v1/orgs/${org.id}`, { title: 'Hijack' }, outsider.token), 404);
      expectError(await app.patch(`/v1/orgs/${org.id}`, { title: 'Hijack' }, null), 401);
      expect((await app.get(`/v1/orgs/${org.id}`)).body.title).toBe('Acme Docs');
    });
  });

  describe('GET /v1/email-domains/{emailDomain}/orgs', () => {
    it('lists organizations of the domain the caller belongs to or may join', async () => {
      const org = await createOrg('Domain Org');
      const asOwner = await app.get('/v1/email-domains/acme.test/orgs');
      expect(asOwner.status).toBe(200);
      expect(asOwner.body.organizations.map((o: { id: string }) => o.id)).toContain(org.id);
      for (const o of asOwner.body.organizations) expectGitbookSchema('Organization', o);

      const sameDomain = await app.get('/v1/email-domains/acme.test/orgs', member.token);
      const seen = sameDomain.body.organizations.find((o: { id: string }) => o.id === org.id);
      expect(seen).toMatchObject({ id: org.id, permissions: { view: false, admin: false } });

      const otherDomain = await app.get('/v1/email-domains/acme.test/orgs', outsider.token);
      expect(otherDomain.body).toEqual({ organizations: [] });
      expect((await app.get('/v1/email-domains/nobody.test/orgs')).body).toEqual({ organizations: [] });
    });
  });

  describe('GET /v1/user', () => {
    it('returns the caller', async () => {
      const res = await app.get('/v1/user', member.token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        object: 'user',
        id: member.userId,
        displayName: 'Mia Member',
        email: 'member@acme.test',
        urls: { location: `http://api.test/v1/users/${member.userId}` },
      });
      expectGitbookSchema('User', res.body);
      expectError(await app.get('/v1/user', null), 401);
    });
  });
});
