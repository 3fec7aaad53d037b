import fc from 'fast-check';
import { SignJWT } from 'jose';
import { AnswerSchemas } from '../support/answer-schemas';
import { expectGitbookSchema } from '../support/gitbook-schema';
import { expectError, OWNER_TOKEN, TestApp } from '../support/test-app';
import { createSite, SiteCast, siteCast, sitePath, valid } from './site-world';
import { publishedPath, readerGet, spaceWithPages } from './served-world';

const RESOLVE = '/v1/urls/published';
const AUTH = '/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth/regenerate';
const KEY = 'a-visitor-key-of-at-least-32-characters!';
/** The test server's PUBLIC_URL (test/e2e/support/host/started-app.ts). */
const PUBLIC_URL = 'http://api.test';

const sign = (claims: Record<string, unknown>, key = KEY) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(key));

/**
 * GitBook's operations on published content (docs/sites-api.md, "Published URLs"): which site,
 * section, site space, space, revision and page a URL of a served site names, for the caller; and
 * regenerating a visitor-auth key, which stops readers' old tokens at once on the served site.
 */
describe('published URLs resolved, and visitor-auth keys regenerated', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: SiteCast;
  let org: string;
  let handbook: { space: any; ids: string[] };
  let beta: { space: any; ids: string[] };
  let pro: { space: any; ids: string[] };
  /** A published site with a Handbook section (default) and a Beta section shown to `visitor.claims.unsigned.beta`, with a Pro variant. */
  let site: {
    id: string;
    base: string;
    betaPath: string;
    proPath: string;
    handbookSection: string;
    betaSection: string;
    proSiteSpace: string;
  };

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await siteCast(app, 'url-resolution');
    org = cast.organizationId;
    handbook = await spaceWithPages(app, org, 'Handbook', [
      { title: 'Welcome', markdown: 'Hello.' },
      { title: 'Guide', markdown: 'The guide.' },
      { title: 'Install', markdown: 'Run it.', under: 1 },
    ]);
    beta = await spaceWithPages(app, org, 'Beta', [{ title: 'Beta home', markdown: 'Beta.' }]);
    pro = await spaceWithPages(app, org, 'Pro', [{ title: 'Pro home', markdown: 'Pro.' }]);
    const created = await createSite(app, org, { title: 'Resolved' });
    const path = sitePath(org, created.id);
    const handbookSection = (await app.post(`${path}/sections`, { spaceId: handbook.space.id })).body;
    const schema = {
      type: 'object',
      properties: {
        unsigned: {
          type: 'object',
          description: 'Unsigned claims of the site visitor.',
          properties: { beta: { type: 'boolean', description: 'In the beta' } },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    };
    expect((await app.put(`${path}/adaptive-schema`, { jsonSchema: schema })).status).toBe(200);
    const betaSection = (await app.post(`${path}/sections`, { spaceId: beta.space.id })).body;
    expect((await app.patch(`${path}/sections/${betaSection.id}`, { condition: 'visitor.claims.unsigned.beta' })).status).toBe(200);
    const variant = (await app.post(`${path}/site-spaces`, { spaceId: pro.space.id, sectionId: betaSection.id })).body;
    site = {
      id: created.id,
      base: await publishedPath(app, org, created.id),
      betaPath: betaSection.path,
      proPath: variant.path,
      handbookSection: handbookSection.id,
      betaSection: betaSection.id,
      proSiteSpace: variant.id,
    };
  });
  afterAll(() => app.stop());

  const liveRevision = async (spaceId: string) => (await app.get(`/v1/spaces/${spaceId}`)).body.revision as string;
  const resolved = async (body: object, token?: string) => {
    const res = await app.post(RESOLVE, body, token);
    valid(schemas, 'POST', RESOLVE, res, 'PublishedSiteContentLookup');
    return res;
  };
  const got = async (query: Record<string, string>, token?: string) => {
    const res = await app.get(`${RESOLVE}?${new URLSearchParams(query)}`, token);
    valid(schemas, 'GET', RESOLVE, res, 'PublishedSiteContentLookup');
    return res;
  };

  it('names the site, section, site space, space, live revision and page of a URL, with its bases and canonical URL', async () => {
    const url = `${PUBLIC_URL}${site.base}/guide/install`;
    const res = await resolved({ url });
    expect(res.status).toBe(200);
    const handbookSiteSpace = (await app.get(`${sitePath(org, site.id)}/site-spaces`)).body.items.find(
      (s: any) => s.space.id === handbook.space.id,
    );
    expect(res.body).toEqual({
      site: site.id,
      siteSection: site.handbookSection,
      siteSpace: handbookSiteSpace.id,
      space: handbook.space.id,
      revision: await liveRevision(handbook.space.id),
      page: handbook.ids[2],
      pathname: 'guide/install',
      basePath: `${site.base}/`,
      siteBasePath: `${site.base}/`,
      apiToken: OWNER_TOKEN,
      organization: org,
      complete: true,
      canonicalUrl: url,
    });
    // GET (GitBook's deprecated form) answers the same.
    expect((await got({ url })).body).toEqual(res.body);
    // The site's root is its first page; with the Beta section hidden, nothing else may follow it.
    const root = await got({ url: `${PUBLIC_URL}${site.base}` });
    expect(root.body).toMatchObject({ page: handbook.ids[0], pathname: '', complete: true, canonicalUrl: `${PUBLIC_URL}${site.base}` });
    expect((await got({ url: `${PUBLIC_URL}${site.base}?visitor.beta=true` })).body).toMatchObject({
      page: handbook.ids[0],
      complete: false,
    });
    // A page's markdown URL names the page.
    expect((await resolved({ url: `${PUBLIC_URL}${site.base}/guide.md` })).body).toMatchObject({ page: handbook.ids[1] });
    // A member with the read role sees the sites, so resolves their URLs too, with their own token.
    const asReader = await resolved({ url }, cast.reader.token);
    expect(asReader.body).toMatchObject({ page: handbook.ids[2], apiToken: cast.reader.token });
    // A lookup writes nothing: its Idempotency-Key is ignored, so no answer (it holds the caller's
    // token) is stored, and the key sent again with another request is no mismatch (422).
    const key = `resolve-${Date.now()}`;
    const keyed = (body: object) => app.request('POST', RESOLVE, { body, headers: { 'idempotency-key': key } });
    expect((await keyed({ url })).status).toBe(200);
    expect((await keyed({ url: `${PUBLIC_URL}${site.base}` })).body).toMatchObject({ page: handbook.ids[0] });
  });

  it('follows adaptive content: a section shown for unsigned claims, from the body or the URL, and its variant', async () => {
    const betaUrl = `${PUBLIC_URL}${site.base}/${site.betaPath}`;
    expectError(await app.post(RESOLVE, { url: betaUrl }), 404, /url: no published content/);
    const byBody = await resolved({ url: `${betaUrl}/${site.proPath}`, visitor: { type: 'human', unsignedClaims: { beta: true } } });
    expect(byBody.status).toBe(200);
    expect(byBody.body).toMatchObject({
      siteSection: site.betaSection,
      siteSpace: site.proSiteSpace,
      space: pro.space.id,
      revision: await liveRevision(pro.space.id),
      page: pro.ids[0],
      basePath: `${site.base}/${site.betaPath}/${site.proPath}/`,
      siteBasePath: `${site.base}/`,
      complete: true,
    });
    const byQuery = await resolved({ url: `${betaUrl}?visitor.beta=true` });
    expect(byQuery.body).toMatchObject({ siteSection: site.betaSection, space: beta.space.id, page: beta.ids[0], complete: false });
  });

  it('is 404 for what the caller may not see and for URLs that name no published content; 400 for a URL that is not one', async () => {
    const url = `${PUBLIC_URL}${site.base}/guide`;
    for (const token of [cast.guest.token, cast.outsider.token]) expectError(await app.post(RESOLVE, { url }, token), 404, /url/);
    expectError(await app.post(RESOLVE, { url }, null), 401);
    const unpublished = await createSite(app, org, { title: 'Draft', spaces: [handbook.space.id] });
    for (const missing of [
      `${PUBLIC_URL}/sites/${org}/${unpublished.id}`,
      `${PUBLIC_URL}${site.base}/no-such-page`,
      `${PUBLIC_URL}${site.base}/llms.txt`,
      `${PUBLIC_URL}${site.base}/search`,
      `${PUBLIC_URL}/v1/orgs/${org}`,
      `${PUBLIC_URL}/sites/${org}/%E0%A4%A`,
      'https://nowhere.example.com/guide',
      'http://127.0.0.1/guide',
    ]) {
      expectError(await app.post(RESOLVE, { url: missing }), 404, /url: no published content/);
      expectError(await app.get(`${RESOLVE}?url=${encodeURIComponent(missing)}`), 404, /url/);
    }
    for (const [body, message] of [
      [{}, /url must be a string/],
      [{ url: 'javascript:alert(1)' }, /url must be an absolute http\(s\) URL/],
      [{ url: '/sites/relative' }, /url must be an absolute/],
      [{ url: `${PUBLIC_URL}/${'a'.repeat(2048)}` }, /url must be at most 2048 characters/],
      [{ url, redirectOnError: 'yes' }, /redirectOnError must be true or false/],
      [{ url, visitor: { type: 'robot' } }, /visitor.type must be one of human, agent/],
      [{ url, visitor: { unsignedClaims: Object.fromEntries([...Array(65).keys()].map((i) => [`c${i}`, i])) } }, /at most 64 claims/],
      [{ url, visitor: { jwtToken: 'x'.repeat(8193) } }, /visitor.jwtToken must be at most 8192/],
    ] as const) {
      const res = await app.post(RESOLVE, body);
      expectError(res, 400, message);
      valid(schemas, 'POST', RESOLVE, res);
    }
    expectError(await app.get(`${RESOLVE}?url=ftp%3A%2F%2Fapi.test%2Fsites`), 400, /url must be an absolute http\(s\) URL/);
    expectError(await app.get(RESOLVE), 400, /url/);
  });

  it('resolves a custom hostname, and a share-link URL with its active key', async () => {
    const hostname = `docs-${Date.now()}.resolution.example.com`;
    const hosted = await createSite(app, org, { title: 'Hosted', spaces: [handbook.space.id] });
    expect((await app.patch(sitePath(org, hosted.id), { hostname, visibility: 'share-link' })).status).toBe(200);
    await publishedPath(app, org, hosted.id);
    const link = (await app.post(`${sitePath(org, hosted.id)}/share-links`, { name: 'Partners' })).body;
    const key = new URL(link.urls.published).searchParams.get('share')!;
    const res = await resolved({ url: `https://${hostname.toUpperCase()}/guide?share=${key}` });
    expect(res.body).toMatchObject({
      site: hosted.id,
      page: handbook.ids[1],
      basePath: '/',
      siteBasePath: '/',
      shareKey: key,
      canonicalUrl: `https://${hostname.toLowerCase()}/guide`,
    });
    expect(res.body).not.toHaveProperty('siteSection');
    // An inactive key is not the URL's share key.
    expect((await app.patch(`${sitePath(org, hosted.id)}/share-links/${link.id}`, { active: false })).status).toBe(200);
    expect((await resolved({ url: `https://${hostname}/guide?share=${key}` })).body).not.toHaveProperty('shareKey');
  });

  it('never answers 5xx for random URLs, tokens and claims', async () => {
    const segment = fc.oneof(
      fc.constantFrom('guide', 'install', site.betaPath, site.proPath, '..', '%', '%2F', 'llms.txt', ''),
      fc.string(),
    );
    const url = fc.oneof(
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.array(segment, { maxLength: 5 }).map((parts) => `${PUBLIC_URL}${site.base}/${parts.map(encodeURI).join('/')}`),
      fc.string({ maxLength: 80 }),
    );
    await fc.assert(
      fc.asyncProperty(
        url,
        fc.option(fc.string({ maxLength: 40 })),
        fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
        async (u, jwtToken, unsignedClaims) => {
          const res = await app.post(RESOLVE, { url: u, visitor: { ...(jwtToken !== null ? { jwtToken } : {}), unsignedClaims } });
          expect([200, 400, 404]).toContain(res.status);
          const get = await app.get(`${RESOLVE}?url=${encodeURIComponent(u)}`);
          expect([200, 400, 404]).toContain(get.status);
          if (res.status === 200) expectGitbookSchema('PublishedSiteContentLookup', res.body);
        },
      ),
      { numRuns: 40 },
    );
  });

  describe('regenerateSitePublishingAuthById', () => {
    it("answers the new key masked; readers' tokens signed with the old key stop working on the served site at once", async () => {
      const keyed = await createSite(app, org, { title: 'Members', spaces: [handbook.space.id], visibility: 'visitor-auth' });
      const auth = `${sitePath(org, keyed.id)}/publishing/auth`;
      expectError(await app.post(`${auth}/regenerate`), 404, /no visitor authentication/);
      expect((await app.patch(auth, { privateKey: KEY, fallbackURL: 'https://login.example.com/sso' })).status).toBe(200);
      const base = await publishedPath(app, org, keyed.id);
      const admitted = await readerGet(app, `${base}?jwt_token=${await sign({})}`);
      const cookie = (admitted.headers['set-cookie'] as string[])[0]!.split(';')[0]!;
      expect((await readerGet(app, `${base}/guide`, { cookie })).status).toBe(200);
      const url = `${PUBLIC_URL}${base}/guide`;
      const oldToken = await sign({});
      expect((await resolved({ url, redirectOnError: true, visitor: { jwtToken: oldToken } })).body).toMatchObject({ site: keyed.id });

      expectError(await app.post(`${auth}/regenerate`, undefined, cast.editor.token), 403, /visitor authentication key/);
      const regenerated = await app.post(`${auth}/regenerate`);
      valid(schemas, 'POST', AUTH, regenerated, 'SitePublishingAuth');
      expect(regenerated.body).toEqual({
        object: 'publishing-auth',
        backend: 'custom',
        privateKey: expect.stringMatching(/^\*{4}.{4}$/),
        fallbackURL: 'https://login.example.com/sso',
      });
      expect(regenerated.body.privateKey).not.toBe('****ers!');
      expect((await app.get(auth)).body).toEqual(regenerated.body);
      // The old key's token: the served site sends the reader to log in; resolution with redirectOnError says where.
      const refused = await readerGet(app, `${base}/guide`, { cookie });
      expect(refused.status).toBe(302);
      expect(refused.headers.location).toBe('https://login.example.com/sso?location=%2Fguide');
      const redirect = await resolved({ url, redirectOnError: true, visitor: { jwtToken: oldToken } });
      expect(redirect.body).toEqual({ target: 'external', site: keyed.id, redirect: 'https://login.example.com/sso?location=%2Fguide' });
      const visitorAuthToken = await sign({});
      expect((await got({ url, redirectOnError: 'true', visitorAuthToken })).body).toMatchObject({ target: 'external' });
      // Without redirectOnError the caller, a member, is answered the content all the same.
      expect((await got({ url, visitorAuthToken })).body).toMatchObject({ site: keyed.id, page: handbook.ids[1] });
    });
  });
});
