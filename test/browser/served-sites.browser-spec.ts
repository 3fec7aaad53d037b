import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { TestApp } from '../e2e/support/test-app';
import { publishedPath, spaceWithPages } from '../e2e/sites/served-world';
import { addSpace, createSite, SiteCast, siteCast, sitePath } from '../e2e/sites/site-world';
import { describeWithChromium, launchChromium, seriousViolations, watchedPage } from './browser-world';

const SHOTS = process.env.BROWSER_SHOTS_DIR ?? '/tmp/browser-shots';
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/**
 * Published sites in a real browser (docs/sites-serving.md): Debian's chromium, driven by
 * playwright-core, reads a site published through the API on an application of this suite's own.
 */
describeWithChromium('published sites in a browser', () => {
  let app: TestApp;
  let browser: Browser;
  let cast: SiteCast;
  let org: string;
  let base: string;
  let url: (path: string) => string;

  beforeAll(async () => {
    app = await TestApp.start({}, { inProcess: true });
    browser = await launchChromium();
    url = (path) => `${app.url}${path}`;
    cast = await siteCast(app, 'browser');
    org = cast.organizationId;
    const handbook = await spaceWithPages(app, org, 'Handbook', [
      {
        title: 'Welcome',
        description: 'Start here',
        markdown:
          'Read the [guide](guide.md).\n\n{% hint style="info" %}\nThe guide has the details.\n{% endhint %}\n\n' +
          '## Versions\n\n| Version | Status |\n| --- | --- |\n| 1.0 | stable |\n| 2.0 | beta |\n',
      },
      {
        title: 'Guide',
        markdown: 'The guide.\n\n{% hint style="warning" %}\nMind the gap.\n{% endhint %}\n\n```js\nconst ok = 1 < 2;\n```\n',
      },
      { title: 'Install', markdown: '## Steps\n\nRun `npm install`.', under: 1 },
      { title: 'FAQ', markdown: 'Questions and answers.' },
    ]);
    const legacy = await spaceWithPages(app, org, 'Handbook 1.x', [{ title: 'Old welcome', markdown: 'The first version.' }]);
    const site = await createSite(app, org, { title: 'Browser handbook', spaces: [handbook.space.id] });
    await addSpace(app, org, site.id, legacy.space.id);
    base = await publishedPath(app, org, site.id);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('navigates between pages by clicking, nested pages included, with no console error', async () => {
    const context = await browser.newContext();
    const { page, errors } = await watchedPage(context);
    await page.goto(url(base));
    await expect(page.title()).resolves.toBe('Welcome | Browser handbook');
    await expect(page.locator('main h1').textContent()).resolves.toBe('Welcome');
    await expect(page.locator('article .hint').textContent()).resolves.toContain('The guide has the details.');
    await expect(page.locator('article table td').allTextContents()).resolves.toEqual(['1.0', 'stable', '2.0', 'beta']);

    await page.locator('nav.pages').getByRole('link', { name: 'Guide' }).click();
    await page.waitForURL(url(`${base}/guide`));
    await expect(page.locator('main h1').textContent()).resolves.toBe('Guide');
    await expect(page.locator('article pre code').textContent()).resolves.toContain('const ok = 1 < 2;');
    await expect(page.locator('nav.pages a[aria-current="page"]').textContent()).resolves.toBe('Guide');

    await page.locator('nav.pages').getByRole('link', { name: 'Install' }).click();
    await page.waitForURL(url(`${base}/guide/install`));
    await expect(page.locator('main h1').textContent()).resolves.toBe('Install');
    // The outline links to the page's headings; pagination goes on to the next page.
    await expect(page.locator('aside.outline a').getAttribute('href')).resolves.toBe('#steps');
    await page.locator('nav.pagination a[rel="next"]').click();
    await page.waitForURL(url(`${base}/faq`));
    await expect(page.locator('main h1').textContent()).resolves.toBe('FAQ');
    // In-page links resolve to the site's URLs.
    await page.locator('header a.site-title').click();
    await page.waitForURL(url(base));
    await page.locator('article').getByRole('link', { name: 'guide' }).click();
    await page.waitForURL(url(`${base}/guide`));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('switches variants (site spaces) with the switcher', async () => {
    const context = await browser.newContext();
    const { page, errors } = await watchedPage(context);
    await page.goto(url(base));
    const variants = page.locator('nav.variants');
    await expect(variants.locator('a').allTextContents()).resolves.toEqual(['Handbook', 'Handbook 1.x']);
    await expect(variants.locator('a[aria-current="page"]').textContent()).resolves.toBe('Handbook');
    await variants.getByRole('link', { name: 'Handbook 1.x' }).click();
    await page.waitForURL((u) => u.pathname !== base);
    await expect(page.locator('main h1').textContent()).resolves.toBe('Old welcome');
    await expect(page.locator('nav.variants a[aria-current="page"]').textContent()).resolves.toBe('Handbook 1.x');
    await page.locator('nav.variants').getByRole('link', { name: 'Handbook', exact: true }).click();
    await page.waitForURL(url(base));
    await expect(page.locator('main h1').textContent()).resolves.toBe('Welcome');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('follows the reader’s dark theme, and saves desktop light and phone dark screenshots', async () => {
    mkdirSync(SHOTS, { recursive: true });
    const background = (page: import('playwright-core').Page) =>
      page.evaluate(() => {
        // Runs in the page: its globals, which the project's node types do not declare.
        const page = globalThis as any;
        return page.getComputedStyle(page.document.body).backgroundColor as string;
      });
    const light = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: 'light' });
    const lightPage = await light.newPage();
    await lightPage.goto(url(`${base}/guide`));
    await expect(background(lightPage)).resolves.toBe('rgb(255, 255, 255)');
    await lightPage.screenshot({ path: `${SHOTS}/desktop-light.png`, fullPage: true });
    await lightPage.emulateMedia({ colorScheme: 'dark' });
    await expect(background(lightPage)).resolves.toBe('rgb(13, 17, 23)');
    await light.close();

    const phone = await browser.newContext({ ...PHONE, colorScheme: 'dark' });
    const { page, errors } = await watchedPage(phone);
    await page.goto(url(`${base}/guide`));
    await expect(background(page)).resolves.toBe('rgb(13, 17, 23)');
    // On a phone the layout is one column: nothing scrolls sideways.
    await expect(
      page.evaluate(() => {
        const root = (globalThis as any).document.documentElement;
        return root.scrollWidth <= root.clientWidth;
      }),
    ).resolves.toBe(true);
    await page.screenshot({ path: `${SHOTS}/phone-dark.png`, fullPage: true });
    expect(errors).toEqual([]);
    await phone.close();
  });

  it('admits a share-link reader with ?share= once, then by the cookie on plain URLs', async () => {
    const secret = await spaceWithPages(app, org, 'Partners', [
      { title: 'Partner home', markdown: 'For partners. See [terms](terms.md).' },
      { title: 'Terms', markdown: 'The terms.' },
    ]);
    const site = await createSite(app, org, { title: 'Partner docs', visibility: 'share-link', spaces: [secret.space.id] });
    const shareBase = await publishedPath(app, org, site.id);
    const link = (await app.post(`${sitePath(org, site.id)}/share-links`, { name: 'Browser' })).body;
    const listed = (await app.get(`${sitePath(org, site.id)}/share-links`)).body.items.find((l: any) => l.id === link.id);
    const shareUrl = new URL(listed.urls.published);
    expect(shareUrl.searchParams.get('share')).toBeTruthy();

    const context = await browser.newContext();
    const page = await context.newPage();
    expect((await page.goto(url(shareBase)))!.status()).toBe(404);
    // The key once: the site sets its cookie and sends the reader on to the plain URL.
    const admitted = await page.goto(url(`${shareBase}${shareUrl.search}`));
    expect(admitted!.status()).toBe(200);
    expect(new URL(page.url()).search).toBe('');
    await expect(page.locator('main h1').textContent()).resolves.toBe('Partner home');
    const cookies = await context.cookies(url(shareBase));
    expect(cookies).toEqual([expect.objectContaining({ name: `site_share_${site.id}`, httpOnly: true, path: shareBase })]);
    await page.locator('article').getByRole('link', { name: 'terms' }).click();
    await page.waitForURL(url(`${shareBase}/terms`));
    await expect(page.locator('main h1').textContent()).resolves.toBe('Terms');
    // Deactivating the link ends the cookie's access at once.
    expect((await app.patch(`${sitePath(org, site.id)}/share-links/${link.id}`, { active: false })).status).toBe(200);
    expect((await page.reload())!.status()).toBe(404);
    // Another reader, without the key, sees nothing.
    const stranger = await browser.newContext();
    expect((await (await stranger.newPage()).goto(url(`${shareBase}/terms`)))!.status()).toBe(404);
    await stranger.close();
    await context.close();
  });

  it('reads an unlisted site as anyone, with noindex on every page', async () => {
    const notes = await spaceWithPages(app, org, 'Release notes', [{ title: 'Notes home', markdown: 'What changed.' }]);
    const site = await createSite(app, org, { title: 'Unlisted notes', visibility: 'unlisted', spaces: [notes.space.id] });
    const unlistedBase = await publishedPath(app, org, site.id);
    const context = await browser.newContext();
    const page = await context.newPage();
    const answer = await page.goto(url(unlistedBase));
    expect(answer!.status()).toBe(200);
    await expect(page.locator('main h1').textContent()).resolves.toBe('Notes home');
    await expect(page.locator('meta[name="robots"]').getAttribute('content')).resolves.toBe('noindex, nofollow');
    await context.close();
  });

  it('copies a code block with its copy button (added by the page’s only script)', async () => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const { page, errors } = await watchedPage(context);
    await page.goto(url(`${base}/guide`));
    const button = page.locator('div.code button.copy-code');
    await expect(button.count()).resolves.toBe(1);
    await button.click();
    // The label changes once the clipboard's promise settles (and back after 2 s): wait for it, not a guess.
    await page.waitForFunction(() => (globalThis as any).document.querySelector('div.code button.copy-code')?.textContent === 'Copied');
    await expect(page.evaluate(() => (globalThis as any).navigator.clipboard.readText())).resolves.toBe('const ok = 1 < 2;\n');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('has no serious or critical axe-core violation on the home page and a page, light and dark, desktop and phone', async () => {
    for (const path of [base, `${base}/guide`, `${base}/guide/install`]) {
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
