import { AnswerSchemas } from '../support/answer-schemas';
import { createSpace, spacePath } from '../support/content-world';
import { collectAll, expectError, TestApp } from '../support/test-app';
import { createSite, SiteCast, siteCast, sitePath, sitesOf, siteSpacesOf, T, valid } from './site-world';

describe('sites', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: SiteCast;
  let org: string;

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await siteCast(app, 'sites');
    org = cast.organizationId;
  });
  afterAll(() => app.stop());

  describe('create', () => {
    it('creates a basic public site by default, answering 201 with Location and a GitBook Site', async () => {
      const res = await app.post(sitesOf(org), { title: 'Handbook' });
      valid(schemas, 'POST', T.sites, res, 'Site');
      expect(res.status).toBe(201);
      expect(res.headers.get('location')).toBe(res.body.urls.location);
      expect(res.body).toEqual({
        object: 'site',
        id: expect.any(String),
        type: 'basic',
        appliedType: 'basic',
        title: 'Handbook',
        visibility: 'public',
        defaultLevel: 'inherit',
        permissions: {
          view: true,
          access: true,
          edit: true,
          create: true,
          admin: true,
          installIntegration: true,
          viewAdaptiveSchema: true,
          editAdaptiveSchema: true,
        },
        published: false,
        siteSpaces: 0,
        createdAt: expect.any(String),
        adaptiveContent: { enabled: false },
        agentsContext: 'included',
        features: [],
        urls: {
          location: `http://api.test/v1/orgs/${org}/sites/${res.body.id}`,
          app: `http://app.test/o/${org}/sites/${res.body.id}`,
          preview: `http://app.test/o/${org}/sites/${res.body.id}/preview`,
        },
      });
      const got = await app.get(sitePath(org, res.body.id));
      valid(schemas, 'GET', T.site, got, 'Site');
      expect(got.body).toEqual(res.body);
    });

    it('takes type, visibility and spaces, each space at the root level with a path from its title', async () => {
      const a = await createSpace(app, org, { title: 'Getting Started' });
      const b = await createSpace(app, org, { title: 'Getting started!' });
      const site = await createSite(app, org, { type: 'ultimate', title: 'Product', visibility: 'unlisted', spaces: [a.id, b.id] });
      expect(site).toMatchObject({ type: 'ultimate', visibility: 'unlisted', siteSpaces: 2 });
      const list = await app.get(siteSpacesOf(org, site.id));
      valid(schemas, 'GET', T.siteSpaces, list, 'SiteSpace');
      expect(list.body.items.map((s: any) => [s.space.id, s.path, s.default, s.title])).toEqual([
        [a.id, 'getting-started', true, 'Getting Started'],
        [b.id, 'getting-started-2', false, 'Getting started!'],
      ]);
    });

    it.each([
      [{ title: 'x' }, /title must be longer than or equal to 2/],
      [{ title: 'x'.repeat(129) }, /title must be shorter than or equal to 128/],
      [{ title: 'Docs', type: 'gold' }, /type must be one of basic/],
      [{ title: 'Docs', visibility: 'secret' }, /visibility must be one of public, unlisted, share-link, visitor-auth/],
      [{ title: 'Docs', spaces: 'new' }, /spaces must be an array/],
      [{ title: 'Docs', spaces: [1] }, /spaces/],
      [{ title: 'Docs', extra: 1 }, /extra/],
      [{ title: '  ' }, /title must not be blank/],
    ])('refuses %j with 400', async (body, message) => {
      expectError(await app.post(sitesOf(org), body), 400, message);
    });

    it('refuses spaces the caller cannot see, of another organization, deleted, or named twice, naming the entry', async () => {
      const other = await app.post('/v1/orgs', { title: 'Elsewhere' });
      const foreign = await createSpace(app, other.body.id, { title: 'Foreign' });
      const mine = await createSpace(app, org, { title: 'Mine' });
      expectError(
        await app.post(sitesOf(org), { title: 'Docs', spaces: [mine.id, foreign.id] }),
        400,
        `spaces[1]: no space ${foreign.id} in the organization`,
      );
      expectError(await app.post(sitesOf(org), { title: 'Docs', spaces: ['nope'] }), 400, /spaces\[0\]: no space nope/);
      expectError(
        await app.post(sitesOf(org), { title: 'Docs', spaces: [mine.id, mine.id] }),
        400,
        /spaces\[1\]: the space .* is named twice/,
      );
      const trashed = await createSpace(app, org, { title: 'Trashed' });
      expect((await app.delete(spacePath(trashed.id))).status).toBe(205);
      expectError(await app.post(sitesOf(org), { title: 'Docs', spaces: [trashed.id] }), 400, /spaces\[0\]/);
    });
  });

  describe('update', () => {
    it('changes title, visibility, basename, hostname, proxy, adaptive content and agents context; omitted fields stay', async () => {
      const site = await createSite(app, org, { title: 'Before' });
      const res = await app.patch(sitePath(org, site.id), {
        title: 'After',
        visibility: 'share-link',
        basename: 'api',
        hostname: 'docs.example.com',
        proxy: 'example.com/docs',
        adaptiveContent: { enabled: true },
        agentsContext: 'excluded',
      });
      valid(schemas, 'PATCH', T.site, res, 'Site');
      expect(res.body).toMatchObject({
        title: 'After',
        visibility: 'share-link',
        basename: 'api',
        hostname: 'docs.example.com',
        proxy: { origin: 'example.com/docs', target: `http://api.test/sites/${org}/api` },
        adaptiveContent: { enabled: true },
        agentsContext: 'excluded',
      });
      const again = await app.patch(sitePath(org, site.id), { title: 'Again' });
      expect(again.body).toMatchObject({ title: 'Again', visibility: 'share-link', basename: 'api', hostname: 'docs.example.com' });
      const cleared = await app.patch(sitePath(org, site.id), { proxy: null, hostname: null });
      expect(cleared.status).toBe(200);
      expect(cleared.body).not.toHaveProperty('proxy');
      expect(cleared.body).not.toHaveProperty('hostname');
      expect((await app.get(sitePath(org, site.id))).body).toEqual(cleared.body);
    });

    it("refuses another site's hostname (any organization's) and, within the organization, another site's basename, with 409", async () => {
      const first = await createSite(app, org, { title: 'First' });
      const second = await createSite(app, org, { title: 'Second' });
      expect((await app.patch(sitePath(org, first.id), { basename: 'guides', hostname: 'help.unique.test' })).status).toBe(200);
      expectError(
        await app.patch(sitePath(org, second.id), { basename: 'guides' }),
        409,
        /basename: another site of the organization has the basename guides/,
      );
      expectError(
        await app.patch(sitePath(org, second.id), { title: 'Second!', hostname: 'help.unique.test' }),
        409,
        /hostname: help.unique.test is already the hostname of another site/,
      );
      expect((await app.get(sitePath(org, second.id))).body.title).toBe('Second'); // nothing of the refused change
      // The site itself may send its own names again; another organization's site may share a basename, not a hostname.
      expect((await app.patch(sitePath(org, first.id), { basename: 'guides', hostname: 'help.unique.test', title: 'First!' })).status).toBe(
        200,
      );
      const other = await siteCast(app, 'sites-other');
      const elsewhere = await createSite(app, other.organizationId, { title: 'Elsewhere' });
      expect((await app.patch(sitePath(other.organizationId, elsewhere.id), { basename: 'guides' })).status).toBe(200);
      expectError(await app.patch(sitePath(other.organizationId, elsewhere.id), { hostname: 'help.unique.test' }), 409, /hostname/);
      // Names are free again once their site lets go of them, or is deleted.
      expect((await app.patch(sitePath(org, first.id), { basename: 'old-guides' })).status).toBe(200);
      expect((await app.patch(sitePath(org, second.id), { basename: 'guides' })).status).toBe(200);
      expect((await app.delete(sitePath(org, first.id))).status).toBeLessThan(300);
      expect((await app.patch(sitePath(org, second.id), { hostname: 'help.unique.test' })).status).toBe(200);
    });

    it('gives a hostname, and a basename within the organization, to one of several sites asking for it at once', async () => {
      const sites = await Promise.all(['Race 1', 'Race 2', 'Race 3'].map((title) => createSite(app, org, { title })));
      const stamp = Date.now() % 100000;
      for (const body of [{ hostname: `race-${stamp}.example.test` }, { basename: `race-${stamp}` }]) {
        const answers = await Promise.all(sites.map((site) => app.patch(sitePath(org, site.id), body)));
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
      }
    });

    it.each([
      [{ title: 'x' }, /title/],
      [{ title: null }, /title/],
      [{ basename: '' }, /basename must be longer than or equal to 1/],
      [{ basename: 'x'.repeat(101) }, /basename/],
      [{ hostname: 'localhost' }, /hostname must be a hostname/],
      [{ hostname: 'example.com' }, /hostname must be a hostname/],
      [{ hostname: 'Docs.Example.com' }, /hostname must be a hostname/],
      [{ hostname: `${'a'.repeat(500)}.example.com` }, /hostname/],
      [{ proxy: 'example.com' }, /proxy must be a host and a path/],
      [{ proxy: 'https://example.com/docs' }, /proxy must be a host and a path/],
      [{ proxy: 'example.com/docs/' }, /proxy/],
      [{ adaptiveContent: true }, /adaptiveContent/],
      [{ adaptiveContent: {} }, /enabled must be a boolean/],
      [{ agentsContext: 'maybe' }, /agentsContext must be one of excluded, included/],
      [{ visibility: 'private' }, /visibility/],
      [{ published: true }, /published/],
    ])('refuses %j with 400', async (body, message) => {
      const site = await createSite(app, org, { title: 'Strict' });
      expectError(await app.patch(sitePath(org, site.id), body), 400, message);
    });

    it('accepts hostnames and proxies of the seed patterns', async () => {
      const site = await createSite(app, org, { title: 'Patterns' });
      for (const hostname of ['docs.example.com', 'a.b.c.example.io', 'x-1.y2.co']) {
        expect((await app.patch(sitePath(org, site.id), { hostname })).body.hostname).toBe(hostname);
      }
      for (const proxy of ['company.com/docs', 'www.company.com/developer/docs', 'my_co.io/a-b']) {
        expect((await app.patch(sitePath(org, site.id), { proxy })).body.proxy.origin).toBe(proxy);
      }
    });
  });

  describe('publish', () => {
    it('toggles published, and answers the published URL only while published (proxy, then hostname, then ours)', async () => {
      const site = await createSite(app, org, { title: 'Launch' });
      const published = await app.post(`${sitePath(org, site.id)}/publish`);
      valid(schemas, 'POST', T.publish, published, 'Site');
      expect(published.status).toBe(200);
      expect(published.body).toMatchObject({ published: true, urls: { published: `http://api.test/sites/${org}/${site.id}` } });
      expect((await app.post(`${sitePath(org, site.id)}/publish`)).body.published).toBe(true);
      await app.patch(sitePath(org, site.id), { basename: 'launch' });
      expect((await app.get(sitePath(org, site.id))).body.urls.published).toBe(`http://api.test/sites/${org}/launch`);
      await app.patch(sitePath(org, site.id), { hostname: 'docs.launch.io' });
      expect((await app.get(sitePath(org, site.id))).body.urls.published).toBe('https://docs.launch.io');
      await app.patch(sitePath(org, site.id), { proxy: 'launch.io/docs' });
      expect((await app.get(sitePath(org, site.id))).body.urls.published).toBe('https://launch.io/docs');
      const unpublished = await app.post(`${sitePath(org, site.id)}/unpublish`);
      valid(schemas, 'POST', T.unpublish, unpublished, 'Site');
      expect(unpublished.body.published).toBe(false);
      expect(unpublished.body.urls).not.toHaveProperty('published');
    });
  });

  describe('delete', () => {
    it('answers 205; the site is then 404 everywhere and leaves the list', async () => {
      const site = await createSite(app, org, { title: 'Doomed' });
      const res = await app.delete(sitePath(org, site.id));
      valid(schemas, 'DELETE', T.site, res);
      expect(res.status).toBe(205);
      expectError(await app.get(sitePath(org, site.id)), 404, /site not found/);
      expectError(await app.delete(sitePath(org, site.id)), 404, /site not found/);
      expectError(await app.patch(sitePath(org, site.id), { title: 'Back' }), 404);
      expectError(await app.get(siteSpacesOf(org, site.id)), 404);
      expect((await collectAll(app, sitesOf(org))).map((s) => s.id)).not.toContain(site.id);
    });

    it('finds a site only in its own organization', async () => {
      const site = await createSite(app, org, { title: 'Mine' });
      const other = await app.post('/v1/orgs', { title: 'Other' });
      expectError(await app.get(sitePath(other.body.id, site.id)), 404, /site not found/);
      expectError(await app.delete(sitePath(other.body.id, site.id)), 404, /site not found/);
    });
  });

  describe('list', () => {
    it('pages oldest first with count and next, and filters by space, title and published', async () => {
      const fresh = await app.post('/v1/orgs', { title: 'Listing' });
      const o = fresh.body.id;
      const space = await createSpace(app, o, { title: 'Shared' });
      const made: any[] = [];
      for (let i = 0; i < 5; i++)
        made.push(await createSite(app, o, { title: `Site ${i} ${i % 2 ? 'Odd' : 'Even'}`, spaces: i < 2 ? [space.id] : [] }));
      await app.post(`${sitePath(o, made[3].id)}/publish`);
      const first = await app.get(`${sitesOf(o)}?limit=2`);
      valid(schemas, 'GET', T.sites, first, 'Site');
      expect(first.body.count).toBe(5);
      expect(first.body.items.map((s: any) => s.id)).toEqual([made[0].id, made[1].id]);
      const second = await app.get(`${sitesOf(o)}?limit=2&page=${encodeURIComponent(first.body.next.page)}`);
      expect(second.body.items.map((s: any) => s.id)).toEqual([made[2].id, made[3].id]);
      expect((await collectAll(app, `${sitesOf(o)}?limit=2`)).map((s) => s.id)).toEqual(made.map((s) => s.id));
      const bySpace = await app.get(`${sitesOf(o)}?space=${space.id}`);
      expect(bySpace.body).toMatchObject({ count: 2, items: [{ id: made[0].id }, { id: made[1].id }] });
      const byTitle = await app.get(`${sitesOf(o)}?title=odd`);
      expect(byTitle.body.items.map((s: any) => s.id)).toEqual([made[1].id, made[3].id]);
      expect(byTitle.body.count).toBe(2);
      const published = await app.get(`${sitesOf(o)}?published=true`);
      expect(published.body).toMatchObject({ count: 1, items: [{ id: made[3].id, published: true }] });
      expect((await app.get(`${sitesOf(o)}?published=false`)).body.count).toBe(4);
      expect((await app.get(`${sitesOf(o)}?published=false&title=odd`)).body.items.map((s: any) => s.id)).toEqual([made[1].id]);
    });

    it.each([
      ['published=yes', /published must be a boolean/],
      ['limit=0', /limit/],
      ['limit=1001', /limit/],
      ['page=zzz', /page/],
      ['type=gold', /type must be one of basic/],
    ])('refuses %s with 400', async (query, message) => {
      expectError(await app.get(`${sitesOf(org)}?${query}`), 400, message);
    });
  });
});
