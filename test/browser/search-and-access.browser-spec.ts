import { SignJWT } from 'jose';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { TestApp } from '../e2e/support/test-app';
import { publishedPath, spaceWithPages } from '../e2e/sites/served-world';
import { createSite, SiteCast, siteCast, sitePath } from '../e2e/sites/site-world';
import { describeWithChromium, launchChromium, seriousViolations, watchedPage } from './browser-world';

const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const KEY = 'a-visitor-key-of-at-least-32-characters!';
const LOGIN = 'https://login.example.com/sso';

const sign = (claims: Record<string, unknown>) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(KEY));

const heading = (page: Page) => page.locator('main h1').textContent();

/**
 * The search box and page, and who may read, in a real browser (docs/sites-serving.md, "Search",
 * "Who may read", "In a browser"): a reader searches from the header and opens a result; visitor-auth
 * readers come in with `?jwt_token=` (or through the login URL) and go on by the cookie, seeing only
 * the sections their claims allow; share-link readers likewise with `?share=`; refused readers are
 * shown a page, not JSON. Debian's chromium, driven by playwright-core, on an application of its own.
 */
describeWithChromium('search and access control in a browser', () => {
  let app: TestApp;
  let browser: Browser;
  let cast: SiteCast;
  let org: string;
  let base: string;
  let url: (path: string) => string;
  let guides: { space: any };
  let beta: { space: any };

  beforeAll(async () => {
    app = await TestApp.start({}, { inProcess: true });
    browser = await launchChromium();
    url = (path) => `${app.url}${path}`;
    cast = await siteCast(app, 'browser-access');
    org = cast.organizationId;
    guides = await spaceWithPages(app, org, 'Guides', [
      { title: 'Welcome', markdown: 'Start with the kettle.' },
      { title: 'Brewing', markdown: 'Intro.\n\n## Steeping\n\nSteep the oolong leaves for three minutes.' },
      { title: 'Storage', markdown: 'Keep oolong away from light.', under: 1 },
    ]);
    beta = await spaceWithPages(app, org, 'Beta', [{ title: 'Beta home', markdown: 'What comes next.' }]);
    const site = await createSite(app, org, { title: 'Tea docs', spaces: [guides.space.id] });
    base = await publishedPath(app, org, site.id);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** A fresh reader: a context of its own (its own cookies), with console errors recorded. */
  const reader = async (): Promise<{ context: BrowserContext; page: Page; errors: string[] }> => {
    const context = await browser.newContext();
    return { context, ...(await watchedPage(context)) };
  };

  it('searches from the header box, lists results linking to pages, and opens one by clicking', async () => {
    const { context, page, errors } = await reader();
    await page.goto(url(`${base}/brewing`));
    await page.getByRole('searchbox', { name: 'Search the site' }).fill('oolong');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(url(`${base}/search?q=oolong`));
    await expect(heading(page)).resolves.toBe('Search: oolong');
    await expect(page.getByRole('searchbox', { name: 'Search the site' }).inputValue()).resolves.toBe('oolong');
    const results = page.locator('ol.search-results > li > a');
    await expect(results.allTextContents()).resolves.toEqual(expect.arrayContaining(['Brewing', 'Storage']));
    await expect(page.locator('ol.search-results').textContent()).resolves.not.toContain('Welcome');
    await page.locator('ol.search-results').getByRole('link', { name: 'Brewing' }).click();
    await page.waitForURL(url(`${base}/brewing#steeping`));
    await expect(heading(page)).resolves.toBe('Brewing');

    // From the search page's own box, with Enter: no results is said, not an empty list.
    await page.goto(url(`${base}/search`));
    await expect(page.locator('.search-prompt').count()).resolves.toBe(1);
    await page.getByRole('searchbox', { name: 'Search the site' }).fill('zeppelin');
    await page.getByRole('searchbox', { name: 'Search the site' }).press('Enter');
    await page.waitForURL(url(`${base}/search?q=zeppelin`));
    await expect(page.locator('.search-none').textContent()).resolves.toContain('zeppelin');
    await expect(page.locator('ol.search-results').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no serious or critical axe-core violation on the search page, with results, none and no query, light and dark', async () => {
    for (const path of [`${base}/search?q=oolong`, `${base}/search?q=zeppelin`, `${base}/search`]) {
      for (const options of [{ colorScheme: 'light' as const }, { ...PHONE, colorScheme: 'dark' as const }]) {
        expect({ path, colorScheme: options.colorScheme, violations: await seriousViolations(browser, url(path), options) }).toEqual({
          path,
          colorScheme: options.colorScheme,
          violations: [],
        });
      }
    }
  });

  /** A published visitor-auth site over Guides with these publishing-auth settings, and a Beta section shown to `beta` readers. */
  const visitorSite = async (title: string, settings: object) => {
    const site = await createSite(app, org, { title, spaces: [], visibility: 'visitor-auth' });
    expect((await app.patch(`${sitePath(org, site.id)}/publishing/auth`, settings)).status).toBe(200);
    expect((await app.post(`${sitePath(org, site.id)}/sections`, { spaceId: guides.space.id })).status).toBe(201);
    const section = (await app.post(`${sitePath(org, site.id)}/sections`, { spaceId: beta.space.id, title: 'Beta' })).body;
    const schema = { type: 'object', properties: { beta: { type: 'boolean', description: 'In the beta' } }, additionalProperties: false };
    expect((await app.put(`${sitePath(org, site.id)}/adaptive-schema`, { jsonSchema: schema })).status).toBe(200);
    expect(
      (await app.patch(`${sitePath(org, site.id)}/sections/${section.id}`, { condition: 'visitor.claims.beta === true' })).status,
    ).toBe(200);
    return { site, siteBase: await publishedPath(app, org, site.id), sectionPath: section.path as string };
  };

  it('admits a visitor with ?jwt_token= once, then by the cookie; without a token, a sign-in page with 401', async () => {
    const { site, siteBase, sectionPath } = await visitorSite('Members', { privateKey: KEY });
    const { context, page, errors } = await reader();
    const refused = await page.goto(url(`${siteBase}/brewing`));
    expect(refused!.status()).toBe(401);
    await expect(heading(page)).resolves.toBe('You need to sign in');
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex, nofollow');

    const admitted = await page.goto(url(`${siteBase}/brewing?jwt_token=${await sign({ plan: 'free' })}`));
    expect(admitted!.status()).toBe(200);
    expect(page.url()).toBe(url(`${siteBase}/brewing`));
    await expect(heading(page)).resolves.toBe('Brewing');
    await expect(context.cookies(url(siteBase))).resolves.toEqual([
      expect.objectContaining({ name: `site_visitor_${site.id}`, httpOnly: true, path: siteBase }),
    ]);
    // Plain URLs by the cookie: navigation and search.
    await page.locator('nav.pages').getByRole('link', { name: 'Storage' }).click();
    await page.waitForURL(url(`${siteBase}/brewing/storage`));
    await expect(heading(page)).resolves.toBe('Storage');
    await page.getByRole('searchbox', { name: 'Search the site' }).fill('kettle');
    await page.getByRole('searchbox', { name: 'Search the site' }).press('Enter');
    await page.waitForURL(url(`${siteBase}/search?q=kettle`));
    await page.locator('ol.search-results').getByRole('link', { name: 'Welcome' }).click();
    await page.waitForURL(url(siteBase));
    await expect(heading(page)).resolves.toBe('Welcome');
    // The Beta section is hidden for these claims: no tab, and its URL is not there.
    await expect(page.locator('nav.tabs').count()).resolves.toBe(0);
    expect((await page.goto(url(`${siteBase}/${sectionPath}`)))!.status()).toBe(404);
    await expect(heading(page)).resolves.toBe('This page is not available');
    // Chromium reports each refused document's status in the console; nothing else is logged.
    expect(errors).toEqual([expect.stringMatching(/status of 401 /), expect.stringMatching(/status of 404 /)]);
    await context.close();
  });

  it('shows the adaptive section to a visitor whose claim allows it', async () => {
    const { siteBase } = await visitorSite('Members beta', { privateKey: KEY });
    const { context, page, errors } = await reader();
    await page.goto(url(`${siteBase}?jwt_token=${await sign({ beta: true })}`));
    await expect(page.locator('nav.tabs a').allTextContents()).resolves.toEqual(['Guides', 'Beta']);
    await page.locator('nav.tabs').getByRole('link', { name: 'Beta' }).click();
    await page.waitForURL((u) => u.pathname !== siteBase);
    await expect(heading(page)).resolves.toBe('Beta home');
    await expect(page.locator('nav.tabs a[aria-current="page"]').textContent()).resolves.toBe('Beta');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a visitor without a token to the login URL, which sends them back with a token', async () => {
    const { siteBase } = await visitorSite('Members with login', { privateKey: KEY, fallbackURL: LOGIN });
    const token = await sign({});
    const { context, page: visit } = await reader();
    // The browser follows the redirect to the login service (which does not exist here: that navigation
    // fails), which would send the visitor back to where they were going with a token: a new tab does.
    const login = visit.waitForRequest((r) => r.url().startsWith(LOGIN));
    const failed = visit.goto(url(`${siteBase}/brewing/storage`)).catch((e: Error) => e);
    const location = new URL((await login).url());
    await failed;
    expect(`${location.origin}${location.pathname}`).toBe(LOGIN);
    expect(location.searchParams.get('location')).toBe('/brewing/storage');
    const page = await context.newPage();
    await page.goto(url(`${siteBase}${location.searchParams.get('location')}?jwt_token=${token}`));
    expect(page.url()).toBe(url(`${siteBase}/brewing/storage`));
    await expect(heading(page)).resolves.toBe('Storage');
    await page.locator('nav.pages').getByRole('link', { name: 'Welcome' }).click();
    await page.waitForURL(url(siteBase));
    await expect(heading(page)).resolves.toBe('Welcome');
    await context.close();
  });

  it('reads and searches a share-link site by its cookie; a deleted link stops at once, with a "not available" page', async () => {
    const site = await createSite(app, org, { title: 'Partner tea', visibility: 'share-link', spaces: [guides.space.id] });
    const shareBase = await publishedPath(app, org, site.id);
    const link = (await app.post(`${sitePath(org, site.id)}/share-links`, { name: 'Partners' })).body;
    const key = new URL(link.urls.published).searchParams.get('share')!;
    const { context, page, errors } = await reader();
    expect((await page.goto(url(`${shareBase}/brewing?share=${key}`)))!.status()).toBe(200);
    expect(page.url()).toBe(url(`${shareBase}/brewing`));
    await page.getByRole('searchbox', { name: 'Search the site' }).fill('light');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.waitForURL(url(`${shareBase}/search?q=light`));
    await page.locator('ol.search-results').getByRole('link', { name: 'Storage' }).click();
    await page.waitForURL(url(`${shareBase}/brewing/storage`));
    await expect(heading(page)).resolves.toBe('Storage');
    expect(errors).toEqual([]);

    // Deactivated: refused at once; active again: the cookie reads again; deleted: refused for good.
    const linkPath = `${sitePath(org, site.id)}/share-links/${link.id}`;
    expect((await app.patch(linkPath, { active: false })).status).toBe(200);
    expect((await page.reload())!.status()).toBe(404);
    expect((await app.patch(linkPath, { active: true })).status).toBe(200);
    expect((await page.reload())!.status()).toBe(200);
    expect((await app.delete(linkPath)).status).toBe(205);
    const refused = await page.reload();
    expect(refused!.status()).toBe(404);
    await expect(heading(page)).resolves.toBe('This page is not available');
    await expect(page.content()).resolves.not.toContain('Partner tea');
    expect((await page.goto(url(`${shareBase}/search?q=light`)))!.status()).toBe(404);
    await context.close();
  });

  it('has no serious or critical axe-core violation on the refusal pages, light and dark', async () => {
    const { siteBase } = await visitorSite('Members audited', { privateKey: KEY });
    for (const path of [siteBase, `/sites/${org}/no-such-site`]) {
      for (const options of [{ colorScheme: 'light' as const }, { ...PHONE, colorScheme: 'dark' as const }]) {
        expect({ path, colorScheme: options.colorScheme, violations: await seriousViolations(browser, url(path), options) }).toEqual({
          path,
          colorScheme: options.colorScheme,
          violations: [],
        });
      }
    }
  });
});
