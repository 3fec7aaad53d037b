import { TestApp } from '../support/test-app';
import { createSite, siteCast, sitePath } from './site-world';
import { publishedPath, readerGet, spaceWithPages } from './served-world';

/** SITES_DOMAIN (docs/sites-serving.md, "Where"): `<organization hostname>.<SITES_DOMAIN>/<basename or siteId>` serves the site. */
describe('published sites served under SITES_DOMAIN', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await TestApp.start({ sitesDomain: 'sites.test' });
  });
  afterAll(() => app.stop());

  it('serves a site at <organization>.<SITES_DOMAIN>/<basename>, by the organization hostname', async () => {
    const org = (await siteCast(app, 'sites-domain')).organizationId;
    const { space } = await spaceWithPages(app, org, 'Manual', [
      { title: 'Start', markdown: 'Go to [next](next.md).' },
      { title: 'Next', markdown: 'Done.' },
    ]);
    const site = await createSite(app, org, { title: 'Manual site', spaces: [space.id] });
    expect((await app.patch(sitePath(org, site.id), { basename: 'manual' })).status).toBe(200);
    await publishedPath(app, org, site.id);
    expect((await app.patch(`/v1/orgs/${org}`, { hostname: 'acme' })).status).toBe(200);

    const home = await readerGet(app, '/manual', { host: 'acme.sites.test' });
    expect(home.status).toBe(200);
    expect(home.$('main h1').text()).toBe('Start');
    expect(home.$('article a').attr('href')).toBe('/manual/next');
    expect((await readerGet(app, '/manual/next', { host: 'ACME.sites.test:8080' })).$('main h1').text()).toBe('Next');
    expect((await readerGet(app, '/manual/llms.txt', { host: 'acme.sites.test' })).text).toContain(
      '- [Next](http://acme.sites.test/manual/next.md)',
    );
    // Nothing else on the domain: other names, other organizations, the domain's root.
    expect((await readerGet(app, '/other', { host: 'acme.sites.test' })).status).toBe(404);
    expect((await readerGet(app, '/manual', { host: 'nobody.sites.test' })).status).toBe(404);
    expect((await readerGet(app, '/', { host: 'acme.sites.test' })).status).toBe(404);
    expect((await readerGet(app, '/manual', { host: 'x.acme.sites.test' })).status).toBe(404);
  });
});
