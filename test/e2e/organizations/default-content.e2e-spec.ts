import { expectError, TestApp } from '../support/test-app';

/**
 * Issue #23 (6): an organization's defaultContent accepted another organization's site, or one that
 * does not exist. It must name one of the organization's own sites (GitBook: 400 "Invalid default
 * content"); another organization's site is refused like an unknown one, so the answer does not
 * say whether it exists.
 */
describe('PATCH /v1/orgs/{organizationId}: defaultContent', () => {
  let app: TestApp;
  let org: string;
  let other: string;
  let member: { token: string; userId: string };

  const createOrg = async (title: string) => (await app.post('/v1/orgs', { title })).body.id as string;
  const createSite = async (organizationId: string, title = 'Docs') => {
    const res = await app.post(`/v1/orgs/${organizationId}/sites`, { title });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const setDefault = (site: string | null, token?: string) =>
    app.patch(`/v1/orgs/${org}`, { defaultContent: site === null ? null : { type: 'site', site } }, token);

  beforeAll(async () => {
    app = await TestApp.shared();
    [org, other] = [await createOrg('Acme Docs'), await createOrg('Other Docs')];
    member = await app.tokenFor('editor@acme.test', 'Ed Editor');
    const invited = await app.post(`/v1/orgs/${org}/invites`, { emails: ['editor@acme.test'], role: 'edit' });
    expect(invited.status).toBeLessThan(300);
  });
  afterAll(() => app.stop());

  it("takes one of the organization's sites, and null clears it", async () => {
    const site = await createSite(org);
    const res = await setDefault(site);
    expect(res.status).toBe(200);
    expect(res.body.defaultContent).toEqual({ type: 'site', site });
    expect((await app.get(`/v1/orgs/${org}`)).body.defaultContent).toEqual({ type: 'site', site });
    const cleared = await setDefault(null);
    expect(cleared.status).toBe(200);
    expect(cleared.body.defaultContent).toBeUndefined();
  });

  it("refuses another organization's site with 400 naming the field, and leaves the setting as it was", async () => {
    const own = await createSite(org, 'Own');
    expect((await setDefault(own)).status).toBe(200);
    const foreign = await createSite(other, 'Foreign');
    expectError(await setDefault(foreign), 400, new RegExp(`^defaultContent\\.site: the organization has no site "${foreign}"$`));
    expect((await app.get(`/v1/orgs/${org}`)).body.defaultContent).toEqual({ type: 'site', site: own });
  });

  it('refuses a site that does not exist, or no longer does, with the same 400', async () => {
    expectError(await setDefault('nonexistent-site'), 400, /^defaultContent\.site: the organization has no site "nonexistent-site"$/);
    const gone = await createSite(org, 'Gone');
    expect((await app.delete(`/v1/orgs/${org}/sites/${gone}`)).status).toBe(205); // GitBook answers a site deletion 205
    expectError(await setDefault(gone), 400, /^defaultContent\.site/);
  });

  it('tells a member who is not an admin nothing about sites: 403 whichever site is named', async () => {
    const own = await createSite(org, 'Members');
    expectError(await setDefault(own, member.token), 403, /admin/);
    expectError(await setDefault('nonexistent-site', member.token), 403, /admin/);
  });
});
