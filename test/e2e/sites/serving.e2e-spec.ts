import { expectError, TestApp } from '../support/test-app';
import { createSite, SiteCast, siteCast, sitePath } from './site-world';
import { errorOf, mergeEdits, publishedPath, readerGet, spaceWithPages } from './served-world';

/**
 * Published sites served to readers (docs/sites-serving.md): at their `urls.published`, as HTML
 * rendered on the server from the served-sites projection and the spaces' live revisions, read by
 * anonymous readers (no token), parsed with cheerio.
 */
describe('published sites served to readers', () => {
  let app: TestApp;
  let cast: SiteCast;
  let org: string;
  let handbook: { space: any; ids: string[] };

  beforeAll(async () => {
    app = await TestApp.shared();
    cast = await siteCast(app, 'serving');
    org = cast.organizationId;
    handbook = await spaceWithPages(app, org, 'Handbook', [
      {
        title: 'Welcome',
        description: 'Start here',
        markdown:
          'Read the [guide](guide.md), then [install](/pages/guide/install.md#steps) and [nothing](missing.md).\n\n' +
          '## Setup\n\nText.\n\n### Details\n\nMore.\n\n## Setup\n',
      },
      {
        title: 'Guide',
        markdown: 'The guide.\n\n{% hint style="warning" %}\nMind the gap.\n{% endhint %}\n\n```js\nlet a = 1 < 2;\n```\n',
      },
      { title: 'Install', markdown: '## Steps\n\nRun it.', under: 1 },
      { title: 'FAQ', markdown: 'Questions.' },
    ]);
  });
  afterAll(() => app.stop());

  /** A site showing the handbook; `settings` (basename, hostname) are set after it is created, as the API takes them. */
  const newSite = async (title: string, body: object = {}, settings?: object) => {
    const site = await createSite(app, org, { title, spaces: [handbook.space.id], ...body });
    if (settings) expect((await app.patch(sitePath(org, site.id), settings)).status).toBe(200);
    return site;
  };

  it('answers a published site at its urls.published: the first page, navigation, outline, links and pagination', async () => {
    const site = await newSite('Handbook site');
    const base = await publishedPath(app, org, site.id);
    expect(base).toBe(`/sites/${org}/${site.id}`);
    const home = await readerGet(app, base);
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(home.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(home.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(home.headers['content-security-policy']).not.toMatch(/unsafe-inline/);
    expect(home.headers['x-content-type-options']).toBe('nosniff');
    const { $ } = home;
    expect($('title').text()).toBe('Welcome | Handbook site');
    expect($('header .site-title').text()).toBe('Handbook site');
    expect($('body script')).toHaveLength(0);
    expect($('main h1').text()).toBe('Welcome');
    expect($('main .description').text()).toBe('Start here');
    // The page tree, the current branch open (Guide's, with Install, only on Guide's pages); the first page is the site's root.
    const navOf = ({ $ }: { $: typeof home.$ }) =>
      $('nav.pages > ul > li')
        .toArray()
        .map((li) => [
          $(li).children('a').text(),
          $(li).children('a').attr('href'),
          $(li)
            .find('ul a')
            .toArray()
            .map((a) => $(a).text()),
        ]);
    expect(navOf(home)).toEqual([
      ['Welcome', base, []],
      ['Guide', `${base}/guide`, []],
      ['FAQ', `${base}/faq`, []],
    ]);
    expect($('nav.pages a[aria-current="page"]').text()).toBe('Welcome');
    // Headings get unique anchors, and levels 2 and 3 make the outline.
    expect(
      $('article h2')
        .toArray()
        .map((h) => $(h).attr('id')),
    ).toEqual(['setup', 'setup-2']);
    expect(
      $('aside.outline a')
        .toArray()
        .map((a) => [$(a).text(), $(a).attr('href')]),
    ).toEqual([
      ['Setup', '#setup'],
      ['Details', '#details'],
      ['Setup', '#setup-2'],
    ]);
    // Links to pages go to their site URLs; a link to no page is shown as broken.
    const links = $('article a')
      .toArray()
      .map((a) => [$(a).text(), $(a).attr('href'), $(a).attr('class') ?? '']);
    expect(links).toEqual([
      ['guide', `${base}/guide`, ''],
      ['install', `${base}/guide/install#steps`, ''],
      ['nothing', 'missing.md', 'broken-link'],
    ]);
    expect($('.pagination .previous')).toHaveLength(0);
    expect($('.pagination .next').attr('href')).toBe(`${base}/guide`);
    expect($('link[rel="alternate"][type="text/markdown"]').attr('href')).toBe(`${base}/welcome.md`);

    const guide = await readerGet(app, `${base}/guide`);
    expect(guide.status).toBe(200);
    expect(guide.$('nav.pages a[aria-current="page"]').text()).toBe('Guide');
    expect(navOf(guide)[1]).toEqual(['Guide', `${base}/guide`, ['Install']]);
    expect(guide.$('.hint.hint-warning').text()).toContain('Mind the gap.');
    expect(guide.$('pre code.language-js').text()).toBe('let a = 1 < 2;\n');
    expect(guide.$('.pagination .previous').attr('href')).toBe(base);
    expect(guide.$('.pagination .next').attr('href')).toBe(`${base}/guide/install`);
    const install = await readerGet(app, `${base}/guide/install/`);
    expect(install.$('main h1').text()).toBe('Install');
    expect(install.$('nav.pages a[aria-current="page"]').text()).toBe('Install');
    expect(navOf(install)[1]).toEqual(['Guide', `${base}/guide`, ['Install']]);
    expect(install.$('.pagination .next').attr('href')).toBe(`${base}/faq`);
  });

  it('needs no token and takes none: an Authorization header changes nothing', async () => {
    const site = await newSite('Tokenless');
    const base = await publishedPath(app, org, site.id);
    const plain = await readerGet(app, `${base}/faq`);
    const withToken = await readerGet(app, `${base}/faq`, { authorization: 'Bearer not-a-token' });
    expect([plain.status, withToken.status]).toEqual([200, 200]);
    expect(withToken.text).toBe(plain.text);
  });

  it('answers each page as markdown at <page URL>.md, and llms.txt, sitemap.xml and robots.txt at the root', async () => {
    const site = await newSite('Files site', {}, { basename: 'files' });
    const base = await publishedPath(app, org, site.id);
    expect(base).toBe(`/sites/${org}/files`);
    // The organization's hostname names it in the path too.
    const orgHostname = `serving-${Date.now().toString(36)}`;
    expect((await app.patch(`/v1/orgs/${org}`, { hostname: orgHostname })).status).toBe(200);
    expect((await readerGet(app, `/sites/${orgHostname}/files/faq`)).$('main h1').text()).toBe('FAQ');
    const md = await readerGet(app, `${base}/guide/install.md`);
    expect(md.status).toBe(200);
    expect(md.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(md.text).toBe('## Steps\n\nRun it.');
    expect((await readerGet(app, `${base}/welcome.md`)).text).toMatch(/^Read the \[guide\]\(guide\.md\)/);

    const origin = `http://api.test${base}`;
    const llms = await readerGet(app, `${base}/llms.txt`);
    expect(llms.status).toBe(200);
    expect(llms.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(llms.text.split('\n').filter((l) => l.startsWith('- '))).toEqual([
      `- [Welcome](${origin}/welcome.md): Start here`,
      `- [Guide](${origin}/guide.md)`,
      `- [Install](${origin}/guide/install.md)`,
      `- [FAQ](${origin}/faq.md)`,
    ]);
    expect(llms.text.startsWith('# Files site\n')).toBe(true);

    const sitemap = await readerGet(app, `${base}/sitemap.xml`);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    const $ = (await import('cheerio')).load(sitemap.text, { xml: true });
    expect(
      $('url > loc')
        .toArray()
        .map((l) => $(l).text()),
    ).toEqual([origin, `${origin}/guide`, `${origin}/guide/install`, `${origin}/faq`]);
    const robots = await readerGet(app, `${base}/robots.txt`);
    expect(robots.text).toBe(`User-agent: *\nAllow: /\n\nSitemap: ${origin}/sitemap.xml\n`);
    expect(robots.headers['x-robots-tag']).toBeUndefined();
    expect((await readerGet(app, base)).$('meta[name="robots"]')).toHaveLength(0);
  });

  it('marks an unlisted site noindex everywhere: pages, robots.txt and an empty sitemap', async () => {
    const site = await newSite('Unlisted site', { visibility: 'unlisted' });
    const base = await publishedPath(app, org, site.id);
    const page = await readerGet(app, base);
    expect(page.status).toBe(200);
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.$('meta[name="robots"]').attr('content')).toBe('noindex, nofollow');
    expect((await readerGet(app, `${base}/robots.txt`)).text).toBe('User-agent: *\nDisallow: /\n');
    const sitemap = await readerGet(app, `${base}/sitemap.xml`);
    expect(sitemap.text).not.toContain('<url>');
    expect(sitemap.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('answers 404 for a site not published, unpublished, deleted or unknown, and for a page it does not have', async () => {
    const site = await newSite('Draft site');
    const draft = await readerGet(app, `/sites/${org}/${site.id}`);
    expect(draft.status).toBe(404);
    expect(errorOf(draft)).toEqual({ error: { code: 404, message: 'site not found' } });
    const base = await publishedPath(app, org, site.id);
    expect((await readerGet(app, `${base}/nope`)).status).toBe(404);
    expect(errorOf(await readerGet(app, `${base}/guide/nope.md`)).error.message).toBe('page not found');
    // A malformed path is the router's 400, before any site is looked for.
    expect((await readerGet(app, `${base}/%E0%A4%A`)).status).toBe(400);
    expect((await readerGet(app, `/sites/${org}/unknown`)).status).toBe(404);
    expect((await readerGet(app, `/sites/nobody/${site.id}`)).status).toBe(404);
    expect((await app.post(`${sitePath(org, site.id)}/unpublish`)).status).toBe(200);
    expect((await readerGet(app, base)).status).toBe(404);
    const kept = await newSite('Deleted site');
    const keptBase = await publishedPath(app, org, kept.id);
    expect((await app.delete(sitePath(org, kept.id))).status).toBe(205);
    expect((await readerGet(app, keptBase)).status).toBe(404);
  });

  it('answers an ETag, 304 for If-None-Match, and a new ETag once the content changes', async () => {
    const { space, ids } = await spaceWithPages(app, org, 'Changing', [{ title: 'Only', markdown: 'First words.' }]);
    const site = await createSite(app, org, { title: 'Changing site', spaces: [space.id] });
    const base = await publishedPath(app, org, site.id);
    const first = await readerGet(app, base);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await readerGet(app, base, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await readerGet(app, base, { 'if-none-match': `"other", W/${etag}` })).status).toBe(304);
    const md = await readerGet(app, `${base}/only.md`);
    expect(md.headers.etag).not.toBe(etag);
    await mergeEdits(app, space.id, [{ operation: 'update_page', page: ids[0], document: { markdown: 'Second words.' } }]);
    const changed = await readerGet(app, base, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.$('article p').text()).toBe('Second words.');
    // The site's own changes (its title) change the ETag too.
    expect((await app.patch(sitePath(org, site.id), { title: 'Renamed site' })).status).toBe(200);
    const renamed = await readerGet(app, base, { 'if-none-match': changed.headers.etag as string });
    expect(renamed.status).toBe(200);
    expect(renamed.$('header .site-title').text()).toBe('Renamed site');
  });

  it('shows sections as tabs, each at its path, and the site spaces of a section as variants', async () => {
    const api = await spaceWithPages(app, org, 'API', [{ title: 'Reference', markdown: 'Endpoints.' }]);
    const more = await spaceWithPages(app, org, 'More', [{ title: 'Extras', markdown: 'More things.' }]);
    const site = await newSite('Sectioned');
    // The first section takes the root site spaces (the handbook) and adds its own; the second has its own.
    expect((await app.post(`${sitePath(org, site.id)}/sections`, { spaceId: api.space.id, title: 'Docs' })).status).toBe(201);
    expect((await app.post(`${sitePath(org, site.id)}/sections`, { spaceId: more.space.id, title: 'More' })).status).toBe(201);
    const base = await publishedPath(app, org, site.id);
    const [docs, second] = (await app.get(`${sitePath(org, site.id)}/structure`)).body.structure;
    const path = (url: string) => new URL(url).pathname;
    const home = await readerGet(app, base);
    const links = (answer: typeof home, selector: string) =>
      answer
        .$(selector)
        .toArray()
        .map((a) => [answer.$(a).text(), answer.$(a).attr('href'), answer.$(a).attr('aria-current') ?? '']);
    expect(links(home, 'nav.tabs a')).toEqual([
      ['Docs', base, 'page'],
      ['More', path(second.urls.published), ''],
    ]);
    expect(links(home, 'nav.variants a')).toEqual(
      docs.siteSpaces.map((s: any) => [s.title, path(s.urls.published), s.default ? 'page' : '']),
    );
    expect(home.$('main h1').text()).toBe('Welcome');
    const secondPage = await readerGet(app, path(second.urls.published));
    expect(secondPage.$('main h1').text()).toBe('Extras');
    expect(links(secondPage, 'nav.tabs a[aria-current]')).toEqual([['More', path(second.urls.published), 'page']]);
    const apiVariant = docs.siteSpaces.find((s: any) => !s.default);
    const apiPage = await readerGet(app, path(apiVariant.urls.published));
    expect(apiPage.$('main h1').text()).toBe('Reference');
    expect(apiPage.$('nav.pages a').first().attr('href')).toBe(path(apiVariant.urls.published));
  });

  it('serves a share-link site with an active key once, then by the site cookie; not after the link is deactivated', async () => {
    const site = await newSite('Shared site', { visibility: 'share-link' }, { basename: 'shared' });
    const base = await publishedPath(app, org, site.id);
    expect((await readerGet(app, base)).status).toBe(404);
    const link = (await app.post(`${sitePath(org, site.id)}/share-links`, { name: 'Partners' })).body;
    const key = new URL(link.urls.published).searchParams.get('share')!;
    expect((await readerGet(app, `${base}?share=wrong`)).status).toBe(404);
    const admitted = await readerGet(app, `${base}//faq?share=${encodeURIComponent(key)}`);
    expect(admitted.status).toBe(302);
    expect(admitted.headers.location).toBe(`${base}/faq`);
    const cookie = (admitted.headers['set-cookie'] as string[])[0]!;
    expect(cookie).toMatch(new RegExp(`^site_share_${site.id}=[^;]+; Path=${base}; HttpOnly; SameSite=Lax$`));
    const pair = cookie.split(';')[0]!;
    const page = await readerGet(app, `${base}/faq`, { cookie: `other=1; ${pair}` });
    expect(page.status).toBe(200);
    expect(page.$('main h1').text()).toBe('FAQ');
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    // Read again, the page is the answer kept by its ETag, with the same headers; the key is still checked on each request.
    const again = await readerGet(app, `${base}/faq`, { cookie: pair });
    expect([again.status, again.text, again.headers.etag, again.headers['cache-control']]).toEqual([
      200,
      page.text,
      page.headers.etag,
      'private, no-cache',
    ]);
    expect((await readerGet(app, `${base}/faq`, { cookie: `site_share_${site.id}=wrong` })).status).toBe(404);
    expect((await app.patch(`${sitePath(org, site.id)}/share-links/${link.id}`, { active: false })).status).toBe(200);
    expect((await readerGet(app, `${base}/faq`, { cookie: pair })).status).toBe(404);
  });

  it("serves a site by its custom hostname in Host, and the API's own routes stay the API's there", async () => {
    const hostname = `docs-${Date.now()}.serving.example.com`;
    const site = await newSite('Hosted site', {}, { hostname });
    const published = await app.post(`${sitePath(org, site.id)}/publish`);
    expect(published.body.urls.published).toBe(`https://${hostname}`);
    const home = await readerGet(app, '/', { host: hostname });
    expect(home.status).toBe(200);
    expect(
      home
        .$('nav.pages a')
        .toArray()
        .map((a) => home.$(a).attr('href')),
    ).toEqual(['/', '/guide', '/faq']);
    expect((await readerGet(app, '/guide/install', { host: `${hostname.toUpperCase()}:443` })).$('main h1').text()).toBe('Install');
    expect((await readerGet(app, '/llms.txt', { host: hostname })).text).toContain(`- [FAQ](https://${hostname}/faq.md)`);
    expect((await readerGet(app, '/robots.txt', { host: hostname })).text).toContain(`Sitemap: https://${hostname}/sitemap.xml`);
    expect((await readerGet(app, '/nope', { host: hostname })).status).toBe(404);
    const health = await readerGet(app, '/health', { host: hostname });
    expect(health.headers['content-type']).toMatch(/json/);
    expect((await readerGet(app, '/', { host: 'unknown.serving.example.com' })).status).toBe(404);
    expectError(await app.get(`/v1/orgs/${org}/sites/${site.id}`, null), 401);
  });
});
