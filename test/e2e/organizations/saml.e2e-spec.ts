import { collectAll, expectError, TestApp } from '../support/test-app';
import { expectGitbookSchema } from '../support/gitbook-schema';
import { makeCertificate } from './fixtures/certificate';
import { orgWithPeople, Person } from './fixtures/org-members';

describe('single sign-on: SAML providers', () => {
  let app: TestApp;
  let orgId: string;
  let admin: Person;
  let member: Person;
  let outsider: Person;
  let certificate: string;
  let teamId: string;

  beforeAll(async () => {
    app = await TestApp.shared();
    ({ organizationId: orgId, admin, member, outsider } = await orgWithPeople(app, 'saml'));
    certificate = makeCertificate();
    teamId = (await app.put(`/v1/orgs/${orgId}/teams`, { title: 'SSO people' })).body.id;
  });
  afterAll(() => app.stop());

  const saml = () => `/v1/orgs/${orgId}/saml`;
  const complete = () => ({
    label: 'Okta',
    entityID: 'http://www.okta.com/exk123',
    certificate,
    ssoURL: 'https://acme.okta.com/app/sso/saml',
  });

  describe('POST /v1/orgs/{organizationId}/saml', () => {
    it('creates an active provider with its service URLs and default team, readable at once', async () => {
      const res = await app.post(saml(), { ...complete(), defaultTeam: teamId, defaultRole: 'edit' });
      expect(res.status).toBe(201);
      const id = res.body.id;
      expect(res.body).toEqual({
        object: 'saml-provider',
        id: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
        label: 'Okta',
        ssoURL: 'https://acme.okta.com/app/sso/saml',
        entityID: 'http://www.okta.com/exk123',
        certificate,
        defaultTeam: expect.objectContaining({ object: 'team', id: teamId, title: 'SSO people' }),
        defaultRole: 'edit',
        createdAt: expect.any(String),
        status: 'active',
        service: {
          acsURL: `http://api.test/sso/saml/${id}/acs`,
          startURL: `http://api.test/sso/saml/${id}/start`,
          entityID: `http://api.test/sso/saml/${id}/metadata`,
        },
        urls: { location: `http://api.test/v1/orgs/${orgId}/saml/${id}` },
      });
      expect(res.headers.get('location')).toBe(res.body.urls.location);
      expectGitbookSchema('OrganizationSAMLProvider', res.body);
      const read = await app.get(`${saml()}/${id}`);
      expect(read.status).toBe(200);
      expect(read.body).toEqual(res.body);
    });

    it('creates a pending provider from a label alone; defaultRole defaults to null', async () => {
      const res = await app.post(saml(), { label: 'Later' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ label: 'Later', status: 'pending', defaultRole: null, ssoURL: '', entityID: '', certificate: '' });
      expect(res.body.defaultTeam).toBeUndefined();
      const done = await app.patch(`${saml()}/${res.body.id}`, complete());
      expect(done.status).toBe(200);
      expect(done.body).toMatchObject({ ...complete(), status: 'active' });
      expectGitbookSchema('OrganizationSAMLProvider', done.body);
    });

    it.each([
      ['{}', {}, /label/],
      ['{ label: "" }', { label: '' }, /label must be longer than or equal to 1/],
      ['{ label: "x".repeat(31) }', { label: 'x'.repeat(31) }, /label must be shorter than or equal to 30/],
      ['entityID of 1025 characters', { label: 'L', entityID: 'x'.repeat(1025) }, /entityID must be shorter than or equal to 1024/],
      ['{ label: "L", entityID: null }', { label: 'L', entityID: null }, /entityID/],
      [
        '{ label: "L", certificate: "not a certificate" }',
        { label: 'L', certificate: 'not a certificate' },
        /certificate must be a PEM-encoded X.509 certificate/,
      ],
      [
        '{ label: "L", certificate: "-----BEGIN CERTIFICATE-----\\nAAAA\\n-----END CERTI...',
        { label: 'L', certificate: '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----' },
        /certificate must be a PEM-encoded X.509/,
      ],
      [
        'certificate of 10001 characters',
        { label: 'L', certificate: 'x'.repeat(10001) },
        /certificate must be shorter than or equal to 10000/,
      ],
      ['{ label: "L", ssoURL: "not a url" }', { label: 'L', ssoURL: 'not a url' }, /ssoURL must be an http\(s\) URL/],
      [
        'ssoURL over 2048 characters',
        { label: 'L', ssoURL: `https://example.com/${'x'.repeat(2048)}` },
        /ssoURL must be shorter than or equal to 2048/,
      ],
      ['{ label: "L", defaultRole: "boss" }', { label: 'L', defaultRole: 'boss' }, /defaultRole must be one of/],
      ['{ label: "L", defaultTeam: 5 }', { label: 'L', defaultTeam: 5 }, /defaultTeam must be a string/],
      ['{ label: "L", status: "active" }', { label: 'L', status: 'active' }, /property status should not exist/],
    ])('rejects %s with 400 naming the field', async (_name, body, message) => {
      expectError(await app.post(saml(), body), 400, message);
    });

    it('rejects a defaultTeam that is no team of the organization', async () => {
      expectError(
        await app.post(saml(), { label: 'L', defaultTeam: 'nope' }),
        400,
        /defaultTeam: "nope" is not a team of this organization/,
      );
      const other = await orgWithPeople(app, 'samlother');
      const foreign = await app.put(`/v1/orgs/${other.organizationId}/teams`, { title: 'Foreign' });
      expectError(await app.post(saml(), { label: 'L', defaultTeam: foreign.body.id }), 400, /defaultTeam/);
    });

    it('is for admins only: 401 without token, 403 to members, 404 to non-members', async () => {
      expectError(await app.post(saml(), { label: 'L' }, null), 401);
      expectError(await app.post(saml(), { label: 'L' }, member.token), 403, /admins/);
      expectError(await app.post(saml(), { label: 'L' }, outsider.token), 404);
      expect((await app.post(saml(), { label: 'By admin' }, admin.token)).status).toBe(201);
    });
  });

  describe('GET, PATCH, DELETE', () => {
    it('pages through providers oldest first', async () => {
      const org = await orgWithPeople(app, 'samllist');
      const ids = [];
      for (const label of ['One', 'Two', 'Three']) ids.push((await app.post(`/v1/orgs/${org.organizationId}/saml`, { label })).body.id);
      const first = await app.get(`/v1/orgs/${org.organizationId}/saml?limit=2`);
      expect(first.body).toMatchObject({ count: 3, next: { page: expect.any(String) } });
      const all = await collectAll(app, `/v1/orgs/${org.organizationId}/saml?limit=2`);
      expect(all.map((p) => p.id)).toEqual(ids);
      expectError(await app.get(`/v1/orgs/${org.organizationId}/saml`, org.member.token), 403);
      expectError(await app.get(`/v1/orgs/${org.organizationId}/saml`, org.outsider.token), 404);
      expectError(await app.get(`/v1/orgs/${org.organizationId}/saml?limit=0`), 400, /limit/);
    });

    it('updates only the fields sent; null clears the default team and the role', async () => {
      const created = (await app.post(saml(), { ...complete(), defaultTeam: teamId, defaultRole: 'read' })).body;
      const res = await app.patch(`${saml()}/${created.id}`, { label: 'Renamed' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...created, label: 'Renamed' });
      const cleared = await app.patch(`${saml()}/${created.id}`, { defaultTeam: null, defaultRole: null });
      expect(cleared.body.defaultTeam).toBeUndefined();
      expect(cleared.body.defaultRole).toBeNull();
      expect((await app.get(`${saml()}/${created.id}`)).body).toEqual(cleared.body);
      expectError(await app.patch(`${saml()}/${created.id}`, { label: '' }), 400, /label/);
      expectError(await app.patch(`${saml()}/${created.id}`, { certificate: 'junk' }), 400, /certificate/);
      expectError(await app.patch(`${saml()}/${created.id}`, { ssoURL: null }), 400, /ssoURL/);
      expectError(await app.patch(`${saml()}/${created.id}`, { defaultTeam: 'nope' }), 400, /defaultTeam/);
      expectError(await app.patch(`${saml()}/${created.id}`, { label: 'x' }, member.token), 403);
      expectError(await app.patch(`${saml()}/${created.id}`, { label: 'x' }, outsider.token), 404);
      expectError(await app.patch(`${saml()}/unknown`, { label: 'x' }), 404, /SAML provider not found/);
      expectError(await app.get(`${saml()}/${created.id}`, member.token), 403);
      expectError(await app.get(`${saml()}/unknown`), 404);
    });

    it('drops the default team when that team is deleted', async () => {
      const team = (await app.put(`/v1/orgs/${orgId}/teams`, { title: 'Doomed' })).body;
      const created = (await app.post(saml(), { label: 'With team', defaultTeam: team.id })).body;
      expect(created.defaultTeam.id).toBe(team.id);
      expect((await app.delete(`/v1/orgs/${orgId}/teams/${team.id}`)).status).toBe(204);
      const read = await app.get(`${saml()}/${created.id}`);
      expect(read.body.defaultTeam).toBeUndefined();
    });

    it('deletes a provider with 204', async () => {
      const created = (await app.post(saml(), { label: 'Bye' })).body;
      expectError(await app.delete(`${saml()}/${created.id}`, member.token), 403);
      expectError(await app.delete(`${saml()}/${created.id}`, outsider.token), 404);
      const res = await app.delete(`${saml()}/${created.id}`);
      expect(res.status).toBe(204);
      expectError(await app.get(`${saml()}/${created.id}`), 404);
      expect((await collectAll(app, saml())).map((p) => p.id)).not.toContain(created.id);
      expectError(await app.delete(`${saml()}/${created.id}`), 404);
    });
  });

  describe('GET /v1/orgs/{organizationId}/sso', () => {
    it('lists the sign-in options of active providers to any authenticated caller', async () => {
      const org = await orgWithPeople(app, 'ssologin');
      const path = `/v1/orgs/${org.organizationId}/sso`;
      expect((await app.get(path)).body).toEqual({ items: [] });
      const active = (await app.post(`/v1/orgs/${org.organizationId}/saml`, { ...complete(), label: 'Company SSO' })).body;
      await app.post(`/v1/orgs/${org.organizationId}/saml`, { label: 'Not ready' });
      for (const token of [undefined, org.member.token, org.outsider.token]) {
        const res = await app.get(path, token);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ items: [{ id: active.id, label: 'Company SSO', startURL: active.service.startURL }] });
        expectGitbookSchema('OrganizationSSOProviderLogin', res.body.items[0]);
      }
      expectError(await app.get(path, null), 401);
      expect((await app.get('/v1/orgs/unknown/sso')).body).toEqual({ items: [] });
    });

    // Issue #23 (7), decided in docs/organization-members.md ("SSO sign-in options"): the route tells a
    // login page whether SSO applies, not whether an organization exists.
    it(
      'answers a non-member the same for an unknown organization as for one without SSO, ' + 'and what members see for one with SSO',
      async () => {
        const withSso = await orgWithPeople(app, 'ssoexists');
        const withoutSso = await orgWithPeople(app, 'ssonone');
        const active = (await app.post(`/v1/orgs/${withSso.organizationId}/saml`, { ...complete(), label: 'Sign in' })).body;
        const logins = { items: [{ id: active.id, label: 'Sign in', startURL: active.service.startURL }] };
        const stranger = withSso.outsider.token;

        const unknown = await app.get('/v1/orgs/NoSuchOrganization00/sso', stranger);
        const none = await app.get(`/v1/orgs/${withoutSso.organizationId}/sso`, stranger);
        expect({ status: unknown.status, body: unknown.body }).toEqual({ status: 200, body: { items: [] } });
        expect({ status: none.status, body: none.body }).toEqual({ status: unknown.status, body: unknown.body });

        for (const token of [stranger, withSso.member.token, withSso.guest.token]) {
          expect(await app.get(`/v1/orgs/${withSso.organizationId}/sso`, token)).toMatchObject({ status: 200, body: logins });
        }
        // The rest of the organization stays invisible to the non-member.
        expectError(await app.get(`/v1/orgs/${withSso.organizationId}`, stranger), 404);
        expectError(await app.get(`/v1/orgs/${withSso.organizationId}/sso`, null), 401);
      },
    );
  });
});
