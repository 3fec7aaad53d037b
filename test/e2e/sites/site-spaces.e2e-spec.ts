import { AnswerSchemas } from '../support/answer-schemas';
import { createSpace, spacePath } from '../support/content-world';
import { collectAll, expectError, TestApp } from '../support/test-app';
import { addSpace, createSite, SiteCast, siteCast, sitePath, sitesOf, siteSpacePath, siteSpacesOf, T, valid } from './site-world';

describe('site spaces', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: SiteCast;
  let org: string;

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await siteCast(app, 'site-spaces');
    org = cast.organizationId;
  });
  afterAll(() => app.stop());

  const paths = async (siteId: string) => (await collectAll(app, siteSpacesOf(org, siteId))).map((s) => `${s.path}${s.default ? '*' : ''}`);

  it('adds a space at the end of the root level, answering 201 with Location and a GitBook SiteSpace with the Space', async () => {
    const space = await createSpace(app, org, { title: 'Guides', emoji: '📘' });
    const site = await createSite(app, org, { title: 'Docs' });
    const res = await app.post(siteSpacesOf(org, site.id), { spaceId: space.id });
    valid(schemas, 'POST', T.siteSpaces, res, 'SiteSpace');
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(res.body.urls.location);
    expect(res.body).toEqual({
      object: 'site-space',
      id: expect.any(String),
      path: 'guides',
      space: { ...(await app.get(spacePath(space.id))).body },
      title: 'Guides',
      default: true,
      draft: false,
      hasAdvancedCustomizationFeature: false,
      urls: { location: `http://api.test/v1/orgs/${org}/sites/${site.id}/site-spaces/${res.body.id}` },
    });
    expect((await app.get(sitePath(org, site.id))).body.siteSpaces).toBe(1);
  });

  it('keeps exactly one default per level: the first added, another when set, the first left when the default goes', async () => {
    const spaces = await Promise.all(['One', 'Two', 'Three'].map((title) => createSpace(app, org, { title })));
    const site = await createSite(app, org, { title: 'Defaults', spaces: spaces.map((s) => s.id) });
    expect(await paths(site.id)).toEqual(['one*', 'two', 'three']);
    const items = (await app.get(siteSpacesOf(org, site.id))).body.items;
    const set = await app.patch(sitePath(org, site.id), { defaultSiteSpace: items[2].id });
    expect(set.status).toBe(200);
    expect(await paths(site.id)).toEqual(['one', 'two', 'three*']);
    const defaults = await app.get(`${siteSpacesOf(org, site.id)}?default=true`);
    valid(schemas, 'GET', T.siteSpaces, defaults, 'SiteSpace');
    expect(defaults.body).toMatchObject({ count: 1, items: [{ id: items[2].id, default: true }] });
    expect((await app.get(`${siteSpacesOf(org, site.id)}?default=false`)).body).toMatchObject({
      count: 2,
      items: [{ id: items[0].id }, { id: items[1].id }],
    });
    const deleted = await app.delete(siteSpacePath(org, site.id, items[2].id));
    valid(schemas, 'DELETE', T.siteSpace, deleted);
    expect(deleted.status).toBe(205);
    expect(await paths(site.id)).toEqual(['one*', 'two']);
    expect((await app.get(sitePath(org, site.id))).body.siteSpaces).toBe(2);
    expectError(await app.patch(sitePath(org, site.id), { defaultSiteSpace: 'nope' }), 400, /defaultSiteSpace: no site space nope/);
    expectError(await app.delete(siteSpacePath(org, site.id, items[2].id)), 404, /site space not found/);
  });

  it('changes path (unique at its level), condition (null removes it) and space; published URLs follow', async () => {
    const [a, b, c] = await Promise.all(['Alpha', 'Beta', 'Gamma'].map((title) => createSpace(app, org, { title })));
    const site = await createSite(app, org, { title: 'Paths', spaces: [a.id, b.id] });
    const [first, second] = (await app.get(siteSpacesOf(org, site.id))).body.items;
    const renamed = await app.patch(siteSpacePath(org, site.id, second.id), { path: 'v2', condition: 'visitor.claims.beta === true' });
    valid(schemas, 'PATCH', T.siteSpace, renamed, 'SiteSpace');
    expect(renamed.body).toMatchObject({ path: 'v2', condition: 'visitor.claims.beta === true' });
    expectError(
      await app.patch(siteSpacePath(org, site.id, second.id), { path: 'alpha' }),
      409,
      /path: another site space at this level has the path alpha/,
    );
    expect((await app.patch(siteSpacePath(org, site.id, second.id), { path: 'v2' })).status).toBe(200);
    const kept = await app.patch(siteSpacePath(org, site.id, second.id), { spaceId: c.id });
    expect(kept.body).toMatchObject({ path: 'v2', condition: 'visitor.claims.beta === true', title: 'Gamma', space: { id: c.id } });
    const cleared = await app.patch(siteSpacePath(org, site.id, second.id), { condition: null });
    expect(cleared.body).not.toHaveProperty('condition');
    await app.post(`${sitePath(org, site.id)}/publish`);
    const published = (await app.get(siteSpacesOf(org, site.id))).body.items;
    expect(published.map((s: any) => s.urls.published)).toEqual([
      `http://api.test/sites/${org}/${site.id}`,
      `http://api.test/sites/${org}/${site.id}/v2`,
    ]);
    expect(first.id).toBe(published[0].id);
    const sites = await app.get(`${sitesOf(org)}?space=${c.id}`);
    expect(sites.body.items.map((s: any) => s.id)).toEqual([site.id]);
    expect((await app.get(`${sitesOf(org)}?space=${b.id}`)).body.items.map((s: any) => s.id)).not.toContain(site.id);
  });

  it.each([
    [{}, /spaceId/],
    [{ spaceId: null }, /spaceId/],
    [{ spaceId: '' }, /spaceId/],
    [{ spaceId: 'nope' }, /spaceId: no space nope in the organization/],
    [{ spaceId: 'x', extra: true }, /extra/],
  ])('refuses adding %j with 400', async (body, message) => {
    const site = await createSite(app, org, { title: 'Strict' });
    expectError(await app.post(siteSpacesOf(org, site.id), body), 400, message);
  });

  it.each([
    [{ path: '' }, /path must be longer than or equal to 1/],
    [{ path: 'x'.repeat(101) }, /path/],
    [{ path: null }, /path/],
    [{ path: 'a/b' }, /path must not contain \//],
    [{ condition: '' }, /condition must be longer than or equal to 1/],
    [{ condition: 'x'.repeat(1025) }, /condition/],
    [{ spaceId: 'nope' }, /spaceId: no space nope/],
    [{ default: true }, /default/],
  ])('refuses changing %j with 400', async (body, message) => {
    const space = await createSpace(app, org, { title: 'Valid' });
    const site = await createSite(app, org, { title: 'Strict', spaces: [space.id] });
    const [entry] = (await app.get(siteSpacesOf(org, site.id))).body.items;
    expectError(await app.patch(siteSpacePath(org, site.id, entry.id), body), 400, message);
  });

  it('pages site spaces in order with count and next', async () => {
    const spaces = [];
    for (let i = 0; i < 5; i++) spaces.push(await createSpace(app, org, { title: `Page ${i}` }));
    const site = await createSite(app, org, { title: 'Paged', spaces: spaces.map((s) => s.id) });
    const first = await app.get(`${siteSpacesOf(org, site.id)}?limit=2`);
    expect(first.body).toMatchObject({ count: 5, next: { page: expect.any(String) } });
    expect((await collectAll(app, `${siteSpacesOf(org, site.id)}?limit=2`)).map((s) => s.path)).toEqual([
      'page-0',
      'page-1',
      'page-2',
      'page-3',
      'page-4',
    ]);
    expectError(await app.get(`${siteSpacesOf(org, site.id)}?default=maybe`), 400, /default must be a boolean/);
  });

  describe('when a space goes', () => {
    it('deleting a space removes its site spaces from every site, promotes another default, and keeps counts right', async () => {
      const [a, b] = await Promise.all(['Doomed', 'Stays'].map((title) => createSpace(app, org, { title })));
      const one = await createSite(app, org, { title: 'One', spaces: [a.id, b.id] });
      const two = await createSite(app, org, { title: 'Two', spaces: [a.id] });
      expect((await app.delete(spacePath(a.id))).status).toBe(205);
      expect(await paths(one.id)).toEqual(['stays*']);
      expect(await paths(two.id)).toEqual([]);
      expect((await app.get(sitePath(org, one.id))).body.siteSpaces).toBe(1);
      expect((await app.get(sitePath(org, two.id))).body.siteSpaces).toBe(0);
      expect((await app.get(`${sitesOf(org)}?space=${a.id}`)).body.count).toBe(0);
      // The site's own stream catches up on its next write, and the site stays consistent.
      const again = await addSpace(app, org, one.id, b.id);
      expect(again).toMatchObject({ path: 'stays-2', default: false });
      expect(await paths(one.id)).toEqual(['stays*', 'stays-2']);
      // A restored space does not come back.
      expect((await app.post(`${spacePath(a.id)}/restore`)).status).toBe(200);
      expect(await paths(one.id)).toEqual(['stays*', 'stays-2']);
    });

    it('transferring a space to another organization removes its site spaces', async () => {
      const space = await createSpace(app, org, { title: 'Moving' });
      const site = await createSite(app, org, { title: 'Transfer', spaces: [space.id] });
      const other = await app.post('/v1/orgs', { title: 'Destination' });
      const moved = await app.post(`${spacePath(space.id)}/transfer`, { organization: other.body.id });
      expect(moved.status).toBe(200);
      expect(await paths(site.id)).toEqual([]);
      expectError(await app.post(siteSpacesOf(org, site.id), { spaceId: space.id }), 400, /spaceId: no space/);
    });
  });
});
