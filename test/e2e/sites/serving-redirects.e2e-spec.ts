import fc from 'fast-check';
import { TestApp } from '../support/test-app';
import { SiteCast, siteCast, sitePath, siteSpacePath } from './site-world';
import { errorOf, readerGet } from './served-world';
import { Handbooks, handbooks, variantSite } from './served-variants';

/**
 * A served site's redirects (docs/sites-serving.md, "Redirects"): a path no page answers goes where
 * the site's live redirect from it says, 308 / 307 for a permanent one (by visibility, as GitBook's
 * SiteRedirect says), 302 otherwise, to the destination's URL on the site as the reader reaches it.
 */
describe('served sites follow their redirects', () => {
  let app: TestApp;
  let cast: SiteCast;
  let org: string;
  let spaces: Handbooks;

  beforeAll(async () => {
    app = await TestApp.shared();
    cast = await siteCast(app, 'serving-redirects');
    org = cast.organizationId;
    spaces = await handbooks(app, org);
  });
  afterAll(() => app.stop());

  /** A published site of the handbook (its default site space) with the API as a second variant, these redirects, and its path. */
  function siteWith(settings: object, redirects: (handbookId: string, variant: any) => object[]) {
    return variantSite(app, org, spaces, { title: 'Moved', ...settings }, async (site, main, variant) => {
      for (const body of redirects(main.id, variant)) {
        const res = await app.post(`${sitePath(org, site.id)}/redirects`, body, cast.creator.token);
        if (res.status !== 201) throw new Error(`redirect: ${res.status} ${JSON.stringify(res.body)}`);
      }
    });
  }
  const install = (siteSpaceId: string) => ({ kind: 'site-page', siteSpaceId, pageId: spaces.handbook.ids[2] });

  it('answers a path no page answers with its redirect: 308 when permanent on a public site, 302 when not; pages win', async () => {
    const { site, variant, base } = await siteWith({}, (handbookId, v) => [
      { source: '/old-guide', permanent: true, destination: install(handbookId) },
      { source: '/temp', destination: { kind: 'site-space', siteSpaceId: v.id } },
      { source: '/blog/*', captureWildcard: true, destination: { kind: 'external', url: 'https://blog.example.com/posts' } },
      { source: '/guide', permanent: true, destination: { kind: 'external', url: 'https://elsewhere.example.com' } },
      { source: '/later', draft: true, destination: { kind: 'external', url: 'https://later.example.com' } },
    ]);
    const moved = await readerGet(app, `${base}/old-guide`);
    expect([moved.status, moved.headers.location]).toEqual([308, `${base}/guide/install`]);
    expect(moved.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect((await readerGet(app, moved.headers.location as string)).$('main h1').text()).toBe('Install');

    const temp = await readerGet(app, `${base}/temp`);
    expect([temp.status, temp.headers.location]).toEqual([302, `${base}/${variant.path}`]);
    expect((await readerGet(app, temp.headers.location as string)).$('main h1').text()).toBe('Reference');

    const blog = await readerGet(app, `${base}/blog/2024/hello`);
    expect([blog.status, blog.headers.location]).toEqual([302, 'https://blog.example.com/posts/2024/hello']);

    // A page answers its own path: the redirect from it never applies.
    const guide = await readerGet(app, `${base}/guide`);
    expect([guide.status, guide.$('main h1').text()]).toEqual([200, 'Guide']);
    // Drafts are not live, and a path with no redirect is still 404.
    for (const path of ['/later', '/nowhere']) {
      const missing = await readerGet(app, `${base}${path}`);
      expect(missing.status).toBe(404);
      expect(errorOf(missing).error).toEqual({ code: 404, message: 'page not found' });
    }
    // A destination the reader is not shown (a variant whose condition does not hold) sends nowhere.
    expect((await app.patch(siteSpacePath(org, site.id, variant.id), { condition: 'visitor.claims.never' })).status).toBe(200);
    expect((await readerGet(app, `${base}/temp`)).status).toBe(404);
    expect((await readerGet(app, `${base}/old-guide`)).status).toBe(308);
  });

  it('answers 307 for a permanent redirect outside public traffic, with targets on the host the reader uses', async () => {
    const hostname = `moved-${Date.now()}.redirects.example.com`;
    const { base } = await siteWith({ visibility: 'unlisted' }, (handbookId) => [
      { source: '/old-guide', permanent: true, destination: install(handbookId) },
    ]);
    const byRoute = await readerGet(app, `${base}/old-guide`);
    expect([byRoute.status, byRoute.headers.location]).toEqual([307, `${base}/guide/install`]);
    expect(byRoute.headers['x-robots-tag']).toBe('noindex, nofollow');

    const hosted = await siteWith({}, (handbookId) => [
      { source: '/docs/*', permanent: true, destination: { kind: 'site-space', siteSpaceId: handbookId } },
    ]);
    expect((await app.patch(sitePath(org, hosted.site.id), { hostname })).status).toBe(200);
    const byHost = await readerGet(app, '/docs/anything', { host: hostname });
    expect([byHost.status, byHost.headers.location]).toEqual([308, '/']);
  });

  it('appends what a capturing wildcard matched, for any path below it (property)', async () => {
    const { base } = await siteWith({}, () => [
      { source: '/v1/*', captureWildcard: true, destination: { kind: 'external', url: 'https://archive.example.com/v1/' } },
    ]);
    const segment = fc.webSegment().filter((s) => s !== '' && s !== '.' && s !== '..');
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 4 }), async (segments) => {
        const answer = await readerGet(app, `${base}/v1/${segments.join('/')}`);
        expect([answer.status, answer.headers.location]).toEqual([302, `https://archive.example.com/v1/${segments.join('/')}`]);
      }),
      { numRuns: 25 },
    );
  });
});
