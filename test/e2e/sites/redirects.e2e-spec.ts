import fc from 'fast-check';
import { AnswerSchemas } from '../support/answer-schemas';
import { createSpace } from '../support/content-world';
import { expectError, TestApp } from '../support/test-app';
import { addSpace, createSite, SiteCast, siteCast, sitePath, valid } from './site-world';

const TR = {
  list: '/v1/orgs/{organizationId}/sites/{siteId}/redirects',
  one: '/v1/orgs/{organizationId}/sites/{siteId}/redirects/{siteRedirectId}',
  bySource: '/v1/orgs/{organizationId}/sites/{siteId}/redirect',
};
const GITBOOK = 'SiteRedirect';

/** The site redirects operations (docs/sites-api.md, "Redirects"). */
describe('site redirects', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: SiteCast;
  let org: string;

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await siteCast(app, 'site-redirects');
    org = cast.organizationId;
  });
  afterAll(() => app.stop());

  const redirectsOf = (siteId: string) => `${sitePath(org, siteId)}/redirects`;
  /** A site reached at https://<host>: an external redirect there sends readers back into it. */
  async function siteAt(host: string) {
    const site = await createSite(app, org, { title: 'Redirected' });
    const res = await app.patch(sitePath(org, site.id), { hostname: host });
    if (res.status !== 200) throw new Error(`hostname: ${res.status} ${JSON.stringify(res.body)}`);
    return site;
  }
  const to = (host: string, path: string) => ({ kind: 'external', url: `https://${host}${path}` });

  it('creates, reads by source (wildcards too), updates and deletes a redirect, validated against GitBook', async () => {
    const site = await siteAt('crud.redirects.test');
    const siteSpace = await addSpace(app, org, site.id, (await createSpace(app, org, { title: 'Guide' })).id);
    const created = await app.post(
      redirectsOf(site.id),
      { source: '/old/%7euser', destination: { kind: 'site-space', siteSpaceId: siteSpace.id } },
      cast.creator.token,
    );
    valid(schemas, 'POST', TR.list, created, GITBOOK);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      object: 'site-redirect',
      source: '/old/~user',
      draft: false,
      permanent: false,
      captureWildcard: false,
    });

    const got = await app.get(`${sitePath(org, site.id)}/redirect?source=${encodeURIComponent('/old/~user')}`, cast.reader.token);
    valid(schemas, 'GET', TR.bySource, got);
    expect(got.body.redirect).toEqual(created.body);
    expect(got.body.target).toEqual(expect.stringContaining('https://crud.redirects.test'));
    // A share key of the site's carries into a target on the site; an unknown one is 404.
    expect((await app.post(`${sitePath(org, site.id)}/publish`)).status).toBe(200);
    const link = (await app.post(`${sitePath(org, site.id)}/share-links`, { name: 'Readers' })).body;
    const key = new URL(link.urls.published).searchParams.get('share')!;
    const shared = await app.get(`${sitePath(org, site.id)}/redirect?source=/old/~user&shareKey=${encodeURIComponent(key)}`);
    expect(shared.body.target).toBe(`${got.body.target}?share=${encodeURIComponent(key)}`);
    expectError(await app.get(`${sitePath(org, site.id)}/redirect?source=/old/~user&shareKey=nosuchkey`), 404, /^shareKey/);

    const wild = await app.post(redirectsOf(site.id), {
      source: '/blog/*',
      captureWildcard: true,
      permanent: true,
      destination: to('elsewhere.test', '/posts'),
    });
    expect(wild.status).toBe(201);
    const matched = await app.get(`${sitePath(org, site.id)}/redirect?source=/blog/2024/hello`);
    expect(matched.body).toEqual({ redirect: wild.body, target: 'https://elsewhere.test/posts/2024/hello' });
    expectError(await app.get(`${sitePath(org, site.id)}/redirect?source=/nowhere`), 404);
    expectError(await app.get(`${sitePath(org, site.id)}/redirect?source=nowhere`), 400, /^source/);

    const updated = await app.patch(`${redirectsOf(site.id)}/${created.body.id}`, { permanent: true, destination: to('docs.test', '/x') });
    valid(schemas, 'PATCH', TR.one, updated, GITBOOK);
    expect(updated.body).toMatchObject({
      id: created.body.id,
      permanent: true,
      destination: to('docs.test', '/x'),
      updatedAt: expect.any(String),
    });

    expectError(
      await app.post(redirectsOf(site.id), { source: '/old/~user', destination: to('a.test', '/') }),
      409,
      /already has a live redirect/,
    );
    expectError(await app.post(redirectsOf(site.id), { source: '/no-dest' }), 400, /^destination is required/);
    expectError(
      await app.post(redirectsOf(site.id), { source: 'no-slash', destination: to('a.test', '/') }),
      400,
      /^source must match pattern/,
    );
    expectError(
      await app.post(redirectsOf(site.id), { source: '/a', destination: { kind: 'site-section', siteSectionId: 'nope' } }),
      400,
      /destination\.siteSectionId: the site has no section/,
    );
    expectError(
      await app.post(redirectsOf(site.id), { source: '/a', destination: to('a.test', '/'), extra: 1 }),
      400,
      /extra should not exist/,
    );

    expect((await app.delete(`${redirectsOf(site.id)}/${created.body.id}`)).status).toBe(205);
    expectError(await app.delete(`${redirectsOf(site.id)}/${created.body.id}`), 404, /redirect not found/);
    expectError(await app.patch(`${redirectsOf(site.id)}/${created.body.id}`, { permanent: false }), 404);
  });

  it('refuses a write that would close a loop, naming it', async () => {
    const host = 'loops.redirects.test';
    const site = await siteAt(host);
    const a = await app.post(redirectsOf(site.id), { source: '/a', destination: to(host, '/b') });
    expect(a.status).toBe(201);
    expectError(await app.post(redirectsOf(site.id), { source: '/b', destination: to(host, '/a') }), 409, /loop: \/b -> \/a -> \/b/);
    expect((await app.post(redirectsOf(site.id), { source: '/b', destination: to(host, '/c') })).status).toBe(201);
    const c = await app.post(redirectsOf(site.id), { source: '/c', destination: to('other.test', '/a') });
    expect(c.status).toBe(201);
    expectError(await app.patch(`${redirectsOf(site.id)}/${c.body.id}`, { destination: to(host, '/a') }), 409, /loop/);
    expectError(await app.post(redirectsOf(site.id), { source: '/self', destination: to(host, '/self') }), 409, /loop/);
    expectError(await app.post(redirectsOf(site.id), { source: '/w/*', destination: to(host, '/w/x') }), 409, /loop/);
    // A draft is not live: it closes no loop until published.
    const draft = await app.post(redirectsOf(site.id), { source: '/c', draft: true, destination: to(host, '/a') });
    expect(draft.status).toBe(201);
    const bulk = await app.put(redirectsOf(site.id), { redirects: [{ source: '/c', intent: 'publish' }] });
    expect(bulk.body.results).toEqual([{ status: 'error', source: '/c', draft: false, error: expect.stringMatching(/loop/) }]);
  });

  it('bulk upserts: creates, updates, deletes and publishes, each answered apart', async () => {
    const host = 'bulk.redirects.test';
    const site = await siteAt(host);
    const res = await app.put(redirectsOf(site.id), {
      redirects: [
        { source: '/one', destination: to('x.test', '/1') },
        { source: '/two', intent: 'draft', destination: to('x.test', '/2') },
        { source: '/one', permanent: true, destination: to('x.test', '/1b') },
        { source: '/two', intent: 'publish' },
        { source: '/gone', destination: null },
        { source: '/one', destination: null },
        { source: '/loop', destination: to(host, '/loop') },
      ],
    });
    valid(schemas, 'PUT', TR.list, res);
    expect(res.status).toBe(200);
    expect(res.body.results.map((r: any) => r.status)).toEqual(['created', 'created', 'updated', 'published', 'error', 'deleted', 'error']);
    const live = await app.get(`${redirectsOf(site.id)}?orderBy=source`);
    valid(schemas, 'GET', TR.list, live, GITBOOK);
    expect(live.body.items.map((r: any) => r.source)).toEqual(['/two']);
    expect((await app.get(`${redirectsOf(site.id)}?draft=true`)).body.items).toEqual([]);
    expectError(await app.put(redirectsOf(site.id), { redirects: [] }), 400, /^redirects/);
  });

  it('lists with opaque cursors in each order, and searches sources', async () => {
    const site = await siteAt('pages.redirects.test');
    const sources = ['/p/c', '/p/a', '/p/e', '/p/b', '/p/d'];
    for (const source of sources)
      expect((await app.post(redirectsOf(site.id), { source, destination: to('x.test', source) })).status).toBe(201);
    const walk = async (query: string) => {
      const seen: string[] = [];
      let page: string | undefined;
      do {
        const res = await app.get(
          `${redirectsOf(site.id)}?limit=2${query}${page ? `&page=${encodeURIComponent(page)}` : ''}`,
          cast.reader.token,
        );
        valid(schemas, 'GET', TR.list, res, GITBOOK);
        expect(res.body.count).toBe(5);
        seen.push(...res.body.items.map((r: any) => r.source));
        page = res.body.next?.page;
      } while (page);
      return seen;
    };
    expect(await walk('&orderBy=source')).toEqual([...sources].sort());
    expect(await walk('')).toEqual([...sources].reverse());
    expect((await app.get(`${redirectsOf(site.id)}?search=P/B`)).body.items.map((r: any) => r.source)).toEqual(['/p/b']);
  });

  it('lets managers write and members read; others see nothing', async () => {
    const site = await siteAt('perms.redirects.test');
    const body = { source: '/p', destination: to('x.test', '/') };
    expectError(await app.post(redirectsOf(site.id), body, cast.editor.token), 403);
    expectError(await app.put(redirectsOf(site.id), { redirects: [body] }, cast.reader.token), 403);
    expectError(await app.get(redirectsOf(site.id), cast.guest.token), 403);
    expectError(await app.get(redirectsOf(site.id), cast.outsider.token), 404);
    expectError(await app.post(redirectsOf(site.id), body, cast.outsider.token), 404);
    expectError(await app.get(redirectsOf('nope')), 404);
  });

  it('refuses a write iff it would close a loop (generated redirect graphs)', async () => {
    const host = 'graph.redirects.test';
    const nodes = ['/n0', '/n1', '/n2', '/n3', '/n4'];
    const edges = fc.array(fc.tuple(fc.constantFrom(...nodes), fc.constantFrom(...nodes)), { minLength: 1, maxLength: 8 });
    await fc.assert(
      fc.asyncProperty(edges, async (writes) => {
        const site = await siteAt(host.replace('graph', `g${Math.random().toString(36).slice(2, 8)}`));
        const siteHost = (await app.get(sitePath(org, site.id))).body.hostname as string;
        const graph = new Map<string, string>();
        for (const [from, toPath] of writes) {
          if (graph.has(from)) continue;
          const next = new Map(graph).set(from, toPath);
          let at: string | undefined = from;
          const seen = new Set<string>();
          while (at !== undefined && !seen.has(at)) {
            seen.add(at);
            at = next.get(at);
          }
          const loops = at !== undefined;
          const res = await app.post(redirectsOf(site.id), { source: from, destination: to(siteHost, toPath) });
          expect(res.status).toBe(loops ? 409 : 201);
          if (!loops) graph.set(from, toPath);
        }
      }),
      { numRuns: 8 },
    );
  });
});
