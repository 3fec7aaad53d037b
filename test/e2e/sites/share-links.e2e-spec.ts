import { AnswerSchemas } from '../support/answer-schemas';
import { createSpace } from '../support/content-world';
import { collectAll, expectError, TestApp } from '../support/test-app';
import { createSite, SiteCast, siteCast, sitePath, siteSpacesOf, valid } from './site-world';

const TL = {
  links: '/v1/orgs/{organizationId}/sites/{siteId}/share-links',
  link: '/v1/orgs/{organizationId}/sites/{siteId}/share-links/{shareLinkId}',
};

describe('site share links and share keys', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: SiteCast;
  let org: string;

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await siteCast(app, 'share-links');
    org = cast.organizationId;
  });
  afterAll(() => app.stop());

  const linksOf = (siteId: string) => `${sitePath(org, siteId)}/share-links`;
  const keyOf = (link: any) => new URL(link.urls.published).searchParams.get('share')!;

  it('creates active links with a secret key in their published URL, renames, deactivates and deletes them', async () => {
    const site = await createSite(app, org, { title: 'Private docs', visibility: 'share-link' });
    const created = await app.post(linksOf(site.id), { name: 'Partners' });
    valid(schemas, 'POST', TL.links, created, 'ShareLink');
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      object: 'share-link',
      id: expect.any(String),
      createdAt: expect.any(String),
      name: 'Partners',
      active: true,
      urls: {},
    });
    await app.post(`${sitePath(org, site.id)}/publish`);
    const listed = await app.get(linksOf(site.id));
    valid(schemas, 'GET', TL.links, listed, 'ShareLink');
    const [link] = listed.body.items;
    expect(link.urls.published).toMatch(new RegExp(`^http://api\\.test/sites/${org}/${site.id}\\?share=[A-Za-z0-9_-]{43}$`));
    const other = (await app.post(linksOf(site.id), { name: 'Other' })).body;
    const keys = (await collectAll(app, linksOf(site.id))).map(keyOf);
    expect(new Set(keys).size).toBe(2);
    const renamed = await app.patch(`${linksOf(site.id)}/${link.id}`, { name: 'Friends', active: false });
    valid(schemas, 'PATCH', TL.link, renamed, 'ShareLink');
    expect(renamed.body).toMatchObject({ name: 'Friends', active: false });
    expect((await app.patch(`${linksOf(site.id)}/${link.id}`, { active: true })).body).toMatchObject({ name: 'Friends', active: true });
    const deleted = await app.delete(`${linksOf(site.id)}/${other.id}`);
    valid(schemas, 'DELETE', TL.link, deleted);
    expect(deleted.status).toBe(205);
    expect((await app.get(linksOf(site.id))).body).toMatchObject({ count: 1, items: [{ id: link.id }] });
    expectError(await app.delete(`${linksOf(site.id)}/${other.id}`), 404, /share link not found/);
    expectError(await app.patch(`${linksOf(site.id)}/nope`, { active: false }), 404, /share link not found/);
  });

  it('resolves published URLs with an active key on a share-link site; a wrong or inactive key is 404', async () => {
    const space = await createSpace(app, org, { title: 'Secret' });
    const site = await createSite(app, org, { title: 'Shared', visibility: 'share-link', spaces: [space.id] });
    await app.post(`${sitePath(org, site.id)}/publish`);
    const link = (await app.post(linksOf(site.id), { name: 'Key' })).body;
    const key = keyOf(link);
    const withKey = await app.get(`${siteSpacesOf(org, site.id)}?shareKey=${encodeURIComponent(key)}`);
    valid(schemas, 'GET', '/v1/orgs/{organizationId}/sites/{siteId}/site-spaces', withKey, 'SiteSpace');
    expect(withKey.body.items[0].urls.published).toBe(`http://api.test/sites/${org}/${site.id}?share=${key}`);
    expect((await app.get(siteSpacesOf(org, site.id))).body.items[0].urls.published).toBe(`http://api.test/sites/${org}/${site.id}`);
    const structure = await app.get(`${sitePath(org, site.id)}/structure?shareKey=${encodeURIComponent(key)}`);
    expect(structure.body.structure[0].urls.published).toContain(`?share=${key}`);
    expectError(await app.get(`${siteSpacesOf(org, site.id)}?shareKey=wrong`), 404, /share link not found/);
    expectError(await app.get(`${sitePath(org, site.id)}/sections?shareKey=wrong`), 404, /share link not found/);
    expectError(await app.get(`${sitePath(org, site.id)}/structure?shareKey=wrong`), 404, /share link not found/);
    await app.patch(`${linksOf(site.id)}/${link.id}`, { active: false });
    expectError(await app.get(`${siteSpacesOf(org, site.id)}?shareKey=${encodeURIComponent(key)}`), 404, /share link not found/);
    // On a site of another visibility a valid key is checked but URLs stay plain.
    await app.patch(`${linksOf(site.id)}/${link.id}`, { active: true });
    await app.patch(sitePath(org, site.id), { visibility: 'public' });
    expect((await app.get(`${siteSpacesOf(org, site.id)}?shareKey=${encodeURIComponent(key)}`)).body.items[0].urls.published).toBe(
      `http://api.test/sites/${org}/${site.id}`,
    );
  });

  it.each([
    [{}, /name/],
    [{ name: 'n'.repeat(51) }, /name must be shorter than or equal to 50/],
    [{ name: 5 }, /name must be a string/],
    [{ name: 'ok', active: false }, /active/],
  ])('refuses creating %j with 400', async (body, message) => {
    const site = await createSite(app, org, { title: 'Strict' });
    expectError(await app.post(linksOf(site.id), body), 400, message);
  });

  it.each([
    [{ active: 'yes' }, /active must be a boolean/],
    [{ name: 'n'.repeat(51) }, /name/],
    [{ key: 'mine' }, /key/],
  ])('refuses changing %j with 400', async (body, message) => {
    const site = await createSite(app, org, { title: 'Strict' });
    const link = (await app.post(linksOf(site.id), { name: 'L' })).body;
    expectError(await app.patch(`${linksOf(site.id)}/${link.id}`, body), 400, message);
  });

  it('shows and manages share links for site managers only', async () => {
    const site = await createSite(app, org, { title: 'Managed' });
    const link = (await app.post(linksOf(site.id), { name: 'L' })).body;
    expect((await app.get(linksOf(site.id), cast.creator.token)).status).toBe(200);
    expect((await app.post(linksOf(site.id), { name: 'Mine' }, cast.creator.token)).status).toBe(201);
    for (const who of ['reader', 'editor'] as const) {
      expectError(await app.get(linksOf(site.id), cast.token(who)), 403, /site managers/);
      expectError(await app.post(linksOf(site.id), { name: 'No' }, cast.token(who)), 403, /creating a share link/);
      expectError(await app.patch(`${linksOf(site.id)}/${link.id}`, { active: false }, cast.token(who)), 403);
      expectError(await app.delete(`${linksOf(site.id)}/${link.id}`, cast.token(who)), 403);
    }
    expectError(await app.get(linksOf(site.id), cast.guest.token), 403);
    expectError(await app.get(linksOf(site.id), cast.outsider.token), 404);
    expectError(await app.get(linksOf(site.id), null), 401);
  });

  it('pages share links with count and next', async () => {
    const site = await createSite(app, org, { title: 'Many links' });
    for (let i = 0; i < 3; i++) await app.post(linksOf(site.id), { name: `L${i}` });
    const first = await app.get(`${linksOf(site.id)}?limit=2`);
    expect(first.body).toMatchObject({ count: 3, next: { page: expect.any(String) } });
    expect((await collectAll(app, `${linksOf(site.id)}?limit=2`)).map((l) => l.name)).toEqual(['L0', 'L1', 'L2']);
  });
});
