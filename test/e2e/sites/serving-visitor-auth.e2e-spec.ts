import fc from 'fast-check';
import { SignJWT } from 'jose';
import { AnswerSchemas } from '../support/answer-schemas';
import { expectError, TestApp } from '../support/test-app';
import { createSite, SiteCast, siteCast, sitePath, valid } from './site-world';
import { errorOf, publishedPath, readerGet, spaceWithPages } from './served-world';

const KEY = 'a-visitor-key-of-at-least-32-characters!';
const AUTH = '/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth';

const sign = (claims: Record<string, unknown>, { key = KEY, expires = '1h' }: { key?: string; expires?: string | number } = {}) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime(expires).sign(new TextEncoder().encode(key));

/** The names of the section tabs and variants a reader is shown. */
const shown = (answer: { $: import('cheerio').CheerioAPI }) => ({
  tabs: answer
    .$('nav.tabs a')
    .toArray()
    .map((a) => answer.$(a).text()),
  variants: answer
    .$('nav.variants a')
    .toArray()
    .map((a) => answer.$(a).text()),
});

/**
 * Visitor-auth sites and adaptive content (docs/sites-serving.md, "Who may read"): the key and login
 * URL set through GitBook's publishing-auth operations, readers with a JWT signed with it, and
 * sections and site spaces shown only when their condition holds for the reader's claims.
 */
describe('visitor-auth sites and adaptive content', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: SiteCast;
  let org: string;
  let handbook: { space: any };
  let beta: { space: any };
  let pro: { space: any };

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await siteCast(app, 'visitor-auth');
    org = cast.organizationId;
    handbook = await spaceWithPages(app, org, 'Handbook', [
      { title: 'Welcome', markdown: 'Hello.' },
      { title: 'FAQ', markdown: 'Q.' },
    ]);
    beta = await spaceWithPages(app, org, 'Beta', [{ title: 'Beta home', markdown: 'Beta.' }]);
    pro = await spaceWithPages(app, org, 'Pro', [{ title: 'Pro home', markdown: 'Pro.' }]);
  });
  afterAll(() => app.stop());

  const auth = (siteId: string) => `${sitePath(org, siteId)}/publishing/auth`;
  const visitorSite = async (title: string, settings: object, spaces = [handbook.space.id]) => {
    const site = await createSite(app, org, { title, spaces, visibility: 'visitor-auth' });
    const res = await app.patch(auth(site.id), settings);
    valid(schemas, 'PATCH', AUTH, res, 'SitePublishingAuth');
    return { site, base: await publishedPath(app, org, site.id) };
  };

  it('sets the key and login URL through publishing/auth; the key is never answered in full; managers only', async () => {
    const site = await createSite(app, org, { title: 'Keyed', visibility: 'visitor-auth' });
    expectError(await app.get(auth(site.id)), 404, /no visitor authentication/);
    expectError(await app.patch(auth(site.id), { privateKey: 'short' }), 400, /privateKey must be 32 to 256 characters/);
    expectError(await app.patch(auth(site.id), { privateKey: KEY, fallbackURL: 'javascript:alert(1)' }), 400, /fallbackURL/);
    // Without a key, one is generated (as GitBook does), never shown: readers' tokens cannot match it.
    const generated = await app.patch(auth(site.id), { backend: 'custom', logoutURL: 'https://login.example.com/out' });
    valid(schemas, 'PATCH', AUTH, generated, 'SitePublishingAuth');
    expect(generated.body).toEqual({
      object: 'publishing-auth',
      backend: 'custom',
      privateKey: expect.stringMatching(/^\*{4}.{4}$/),
      logoutURL: 'https://login.example.com/out',
    });
    const set = await app.patch(auth(site.id), {
      backend: 'custom',
      privateKey: KEY,
      fallbackURL: 'https://login.example.com/sso',
      logoutURL: null,
    });
    valid(schemas, 'PATCH', AUTH, set, 'SitePublishingAuth');
    expect(set.body).toEqual({
      object: 'publishing-auth',
      backend: 'custom',
      privateKey: '****ers!',
      fallbackURL: 'https://login.example.com/sso',
    });
    const got = await app.get(auth(site.id));
    valid(schemas, 'GET', AUTH, got, 'SitePublishingAuth');
    expect(JSON.stringify(got.body)).not.toContain(KEY.slice(0, 10));
    const unset = await app.patch(auth(site.id), { fallbackURL: null });
    expect(unset.body).toEqual({ object: 'publishing-auth', backend: 'custom', privateKey: '****ers!' });
    // The key as input is this server's extension in the served document (GitBook generates it).
    const document = (await app.get('/v1/openapi.json')).body;
    const body =
      document.paths['/v1/orgs/{organizationId}/sites/{siteId}/publishing/auth'].patch.requestBody.content['application/json'].schema;
    const name = String(body.$ref).split('/').pop()!;
    expect(document.components.schemas[name].properties.privateKey['x-docs-extension']).toEqual({
      gitbook: false,
      why: expect.any(String),
    });
    expectError(await app.get(auth(site.id), cast.editor.token), 403);
    expectError(await app.patch(auth(site.id), { privateKey: KEY }, cast.editor.token), 403);
  });

  it('admits a good token once, then by the site cookie; a missing, bad, expired or wrongly signed token is 401', async () => {
    const { site, base } = await visitorSite('Members only', { privateKey: KEY });
    const missing = await readerGet(app, base);
    expect(missing.status).toBe(401);
    expect(errorOf(missing).error).toEqual({ code: 401, message: expect.stringMatching(/visitor token is required/) });
    const token = await sign({ plan: 'pro' });
    const admitted = await readerGet(app, `${base}/faq?jwt_token=${token}&keep=1`);
    expect(admitted.status).toBe(302);
    expect(admitted.headers.location).toBe(`${base}/faq?keep=1`);
    const cookie = (admitted.headers['set-cookie'] as string[])[0]!;
    expect(cookie).toMatch(new RegExp(`^site_visitor_${site.id}=${token}; Path=${base}; Expires=[^;]+ GMT; HttpOnly; SameSite=Lax$`));
    const pair = cookie.split(';')[0]!;
    const page = await readerGet(app, `${base}/faq`, { cookie: `other=1; ${pair}` });
    expect(page.status).toBe(200);
    expect(page.$('main h1').text()).toBe('FAQ');
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    // The cookie is reused on every page.
    expect((await readerGet(app, base, { cookie: pair })).$('main h1').text()).toBe('Welcome');
    const refused = [
      'not-a-jwt',
      await sign({}, { key: 'another-key-of-at-least-32-characters!!' }),
      await sign({}, { expires: Math.floor(Date.now() / 1000) - 60 }),
      `${token.slice(0, -4)}AAAA`,
    ];
    for (const bad of refused) {
      expect((await readerGet(app, `${base}?jwt_token=${encodeURIComponent(bad)}`)).status).toBe(401);
      const byCookie = await readerGet(app, base, { cookie: `site_visitor_${site.id}=${bad}` });
      expect(errorOf(byCookie).error.message).toMatch(/invalid or expired/);
    }
    // A token signed with the old key stops working when the key changes.
    expect((await app.patch(auth(site.id), { privateKey: `${KEY}-rotated` })).status).toBe(200);
    expect((await readerGet(app, base, { cookie: pair })).status).toBe(401);
  });

  it('redirects readers without a valid token to the login URL, with where they were going', async () => {
    const { base } = await visitorSite('With login', { privateKey: KEY, fallbackURL: 'https://login.example.com/sso?app=docs' });
    for (const answer of [
      await readerGet(app, `${base}/faq`),
      await readerGet(app, `${base}/faq?jwt_token=${await sign({}, { key: 'x'.repeat(40) })}`),
    ]) {
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toBe('https://login.example.com/sso?app=docs&location=%2Ffaq');
    }
    expect((await readerGet(app, `${base}/faq?jwt_token=${await sign({})}`)).status).toBe(302);
  });

  /** A visitor-auth site with a Handbook section, a Beta section (its condition on a signed claim) and a Pro variant in it. */
  const adaptiveSite = async () => {
    const { site, base } = await visitorSite('Adaptive', { privateKey: KEY }, []);
    expect((await app.post(`${sitePath(org, site.id)}/sections`, { spaceId: handbook.space.id })).status).toBe(201);
    const schema = {
      type: 'object',
      properties: {
        beta: { type: 'boolean', description: 'In the beta' },
        plan: { type: 'string', description: 'Plan' },
        unsigned: {
          type: 'object',
          description: 'Unsigned claims of the site visitor.',
          properties: { seats: { type: 'number', description: 'Seats' } },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    };
    expect((await app.put(`${sitePath(org, site.id)}/adaptive-schema`, { jsonSchema: schema })).status).toBe(200);
    const section = (await app.post(`${sitePath(org, site.id)}/sections`, { spaceId: beta.space.id })).body;
    expect(
      (await app.patch(`${sitePath(org, site.id)}/sections/${section.id}`, { condition: 'visitor.claims.beta === true' })).status,
    ).toBe(200);
    const variant = (await app.post(`${sitePath(org, site.id)}/site-spaces`, { spaceId: pro.space.id, sectionId: section.id })).body;
    const condition = 'visitor.claims.plan == "pro" || visitor.claims.unsigned.seats >= 10';
    expect((await app.patch(`${sitePath(org, site.id)}/site-spaces/${variant.id}`, { condition })).status).toBe(200);
    return { site, base, section };
  };

  it('shows sections and variants only when their condition holds for the token and unsigned claims', async () => {
    const { base, section } = await adaptiveSite();
    const read = async (claims: Record<string, unknown>, path = base, cookie = '') => {
      const token = await sign(claims);
      const admitted = await readerGet(app, `${base}?jwt_token=${token}`);
      const pair = (admitted.headers['set-cookie'] as string[])[0]!.split(';')[0]!;
      return readerGet(app, path, { cookie: [pair, cookie].filter(Boolean).join('; ') });
    };
    const sectionUrl = `${base}/${section.path}`;
    // No claims: the beta section is hidden, its URL names nothing.
    const anonymous = await read({});
    expect(shown(anonymous)).toEqual({ tabs: [], variants: [] });
    expect(anonymous.$('main h1').text()).toBe('Welcome');
    expect((await read({}, sectionUrl)).status).toBe(404);
    // beta: the section shows, the pro variant does not.
    const betaHome = await read({ beta: true });
    expect(shown(betaHome).tabs).toEqual(['Handbook', 'Beta']);
    expect(betaHome.$('main h1').text()).toBe('Welcome');
    expect((await read({ beta: true }, sectionUrl)).$('main h1').text()).toBe('Beta home');
    expect(shown(await read({ beta: true }, sectionUrl)).variants).toEqual([]);
    // plan pro (signed) or 10 seats (unsigned, query or cookie) shows the variant.
    expect(shown(await read({ beta: true, plan: 'pro' }, sectionUrl)).variants).toEqual(['Beta', 'Pro']);
    expect(shown(await read({ beta: true }, `${sectionUrl}?visitor.seats=12`)).variants).toEqual(['Beta', 'Pro']);
    expect(shown(await read({ beta: true }, `${sectionUrl}?visitor.seats=9`)).variants).toEqual([]);
    const publicCookie = `gitbook-visitor-public=${encodeURIComponent(JSON.stringify({ seats: 10 }))}`;
    expect(shown(await read({ beta: true }, sectionUrl, publicCookie)).variants).toEqual(['Beta', 'Pro']);
    // A claim the schema does not declare unsigned is ignored: `beta` cannot be claimed unsigned.
    expect(shown(await read({}, `${base}?visitor.beta=true`)).tabs).toEqual([]);
    expect((await read({ beta: 'true' }, sectionUrl)).status).toBe(404);
  });

  it('never answers 5xx, and never shows a section whose condition is false, for random tokens and claims', async () => {
    const { base, section } = await adaptiveSite();
    const claim = fc.oneof(fc.boolean(), fc.string({ maxLength: 8 }), fc.integer(), fc.constant(null), fc.constant('pro'));
    await fc.assert(
      fc.asyncProperty(
        fc.record({ beta: claim, plan: claim, seats: fc.oneof(fc.integer({ min: -5, max: 20 }).map(String), fc.string({ maxLength: 6 })) }),
        fc.oneof(fc.constant('good'), fc.constant('wrong-key'), fc.string({ maxLength: 40 })),
        async ({ beta: b, plan, seats }, kind) => {
          const token =
            kind === 'good'
              ? await sign({ beta: b, plan })
              : kind === 'wrong-key'
                ? await sign({ beta: true }, { key: 'k'.repeat(32) })
                : kind;
          const path = `${base}/${section.path}?jwt_token=${encodeURIComponent(token)}`;
          const admitted = await readerGet(app, path);
          expect(admitted.status).toBeLessThan(500);
          if (kind !== 'good') return expect(admitted.status).toBe(401);
          expect(admitted.status).toBe(302);
          const pair = (admitted.headers['set-cookie'] as string[])[0]!.split(';')[0]!;
          const page = await readerGet(app, `${base}/${section.path}?visitor.seats=${encodeURIComponent(seats)}`, { cookie: pair });
          expect(page.status).toBeLessThan(500);
          if (b !== true) return expect(page.status).toBe(404);
          const proShown = shown(page).variants.includes('Pro');
          const seatsNumber = seats.trim() === '' ? NaN : Number(seats);
          expect(proShown).toBe(plan === 'pro' || (Number.isFinite(seatsNumber) && seatsNumber >= 10));
        },
      ),
      { numRuns: 30 },
    );
  });
});
