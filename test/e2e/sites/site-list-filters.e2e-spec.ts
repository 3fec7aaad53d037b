import { AnswerSchemas } from '../support/answer-schemas';
import { collectAll, expectError, TestApp } from '../support/test-app';
import { createSite, SiteCast, siteCast, sitePath, sitesOf, T, valid } from './site-world';

const LINKS = '/v1/orgs/{organizationId}/sites/{siteId}/share-links';

/** GitBook's `type` filter of listSites and `search` of listSiteShareLinks (issue #25). */
describe('site list filters: listSites type, listSiteShareLinks search', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: SiteCast;
  let org: string;

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await siteCast(app, 'site-list-filters');
    org = cast.organizationId;
  });
  afterAll(() => app.stop());

  describe('GET .../sites?type=', () => {
    /** Created in this order: basic, premium, ultimate, basic, premium; the fourth published. */
    const sites: any[] = [];
    const ids = (items: any[]) => items.map((s) => s.id);
    const listed = async (query: string) => {
      const res = await app.get(`${sitesOf(org)}?${query}`, cast.reader.token);
      expect(res.status).toBe(200);
      valid(schemas, 'GET', T.sites, res, 'Site');
      return { count: res.body.count, ids: ids(res.body.items) };
    };

    beforeAll(async () => {
      for (const type of ['basic', 'premium', 'ultimate', 'basic', 'premium']) {
        sites.push(await createSite(app, org, { type, title: `A ${type} site ${sites.length}` }));
      }
      expect((await app.post(`${sitePath(org, sites[3].id)}/publish`)).status).toBe(200);
    });

    it('keeps the sites of one type, oldest first, with their count', async () => {
      expect(await listed('type=basic')).toEqual({ count: 2, ids: ids([sites[0], sites[3]]) });
      expect(await listed('type=ultimate')).toEqual({ count: 1, ids: [sites[2].id] });
      expect(await listed('type=sponsored')).toEqual({ count: 0, ids: [] });
    });

    it('keeps the sites of any of several types (the parameter repeated), paged across the types in one order', async () => {
      expect(await listed('type=premium&type=basic')).toEqual({ count: 4, ids: ids([sites[0], sites[1], sites[3], sites[4]]) });
      const paged = await collectAll(app, `${sitesOf(org)}?type=basic&type=premium&type=basic&limit=1`);
      expect(ids(paged)).toEqual(ids([sites[0], sites[1], sites[3], sites[4]]));
      const first = await app.get(`${sitesOf(org)}?type=basic&type=premium&limit=3`);
      expect(first.body).toMatchObject({ count: 4, next: { page: expect.any(String) } });
      expect(ids(first.body.items)).toEqual(ids([sites[0], sites[1], sites[3]]));
      expect(await listed('type=basic&type=premium&type=ultimate&type=sponsored&type=legacy-basic&type=legacy-premium')).toEqual({
        count: 5,
        ids: ids(sites),
      });
    });

    it('combines with published, title and space', async () => {
      expect(await listed('type=basic&published=true')).toEqual({ count: 1, ids: [sites[3].id] });
      expect(await listed('type=basic&type=premium&published=false')).toEqual({ count: 3, ids: ids([sites[0], sites[1], sites[4]]) });
      expect(await listed('type=premium&title=site 4')).toEqual({ count: 1, ids: [sites[4].id] });
      expect(await listed('type=premium&space=nowhere')).toEqual({ count: 0, ids: [] });
    });

    it.each([
      ['type=gold', /type must be one of basic, premium, ultimate, sponsored, legacy-basic, legacy-premium/],
      ['type=basic&type=', /type must be one of/],
      [`${'type=basic&'.repeat(7)}limit=1`, /type must contain no more than 6 elements/],
    ])('refuses %s with a 400 naming type', async (query, message) => {
      expectError(await app.get(`${sitesOf(org)}?${query}`), 400, message);
    });
  });

  describe('GET .../share-links?search=', () => {
    let siteId: string;
    const links: any[] = [];
    const linksOf = () => `${sitePath(org, siteId)}/share-links`;
    const keyOf = (link: any) => new URL(link.urls.published).searchParams.get('share')!;
    const listed = async (search: string, token?: string) => {
      const res = await app.get(`${linksOf()}?search=${encodeURIComponent(search)}`, token);
      expect(res.status).toBe(200);
      valid(schemas, 'GET', LINKS, res, 'ShareLink');
      return { count: res.body.count, names: res.body.items.map((l: any) => l.name) };
    };

    beforeAll(async () => {
      siteId = (await createSite(app, org, { title: 'Shared', visibility: 'share-link' })).id;
      expect((await app.post(`${sitePath(org, siteId)}/publish`)).status).toBe(200);
      for (const name of ['Partners', 'Press', 'Partner portal', 'Ünïcode ÉQUIPE']) {
        const res = await app.post(linksOf(), { name });
        expect(res.status).toBe(201);
      }
      links.push(...(await collectAll(app, linksOf())));
    });

    it('keeps the links whose name holds the text, in any case, oldest first', async () => {
      expect(await listed('partner')).toEqual({ count: 2, names: ['Partners', 'Partner portal'] });
      expect(await listed('PRESS')).toEqual({ count: 1, names: ['Press'] });
      expect(await listed('équipe')).toEqual({ count: 1, names: ['Ünïcode ÉQUIPE'] });
      expect(await listed('nobody')).toEqual({ count: 0, names: [] });
      expect(await listed('')).toEqual({ count: 4, names: ['Partners', 'Press', 'Partner portal', 'Ünïcode ÉQUIPE'] });
      // (Keys are base64url: a needle with a space or an accent, or of several letters, does not meet one by chance.)
      const first = await app.get(`${linksOf()}?search=partner&limit=1`);
      expect(first.body).toMatchObject({ count: 2, next: { page: expect.any(String) } });
      expect((await collectAll(app, `${linksOf()}?search=partner&limit=1`)).map((l) => l.name)).toEqual(['Partners', 'Partner portal']);
    });

    it('keeps the link whose key holds the text, and follows renames', async () => {
      const press = links.find((l) => l.name === 'Press');
      expect(await listed(keyOf(press).slice(5, 25))).toEqual({ count: 1, names: ['Press'] });
      expect((await app.patch(`${linksOf()}/${press.id}`, { name: 'Media' })).status).toBe(200);
      expect(await listed('press')).toEqual({ count: 0, names: [] });
      expect(await listed('MEDIA')).toEqual({ count: 1, names: ['Media'] });
    });

    it('refuses a search longer than 64 characters, and keeps to site managers', async () => {
      expectError(await app.get(`${linksOf()}?search=${'x'.repeat(65)}`), 400, /search must be shorter than or equal to 64/);
      expectError(await app.get(`${linksOf()}?search=p`, cast.reader.token), 403);
      expectError(await app.get(`${linksOf()}?search=p`, null), 401);
    });
  });
});
