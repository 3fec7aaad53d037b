import { AnswerSchemas } from '../support/answer-schemas';
import { createSpace } from '../support/content-world';
import { expectError, TestApp } from '../support/test-app';
import { createSite, SiteCast, siteCast, sitePath, valid } from './site-world';

const TP = '/v1/orgs/{organizationId}/sites/{siteId}/published';

/**
 * getPublishedContentSite (docs/sites-design.md, "Published view"): the site, its structure and
 * its customization at the defaults, published or not (`site.published` says); share keys and
 * permissions as the other site reads.
 */
describe('the published view of a site', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: SiteCast;
  let org: string;
  const spaces: Record<string, any> = {};

  beforeAll(async () => {
    app = await TestApp.shared();
    schemas = await AnswerSchemas.load(app.url);
    cast = await siteCast(app, 'published');
    org = cast.organizationId;
    for (const title of ['Guide', 'API', 'Blog']) spaces[title] = await createSpace(app, org, { title });
  });
  afterAll(() => app.stop());

  const publishedOf = (siteId: string) => `${sitePath(org, siteId)}/published`;
  const publish = async (siteId: string) => expect((await app.post(`${sitePath(org, siteId)}/publish`)).status).toBe(200);

  it('answers a published site with its structure, the default customization and no scripts', async () => {
    const site = await createSite(app, org, { title: 'Handbook', spaces: [spaces.Guide.id, spaces.API.id] });
    await publish(site.id);
    const res = await app.get(publishedOf(site.id));
    valid(schemas, 'GET', TP, res, 'PublishedContentSite');
    expect(res.status).toBe(200);
    const base = `http://api.test/sites/${org}/${site.id}`;
    expect(res.body).toMatchObject({
      object: 'published-content-site',
      site: { object: 'site', id: site.id, title: 'Handbook', published: true, siteSpaces: 2, urls: { published: base } },
      structure: {
        type: 'siteSpaces',
        structure: [
          { object: 'site-space', path: 'guide', default: true, space: { id: spaces.Guide.id, title: 'Guide' }, urls: { published: base } },
          { object: 'site-space', path: 'api', default: false, space: { id: spaces.API.id }, urls: { published: `${base}/api` } },
        ],
      },
      customizations: { siteSpaces: {} },
      scripts: [],
    });
    // The structure is getSiteStructure's, the site getSiteById's.
    expect(res.body.structure).toEqual((await app.get(`${sitePath(org, site.id)}/structure`)).body);
    expect(res.body.site).toEqual((await app.get(sitePath(org, site.id))).body);
    expect(res.body.customizations.site).toEqual({
      styling: {
        theme: 'clean',
        primaryColor: { light: '#346DDB', dark: '#346DDB' },
        infoColor: { light: '#787878', dark: '#787878' },
        successColor: { light: '#2E7D32', dark: '#2E7D32' },
        warningColor: { light: '#ED6C02', dark: '#ED6C02' },
        dangerColor: { light: '#D32F2F', dark: '#D32F2F' },
        corners: 'rounded',
        depth: 'subtle',
        links: 'default',
        font: 'Inter',
        monospaceFont: 'FiraCode',
        background: 'plain',
        icons: 'regular',
        codeTheme: { default: { light: 'default-light', dark: 'default-dark' }, openapi: { light: 'default-light', dark: 'default-dark' } },
        sidebar: { background: 'default', list: 'default' },
        search: 'prominent',
      },
      internationalization: { locale: 'en' },
      favicon: {},
      header: { preset: 'default', links: [] },
      footer: { groups: [] },
      themes: { default: 'light', toggeable: false },
      feedback: { enabled: false },
      ai: { mode: 'none' },
      advancedCustomization: { enabled: false },
      trademark: { enabled: true },
      externalLinks: { target: 'self' },
      pagination: { enabled: true },
      pageActions: { items: [] },
      privacyPolicy: {},
      socialPreview: {},
      socialAccounts: [],
      insights: { trackingCookie: true },
    });
  });

  it('answers the sections, groups and site spaces of a site with sections, with their published URLs', async () => {
    const site = await createSite(app, org, { title: 'Portal', spaces: [spaces.Guide.id] });
    const product = (await app.post(`${sitePath(org, site.id)}/sections`, { spaceId: spaces.API.id, title: 'Product' })).body;
    const blog = (await app.post(`${sitePath(org, site.id)}/sections`, { spaceId: spaces.Blog.id })).body;
    const group = await app.post(`${sitePath(org, site.id)}/section-groups`, { title: 'More', sections: [blog.id] });
    expect(group.status).toBe(201);
    await app.patch(sitePath(org, site.id), { basename: 'portal' });
    await publish(site.id);
    const res = await app.get(publishedOf(site.id));
    valid(schemas, 'GET', TP, res, 'PublishedContentSite');
    const base = `http://api.test/sites/${org}/portal`;
    expect(res.body.site).toMatchObject({ basename: 'portal', siteSpaces: 3, urls: { published: base } });
    expect(res.body.structure).toMatchObject({
      type: 'sections',
      structure: [
        {
          object: 'site-section',
          id: product.id,
          default: true,
          urls: { published: base },
          siteSpaces: [
            { path: 'api', default: false, space: { id: spaces.API.id }, urls: { published: `${base}/api` } },
            { path: 'guide', default: true, space: { id: spaces.Guide.id }, urls: { published: base } },
          ],
        },
        {
          object: 'site-section-group',
          id: group.body.id,
          title: 'More',
          sections: [
            {
              id: blog.id,
              sectionGroup: group.body.id,
              urls: { published: `${base}/blog` },
              siteSpaces: [{ path: 'blog', default: true, urls: { published: `${base}/blog` } }],
            },
          ],
        },
      ],
    });
  });

  it('answers members whether the site is published or not, `site.published` telling which', async () => {
    const site = await createSite(app, org, { title: 'Draft', spaces: [spaces.Guide.id] });
    const profile = async (published: boolean) => {
      const res = await app.get(publishedOf(site.id), cast.reader.token);
      expect(res.status).toBe(200);
      valid(schemas, 'GET', TP, res, 'PublishedContentSite');
      expect(res.body.site).toMatchObject({ id: site.id, published });
      expect(res.body.site).toEqual((await app.get(sitePath(org, site.id), cast.reader.token)).body);
      expect(res.body.structure).toEqual((await app.get(`${sitePath(org, site.id)}/structure`, cast.reader.token)).body);
      return res.body;
    };
    const draft = await profile(false);
    expect(draft.structure.structure.map((s: any) => s.space.id)).toEqual([spaces.Guide.id]);
    await publish(site.id);
    await profile(true);
    expect((await app.post(`${sitePath(org, site.id)}/unpublish`)).status).toBe(200);
    await profile(false);
    // Those who cannot see the site get what they get for a published one.
    expectError(await app.get(publishedOf(site.id), cast.token('guest')), 403, /guests cannot see the sites/);
    expectError(await app.get(publishedOf(site.id), cast.token('outsider')), 404, /organization not found/);
    expectError(await app.get(publishedOf(site.id), null), 401);
    expectError(await app.get(`${sitePath(org, 'nope')}/published`), 404, /site not found/);
  });

  it('resolves the published URLs with an active share key on a share-link site; a wrong or inactive key is 404', async () => {
    const site = await createSite(app, org, { title: 'Shared', visibility: 'share-link', spaces: [spaces.Guide.id, spaces.API.id] });
    await publish(site.id);
    const link = (await app.post(`${sitePath(org, site.id)}/share-links`, { name: 'Partners' })).body;
    const key = new URL(link.urls.published).searchParams.get('share')!;
    const base = `http://api.test/sites/${org}/${site.id}`;
    const res = await app.get(`${publishedOf(site.id)}?shareKey=${encodeURIComponent(key)}`);
    valid(schemas, 'GET', TP, res, 'PublishedContentSite');
    const share = `?share=${encodeURIComponent(key)}`;
    expect(res.body.site.urls.published).toBe(`${base}${share}`);
    expect(res.body.structure.structure.map((s: any) => s.urls.published)).toEqual([`${base}${share}`, `${base}/api${share}`]);
    const plain = await app.get(publishedOf(site.id));
    expect(plain.body.site.urls.published).toBe(base);
    expect(plain.body.structure.structure[1].urls.published).toBe(`${base}/api`);
    expectError(await app.get(`${publishedOf(site.id)}?shareKey=wrong`), 404, /share link not found/);
    await app.patch(`${sitePath(org, site.id)}/share-links/${link.id}`, { active: false });
    expectError(await app.get(`${publishedOf(site.id)}?shareKey=${encodeURIComponent(key)}`), 404, /share link not found/);
    expectError(await app.get(`${publishedOf(site.id)}?other=1`), 400);
  });

  it('answers a visitor-auth site as any other to members', async () => {
    const site = await createSite(app, org, { title: 'Gated', visibility: 'visitor-auth', spaces: [spaces.Guide.id] });
    await publish(site.id);
    const res = await app.get(publishedOf(site.id), cast.reader.token);
    valid(schemas, 'GET', TP, res, 'PublishedContentSite');
    expect(res.body.site).toMatchObject({ visibility: 'visitor-auth', urls: { published: `http://api.test/sites/${org}/${site.id}` } });
  });

  it.each([
    ['admin', 200],
    ['creator', 200],
    ['editor', 200],
    ['reader', 200],
    ['guest', 403],
    ['outsider', 404],
    ['anonymous', 401],
  ] as const)('reading the published view as %s answers %i', async (who, status) => {
    const site = await createSite(app, org, { title: 'Guarded', spaces: [spaces.Guide.id] });
    await publish(site.id);
    const res = await app.get(publishedOf(site.id), who === 'creator' ? cast.creator.token : cast.token(who));
    valid(schemas, 'GET', TP, res, 'PublishedContentSite');
    expect(res.status).toBe(status);
    if (status === 200)
      expect(res.body.site.permissions).toMatchObject({ admin: who === 'admin' || who === 'creator', installIntegration: who === 'admin' });
    if (status === 403) expectError(res, 403, /guests cannot see the sites/);
    if (status === 404) expectError(res, 404, /organization not found/);
  });
});
