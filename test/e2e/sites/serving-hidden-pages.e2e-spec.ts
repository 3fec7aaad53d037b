import { expectGitbookSchema } from '../support/gitbook-schema';
import { spacePath } from '../support/content-world';
import { TestApp } from '../support/test-app';
import { createSite, siteCast, sitePath } from './site-world';
import { mergeEdits, publishedPath, readerGet, spaceWithPages } from './served-world';

/**
 * Hidden pages (GitBook's `hidden`, docs/sites-serving.md): set through the content API, left out of
 * a served site's navigation, previous / next, llms.txt, sitemap.xml and search, with the pages under
 * them, yet still served by their URL.
 */
describe('hidden pages on served sites', () => {
  let app: TestApp;
  let org: string;
  let siteId: string;
  let base: string;
  let handbook: { space: any; ids: string[] };

  beforeAll(async () => {
    app = await TestApp.shared();
    org = (await siteCast(app, 'serving-hidden')).organizationId;
    handbook = await spaceWithPages(app, org, 'Handbook', [
      { title: 'Welcome', markdown: 'The public lighthouse.' },
      { title: 'Secret', markdown: 'The secret lighthouse.' },
      { title: 'Deeper', markdown: 'A deeper lighthouse.', under: 1 },
      { title: 'Outro', markdown: 'The last lighthouse.' },
    ]);
    await mergeEdits(app, handbook.space.id, [{ operation: 'update_page', page: handbook.ids[1], hidden: true }]);
    const site = await createSite(app, org, { title: 'Lighthouse docs', spaces: [handbook.space.id] });
    siteId = site.id;
    base = await publishedPath(app, org, site.id);
  });
  afterAll(() => app.stop());

  const navTitles = (answer: { $: any }) =>
    answer
      .$('nav.pages a')
      .toArray()
      .map((a: any) => answer.$(a).text());

  it('stores hidden on the page and answers it as GitBook does; false shows the page again', async () => {
    const page = await app.get(`${spacePath(handbook.space.id)}/content/page/${handbook.ids[1]}`);
    expect(page.status).toBe(200);
    expect(page.body.hidden).toBe(true);
    expectGitbookSchema('RevisionPageDocument', page.body);
    const shown = await app.get(`${spacePath(handbook.space.id)}/content/page/${handbook.ids[0]}`);
    expect(shown.body.hidden).toBeUndefined();
    // A page inserted hidden, then shown again.
    const [inserted] = await mergeEdits(app, handbook.space.id, [{ operation: 'insert_page', title: 'Draft', hidden: true }]);
    const draft = inserted.page.id;
    expect((await app.get(`${spacePath(handbook.space.id)}/content/page/${draft}`)).body.hidden).toBe(true);
    await mergeEdits(app, handbook.space.id, [{ operation: 'update_page', page: draft, hidden: false }]);
    expect((await app.get(`${spacePath(handbook.space.id)}/content/page/${draft}`)).body.hidden).toBeUndefined();
    await mergeEdits(app, handbook.space.id, [{ operation: 'delete_page', page: draft }]);
  });

  it('leaves a hidden page and the pages under it out of the navigation and previous / next', async () => {
    const home = await readerGet(app, base);
    expect(home.status).toBe(200);
    expect(navTitles(home)).toEqual(['Welcome', 'Outro']);
    expect(home.$('.pagination .next').attr('href')).toBe(`${base}/outro`);
    const outro = await readerGet(app, `${base}/outro`);
    expect(outro.$('.pagination .previous').attr('href')).toBe(base);
    expect(outro.text).not.toMatch(/Secret|Deeper/);
  });

  it('still serves a hidden page, and the pages under it, by their URL (and as markdown)', async () => {
    const secret = await readerGet(app, `${base}/secret`);
    expect(secret.status).toBe(200);
    expect(secret.$('main h1').text()).toBe('Secret');
    expect(secret.$('article').text()).toContain('The secret lighthouse.');
    expect(navTitles(secret)).toEqual(['Welcome', 'Outro']);
    expect(secret.$('nav.pages a[aria-current]')).toHaveLength(0);
    expect(secret.$('.pagination')).toHaveLength(0);
    const deeper = await readerGet(app, `${base}/secret/deeper`);
    expect(deeper.status).toBe(200);
    expect(deeper.$('main h1').text()).toBe('Deeper');
    expect((await readerGet(app, `${base}/secret.md`)).text).toBe('The secret lighthouse.');
  });

  it('leaves hidden pages out of llms.txt and sitemap.xml', async () => {
    const llms = await readerGet(app, `${base}/llms.txt`);
    expect(llms.status).toBe(200);
    expect(llms.text).toContain('[Welcome]');
    expect(llms.text).toContain('[Outro]');
    expect(llms.text).not.toMatch(/Secret|Deeper/);
    const sitemap = await readerGet(app, `${base}/sitemap.xml`);
    const urls = sitemap
      .$('loc')
      .toArray()
      .map((loc) => new URL(sitemap.$(loc).text()).pathname);
    expect(urls).toEqual([base, `${base}/outro`]);
  });

  it("leaves hidden pages out of the site's search page and searchSiteContent", async () => {
    const found = await readerGet(app, `${base}/search?q=lighthouse`);
    expect(found.status).toBe(200);
    const results = found
      .$('ol.search-results > li > a')
      .toArray()
      .map((a) => found.$(a).text());
    expect(results.sort()).toEqual(['Outro', 'Welcome']);
    expect((await readerGet(app, `${base}/search?q=deeper`)).$('ol.search-results > li')).toHaveLength(0);
    const res = await app.post(`${sitePath(org, siteId)}/search`, { query: 'lighthouse' });
    expect(res.status).toBe(200);
    const titles = res.body.items.flatMap((s: any) => s.pages.map((p: any) => p.title));
    expect(titles.sort()).toEqual(['Outro', 'Welcome']);
    expect((await app.post(`${sitePath(org, siteId)}/search`, { query: 'secret' })).body.items).toEqual([]);
  });
});
