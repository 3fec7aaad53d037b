import { createSpace } from '../support/content-world';
import { expectError, TestApp } from '../support/test-app';
import { createSite, SiteCast, siteCast, sitePath, sitesOf, siteSpacePath, siteSpacesOf } from './site-world';

/**
 * Who may do what with sites (docs/sites-design.md, "Permissions"): organization admins and
 * creators manage; other members read (guests 403); non-members 404; nobody 401.
 */
describe('site permissions', () => {
  let app: TestApp;
  let cast: SiteCast;
  let org: string;
  let space: any;

  type Who = 'admin' | 'creator' | 'editor' | 'reader' | 'guest' | 'outsider' | 'anonymous';
  const token = (who: Who) => (who === 'creator' ? cast.creator.token : cast.token(who));

  beforeAll(async () => {
    app = await TestApp.shared();
    cast = await siteCast(app, 'site-permissions');
    org = cast.organizationId;
    space = await createSpace(app, org, { title: 'Guarded' });
  });
  afterAll(() => app.stop());

  const WRITERS: [Who, number][] = [
    ['admin', 201],
    ['creator', 201],
    ['editor', 403],
    ['reader', 403],
    ['guest', 403],
    ['outsider', 404],
    ['anonymous', 401],
  ];

  it.each(WRITERS)('creating a site as %s answers %i', async (who, status) => {
    const res = await app.post(sitesOf(org), { title: `By ${who}` }, token(who));
    expect(res.status).toBe(status);
    if (status === 403) expectError(res, 403, /creating a site needs the admin or create role/);
    if (status === 404) expectError(res, 404, /organization not found/);
    if (status === 201) expect(res.body.permissions).toMatchObject({ admin: true, create: true, installIntegration: who === 'admin' });
  });

  it.each(WRITERS.map(([who, status]) => [who, status === 201 ? 200 : status] as [Who, number]))(
    'changing, publishing and deleting a site as %s answers %i',
    async (who, status) => {
      const site = await createSite(app, org, { title: 'Target', spaces: [space.id] });
      const siteSpace = (await app.get(siteSpacesOf(org, site.id))).body.items[0];
      const attempts = [
        await app.patch(sitePath(org, site.id), { title: 'Changed' }, token(who)),
        await app.post(`${sitePath(org, site.id)}/publish`, undefined, token(who)),
        await app.post(`${sitePath(org, site.id)}/unpublish`, undefined, token(who)),
        await app.post(siteSpacesOf(org, site.id), { spaceId: space.id }, token(who)),
        await app.patch(siteSpacePath(org, site.id, siteSpace.id), { path: 'renamed' }, token(who)),
        await app.delete(siteSpacePath(org, site.id, siteSpace.id), token(who)),
        await app.delete(sitePath(org, site.id), token(who)),
      ];
      const expected = status === 200 ? [200, 200, 200, 201, 200, 205, 205] : attempts.map(() => status);
      expect(attempts.map((r) => r.status)).toEqual(expected);
      if (status === 403) expect(attempts.every((r) => /needs the admin or create role/.test(r.body.error.message))).toBe(true);
    },
  );

  it.each<[Who, number]>([
    ['admin', 200],
    ['creator', 200],
    ['editor', 200],
    ['reader', 200],
    ['guest', 403],
    ['outsider', 404],
    ['anonymous', 401],
  ])('reading sites as %s answers %i', async (who, status) => {
    const site = await createSite(app, org, { title: 'Readable', spaces: [space.id] });
    for (const path of [sitesOf(org), sitePath(org, site.id), siteSpacesOf(org, site.id)]) {
      expect({ path, status: (await app.get(path, token(who))).status }).toEqual({ path, status });
    }
  });

  it('answers readers the permissions they hold', async () => {
    const site = await createSite(app, org, { title: 'Mine' });
    const res = await app.get(sitePath(org, site.id), cast.reader.token);
    expect(res.body.permissions).toEqual({
      view: true,
      access: true,
      edit: false,
      create: false,
      admin: false,
      installIntegration: false,
      viewAdaptiveSchema: true,
      editAdaptiveSchema: false,
    });
  });
});
