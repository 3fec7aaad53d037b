import fc from 'fast-check';
import { AnswerSchemas } from '../support/answer-schemas';
import { expectError, TestApp } from '../support/test-app';
import { createSite, SiteCast, siteCast, sitePath, valid } from './site-world';
import { errorOf, publishedPath, readerGet, spaceWithPages } from './served-world';

/**
 * The search page and search box of served sites (docs/sites-serving.md, "Search"): `<site>/search?q=`,
 * rendered on the server from the full-text index, scoped to the site's shown spaces, parsed with cheerio.
 */
describe('search on served sites', () => {
  let app: TestApp;
  let cast: SiteCast;
  let org: string;
  let base: string;
  let guides: { space: any; ids: string[] };
  let api: { space: any; ids: string[] };
  let siteId: string;
  let schemas: AnswerSchemas;

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await siteCast(app, 'serving-search');
    org = cast.organizationId;
    guides = await spaceWithPages(app, org, 'Guides', [
      { title: 'Welcome', markdown: 'Start with the kettle.' },
      { title: 'Brewing', markdown: 'Intro.\n\n## Steeping\n\nSteep the oolong leaves for three minutes.' },
    ]);
    api = await spaceWithPages(app, org, 'Reference', [{ title: 'Endpoints', markdown: 'The oolong endpoint answers teapots.' }]);
    // Not in the site: never a result there.
    await spaceWithPages(app, org, 'Secret', [{ title: 'Hidden oolong', markdown: 'Oolong secrets.' }]);
    const site = await createSite(app, org, { title: 'Tea docs', spaces: [guides.space.id] });
    siteId = site.id;
    expect((await app.post(`${sitePath(org, site.id)}/sections`, { spaceId: api.space.id, title: 'API' })).status).toBe(201);
    base = await publishedPath(app, org, site.id);
  });
  afterAll(() => app.stop());

  it('has a search box in every page header: a plain GET form to the search page', async () => {
    const { $ } = await readerGet(app, base);
    const form = $('header form[role="search"]');
    expect(form.attr('method')).toBe('get');
    expect(form.attr('action')).toBe(`${base}/search`);
    expect(form.find('input[type="search"]').attr('name')).toBe('q');
  });

  it('lists the matching pages of the site spaces, linking to their site URLs and the matching section', async () => {
    const answer = await readerGet(app, `${base}/search?q=oolong`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['x-robots-tag']).toBe('noindex, nofollow');
    const { $ } = answer;
    expect($('body script')).toHaveLength(0);
    expect($('header input[name="q"]').attr('value')).toBe('oolong');
    const results = $('ol.search-results > li')
      .toArray()
      .map((li) => ({ title: $(li).children('a').text(), href: $(li).children('a').attr('href') }));
    expect(results).toEqual(
      expect.arrayContaining([
        { title: 'Brewing', href: `${base}/brewing#steeping` },
        { title: 'Endpoints', href: `${base}/reference` },
      ]),
    );
    expect(results.map((r) => r.title)).not.toContain('Hidden oolong');
    expect($('ol.search-results .excerpt').text()).toContain('oolong');
    // The links lead to the pages.
    expect((await readerGet(app, `${base}/brewing`)).status).toBe(200);
  });

  it('answers no results, and an empty query a prompt, as pages', async () => {
    const none = await readerGet(app, `${base}/search?q=zeppelin`);
    expect(none.status).toBe(200);
    expect(none.$('.search-none').text()).toContain('zeppelin');
    const empty = await readerGet(app, `${base}/search`);
    expect(empty.status).toBe(200);
    expect(empty.$('.search-prompt')).toHaveLength(1);
    expect(empty.$('ol.search-results')).toHaveLength(0);
  });

  it('refuses a query longer than 512 characters with 400 naming q', async () => {
    const long = await readerGet(app, `${base}/search?q=${'a'.repeat(513)}`);
    expect(long.status).toBe(400);
    expect(errorOf(long).error.message).toMatch(/^q: /);
    expect((await readerGet(app, `${base}/search?q=${'a'.repeat(512)}`)).status).toBe(200);
  });

  it('searches only what the reader may see: a share-link site without its key is 404', async () => {
    const hidden = await createSite(app, org, { title: 'Private tea', spaces: [guides.space.id] });
    expect((await app.patch(sitePath(org, hidden.id), { visibility: 'share-link' })).status).toBe(200);
    const path = await publishedPath(app, org, hidden.id);
    expect((await readerGet(app, `${path}/search?q=oolong`)).status).toBe(404);
  });

  it('never answers 5xx nor a page of a space the site does not show, whatever the query', async () => {
    const words = fc.constantFrom('oolong', 'secrets', 'hidden', 'OR', 'NEAR(', '"', '*', '-', 'kettle');
    const queries = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 20 }),
      fc.array(words, { maxLength: 5 }).map((w) => w.join(' ')),
    );
    const shown = new Set([`${base}/`, `${base}/brewing`, `${base}/reference`]);
    await fc.assert(
      fc.asyncProperty(queries, async (q) => {
        const answer = await readerGet(app, `${base}/search?q=${encodeURIComponent(q)}`);
        expect(answer.status).toBe(200);
        for (const a of answer.$('ol.search-results > li > a').toArray()) {
          const href = answer.$(a).attr('href')!.split('#')[0]!;
          expect(shown.has(href === base ? `${base}/` : href)).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  });

  describe('searchSiteContent (POST /v1/orgs/{organizationId}/sites/{siteId}/search)', () => {
    const SEARCH = '/v1/orgs/{organizationId}/sites/{siteId}/search';
    const search = (body: object, token?: string, query = '') => app.post(`${sitePath(org, siteId)}/search${query}`, body, token);
    const titles = (res: { body: any }) => res.body.items.map((s: any) => [s.title, s.pages.map((p: any) => p.title)]);

    it("answers the site's spaces with matching pages, valid under GitBook's schemas", async () => {
      const res = await search({ query: 'oolong' });
      expect(res.status).toBe(200);
      valid(schemas, 'POST', SEARCH, res, 'SearchSpaceResult');
      expect(titles(res)).toEqual(
        expect.arrayContaining([
          ['Guides', ['Brewing']],
          ['Reference', ['Endpoints']],
        ]),
      );
      expect(res.body.items).toHaveLength(2);
      const brewing = res.body.items.find((s: any) => s.title === 'Guides').pages[0];
      expect(brewing.sections[0]).toMatchObject({ title: 'Steeping', path: 'brewing#steeping' });
      expect(brewing.sections[0].body).toContain('oolong');
      const paged = await search({ query: 'oolong' }, undefined, '?limit=1');
      expect(paged.body.items).toHaveLength(1);
      expect(paged.body.next).toBeDefined();
    });

    it('searches the scope: specific site spaces, each section default, or all', async () => {
      const siteSpaces = (await app.get(`${sitePath(org, siteId)}/site-spaces`)).body.items as any[];
      const guidesSiteSpace = siteSpaces.find((s) => s.space.id === guides.space.id);
      const only = await search({ query: 'oolong', scope: { mode: 'specific', siteSpaceIds: [guidesSiteSpace.id] } });
      expect(titles(only)).toEqual([['Guides', ['Brewing']]]);
      const legacy = await search({ query: 'oolong', siteSpaceIds: [guidesSiteSpace.id] });
      expect(titles(legacy)).toEqual([['Guides', ['Brewing']]]);
      // One section holds both (adding a section moved the site's root site spaces into it): Guides is its default.
      const reference = siteSpaces.find((s) => s.space.id === api.space.id);
      expect(titles(await search({ query: 'oolong', scope: { mode: 'default' } }))).toEqual([['Guides', ['Brewing']]]);
      const withCurrent = await search({ query: 'oolong', scope: { mode: 'default', currentSiteSpace: reference.id } });
      expect(withCurrent.body.items).toHaveLength(2);
      const current = { mode: 'default', currentSiteSpace: reference.id, restrictTo: 'currentSiteSpace' };
      expect(titles(await search({ query: 'oolong', scope: current }))).toEqual([['Reference', ['Endpoints']]]);
      const others = { mode: 'default', currentSiteSpace: reference.id, restrictTo: 'otherSiteSpaces' };
      expect(titles(await search({ query: 'oolong', scope: others }))).toEqual([['Guides', ['Brewing']]]);
      expect((await search({ query: 'oolong', mode: 'all' })).body.items).toHaveLength(2);
    });

    it('refuses a bad body with 400 naming the field, and guests and outsiders', async () => {
      expectError(await search({}), 400, /query/);
      expectError(await search({ query: 'x'.repeat(513) }), 400, /query/);
      expectError(await search({ query: 'oolong', scope: { mode: 'specific', siteSpaceIds: ['nope'] } }), 404, /scope\.siteSpaceIds/);
      expectError(await search({ query: 'oolong', scope: { mode: 'specific' } }), 400, /^scope\.siteSpaceIds: required/);
      expectError(await search({ query: 'oolong', scope: { mode: 'sideways' } }), 400, /scope\.mode/);
      expectError(await search({ query: 'oolong' }, cast.token('guest')!), 403);
      expectError(await search({ query: 'oolong' }, cast.token('outsider')!), 404);
    });

    it('never answers 5xx nor a space the site does not show, whatever the query', async () => {
      const shown = new Set([guides.space.id, api.space.id]);
      await fc.assert(
        fc.asyncProperty(fc.string({ minLength: 1, maxLength: 60 }), async (query) => {
          const res = await search({ query });
          expect(res.status).toBe(200);
          for (const item of res.body.items) expect(shown.has(item.id)).toBe(true);
        }),
        { numRuns: 40 },
      );
      // The words of the space the site does not show find nothing.
      expect((await search({ query: 'hidden secrets' })).body.items).toEqual([]);
    });
  });
});
