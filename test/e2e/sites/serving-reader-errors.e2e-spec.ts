import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { TestApp } from '../support/test-app';
import { createSite, SiteCast, siteCast, sitePath } from './site-world';
import { errorOf, publishedPath, ReaderAnswer, readerGet, spaceWithPages } from './served-world';

const KEY = 'a-visitor-key-of-at-least-32-characters!';
/** What Chromium sends when a person opens a URL. */
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

/** A refusal shown as a page: the status kept, HTML in the site's styles (allowed by its CSP), never indexed. */
function expectRefusalPage(answer: ReaderAnswer, status: number, heading: string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(answer.headers['x-robots-tag']).toBe('noindex, nofollow');
  expect(answer.headers.vary).toMatch(/Accept/);
  expect(answer.$('main h1').text()).toBe(heading);
  expect(answer.$('title').text()).toBe(heading);
  expect(answer.$('meta[name="robots"]').attr('content')).toBe('noindex, nofollow');
  expect(answer.$('script')).toHaveLength(0);
  const style = answer.$('style').text();
  const hash = createHash('sha256').update(style).digest('base64');
  expect(answer.headers['content-security-policy']).toContain(`style-src 'sha256-${hash}'`);
}

/**
 * Refused readers (docs/sites-serving.md, "Who may read"): a person in a browser (Accept naming
 * text/html) is shown a small HTML page with the same status; API clients keep the `{ error }` body.
 */
describe('served sites: refusals as pages for browsers, { error } for API clients', () => {
  let app: TestApp;
  let cast: SiteCast;
  let org: string;
  let spaceId: string;

  beforeAll(async () => {
    app = await TestApp.shared();
    cast = await siteCast(app, 'reader-errors');
    org = cast.organizationId;
    spaceId = (await spaceWithPages(app, org, 'Members', [{ title: 'Welcome', markdown: 'Hello.' }])).space.id;
  });
  afterAll(() => app.stop());

  it('answers a visitor-auth reader without a token 401 with a sign-in page, or the { error } body when JSON is asked for', async () => {
    const site = await createSite(app, org, { title: 'Members only', spaces: [spaceId], visibility: 'visitor-auth' });
    expect((await app.patch(`${sitePath(org, site.id)}/publishing/auth`, { privateKey: KEY })).status).toBe(200);
    const base = await publishedPath(app, org, site.id);

    const page = await readerGet(app, base, { accept: BROWSER });
    expectRefusalPage(page, 401, 'You need to sign in');
    expect(page.$('main p').text()).toMatch(/^A visitor token is required/);
    // The site is not named: the page says why, not what is behind it.
    expect(page.text).not.toContain('Members only');
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(KEY));
    expectRefusalPage(await readerGet(app, `${base}?jwt_token=${expired}`, { accept: BROWSER }), 401, 'You need to sign in');

    for (const accept of [undefined, 'application/json', '*/*', 'application/json, text/html', 'text/html;q=0.5, application/json']) {
      const answer = await readerGet(app, base, accept ? { accept } : {});
      expect(answer.status).toBe(401);
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(errorOf(answer).error).toEqual({ code: 401, message: expect.stringMatching(/visitor token is required/) });
    }
  });

  it('answers a share-link reader without an active key 404 with a "not available" page that does not name the site', async () => {
    const site = await createSite(app, org, { title: 'Partner secrets', spaces: [spaceId], visibility: 'share-link' });
    const base = await publishedPath(app, org, site.id);
    const link = (await app.post(`${sitePath(org, site.id)}/share-links`, { name: 'Partners' })).body;
    const key = new URL(link.urls.published).searchParams.get('share')!;
    const admitted = await readerGet(app, `${base}?share=${key}`, { accept: BROWSER });
    const cookie = (admitted.headers['set-cookie'] as string[])[0]!.split(';')[0]!;
    expect((await readerGet(app, base, { accept: BROWSER, cookie })).status).toBe(200);
    expect((await app.patch(`${sitePath(org, site.id)}/share-links/${link.id}`, { active: false })).status).toBe(200);

    const refusals = [
      await readerGet(app, base, { accept: BROWSER }),
      await readerGet(app, base, { accept: BROWSER, cookie }),
      await readerGet(app, `${base}?share=${key}`, { accept: BROWSER }),
      // The same page as for a site that does not exist: nothing tells them apart.
      await readerGet(app, `/sites/${org}/no-such-site`, { accept: BROWSER }),
    ];
    for (const answer of refusals) {
      expectRefusalPage(answer, 404, 'This page is not available');
      expect(answer.text).not.toContain('Partner secrets');
    }
    expect(refusals[0]!.text).toBe(refusals[3]!.text);
    const json = await readerGet(app, base, { accept: 'application/json', cookie });
    expect(json.status).toBe(404);
    expect(errorOf(json)).toEqual({ error: { code: 404, message: 'site not found' } });
  });

  it('keeps the status and answers either a page or the { error } body for any Accept header', async () => {
    const site = await createSite(app, org, { title: 'Fuzzed', spaces: [spaceId], visibility: 'share-link' });
    const base = await publishedPath(app, org, site.id);
    const range = fc.oneof(
      fc.constantFrom('text/html', 'application/json', '*/*', 'text/*', 'application/*', 'image/webp'),
      fc.string({ maxLength: 12 }).filter((s) => /^[\x21-\x7e ]*$/.test(s)),
    );
    const part = fc
      .tuple(
        range,
        fc.option(
          fc.oneof(
            fc.double({ min: 0, max: 1, noNaN: true }).map((q) => q.toFixed(2)),
            fc.string({ maxLength: 4 }),
          ),
        ),
      )
      .map(([r, q]) => (q === null ? r : `${r};q=${q}`));
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 5 }), async (parts) => {
        const accept = parts.join(', ').replace(/[^\x20-\x7e]/g, '');
        const answer = await readerGet(app, base, { accept });
        expect(answer.status).toBe(404);
        if (answer.headers['content-type'] === 'text/html; charset=utf-8') {
          // A browser's ranges name text/html; a range past the allowed q=1 (`*/*;q=2`) may outrank JSON too.
          expect(parts.join(',')).toMatch(/text\/|\*\/\*/);
          return expect(answer.$('main h1').text()).toBe('This page is not available');
        }
        expect(errorOf(answer)).toEqual({ error: { code: 404, message: 'site not found' } });
      }),
      { numRuns: 40 },
    );
  });
});
