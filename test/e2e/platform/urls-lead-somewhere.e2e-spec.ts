import { solidPng } from '../../../libs/content/src/testing/pdf-text';
import { createSpace, spacePath, spacesOf } from '../support/content-world';
import { OWNER_TOKEN, TestApp } from '../support/test-app';
import { mergeEdits, spaceWithPages } from '../sites/served-world';
import { createSite, sitePath, sitesOf } from '../sites/site-world';

/** PUBLIC_URL as the test server is configured; APP_URL is left at its default, PUBLIC_URL/app. */
const PUBLIC_URL = 'http://api.test';
/** Redirects followed from one URL before giving up (a loop is a failure). */
const MAX_HOPS = 5;

/** Every string in a JSON value that looks like a URL (http:// or https://), with where it was found. */
function urlsIn(value: unknown, at: string, found: Map<string, string>): Map<string, string> {
  if (typeof value === 'string') {
    if (/^https?:\/\//.test(value) && !found.has(value)) found.set(value, at);
  } else if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) urlsIn(item, `${at}[${i}]`, found);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) urlsIn(item, `${at}.${key}`, found);
  }
  return found;
}

/** Whether a path is the API's, read with the owner's token; signed downloads, PDFs, sites and /app are opened without one. */
const needsToken = (path: string) => path.startsWith('/v1/') && !/^\/v1\/(files|pdf)\//.test(path);

/**
 * Issue #25, "URLs that lead somewhere": every URL the API hands out in the answers of a fixture
 * world (organization, user, spaces, pages, a change request, files, a collection, published sites, a
 * share link, a PDF export) answers on this server, following its redirects: 2xx, API URLs with the
 * owner's token, published pages, share links, downloads and PDFs without one.
 */
describe('every URL in the answers leads somewhere', () => {
  let app: TestApp;
  const answers = new Map<string, unknown>();

  /** Calls the API as the owner, expects 2xx, and keeps the answer to walk. */
  async function call(method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown): Promise<any> {
    const res = await app.request(method, path, { body });
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    answers.set(`${method} ${path}`, res.body);
    return res.body;
  }

  /**
   * Opens a URL of this server's as a browser would, following redirects and keeping the cookies they set in `cookies`:
   * the final status and each hop.
   */
  async function open(url: string, cookies = new Map<string, string>()): Promise<{ status: number; hops: string[] }> {
    const hops: string[] = [];
    let next = new URL(url);
    for (let hop = 0; hop <= MAX_HOPS; hop++) {
      if (next.origin !== PUBLIC_URL) return { status: 0, hops: [...hops, `${next.href} (not this server)`] };
      const path = `${next.pathname}${next.search}`;
      hops.push(path);
      const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const response = await fetch(`${app.url}${path}`, {
        redirect: 'manual',
        headers: { ...(needsToken(next.pathname) ? { authorization: `Bearer ${OWNER_TOKEN}` } : {}), ...(cookie ? { cookie } : {}) },
      });
      await response.arrayBuffer();
      for (const set of response.headers.getSetCookie()) {
        const [pair = ''] = set.split(';');
        const eq = pair.indexOf('=');
        if (eq > 0) cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || location === null) return { status: response.status, hops };
      next = new URL(location, next);
    }
    return { status: 0, hops: [...hops, 'too many redirects'] };
  }

  beforeAll(async () => {
    app = await TestApp.start({ publicUrl: PUBLIC_URL, appUrl: `${PUBLIC_URL}/app` });
    const org = (await call('POST', '/v1/orgs', { title: 'Links' })).id;
    await call('GET', `/v1/orgs/${org}`);
    await call('GET', '/v1/user');
    const collection = (await call('POST', `/v1/orgs/${org}/collections`, { title: 'Guides' })).id;
    await call('GET', `/v1/collections/${collection}`);

    const { space, ids } = await spaceWithPages(app, org, 'Handbook', [
      { title: 'Welcome', markdown: 'Read the [guide](guide.md).' },
      { title: 'Guide', markdown: 'The guide.' },
      { title: 'Install', markdown: '## Steps\n\nRun it.', under: 1 },
    ]);
    await call('GET', spacePath(space.id));
    await call('GET', spacesOf(org));
    const live = await call('GET', `${spacePath(space.id)}/content`);
    await call('GET', `${spacePath(space.id)}/content/pages`);
    await call('GET', `${spacePath(space.id)}/content/page/${ids[2]}`);
    await call('GET', `${spacePath(space.id)}/content/path/guide/install`);
    await call('GET', `${spacePath(space.id)}/revisions/${live.id}`);
    await call('GET', `${spacePath(space.id)}/revisions/${live.id}/page/${ids[0]}`);

    const cr = await call('POST', `${spacePath(space.id)}/change-requests`, { subject: 'Files and pages' });
    const png = solidPng(8, 8, [10, 120, 200, 255]);
    const edited = await call('POST', `${spacePath(space.id)}/change-requests/${cr.id}/content?compat=false`, {
      changes: [
        { operation: 'insert_files', files: [{ name: 'chart.png', contentType: 'image/png', base64: png.toString('base64') }] },
        { operation: 'insert_page', title: 'Draft', document: { markdown: 'Draft page.' } },
      ],
    });
    await call('GET', `${spacePath(space.id)}/change-requests/${cr.id}`);
    await call('GET', `${spacePath(space.id)}/change-requests`);
    await call('GET', `${spacePath(space.id)}/change-requests/${cr.id}/content/pages`);
    await call('GET', `${spacePath(space.id)}/change-requests/${cr.id}/content/files`);
    await call('GET', `${spacePath(space.id)}/change-requests/${cr.id}/content/files/${edited.insertedFiles[0].id}`);
    await call('GET', `${spacePath(space.id)}/change-requests/${cr.id}/pdf`);
    await call('GET', `${spacePath(space.id)}/pdf`);

    const other = await createSpace(app, org, { title: 'Secrets' });
    await mergeEdits(app, other.id, [{ operation: 'insert_page', title: 'Key', document: { markdown: 'Hidden.' } }]);
    const site = await createSite(app, org, { title: 'Public docs', visibility: 'public', spaces: [space.id] });
    await call('POST', `${sitePath(org, site.id)}/publish`);
    await call('GET', sitePath(org, site.id));
    await call('GET', sitesOf(org));
    await call('GET', `${sitePath(org, site.id)}/site-spaces`);
    await call('GET', `${sitePath(org, site.id)}/structure`);
    await call('GET', `${sitePath(org, site.id)}/published`);
    const shared = await createSite(app, org, { title: 'Shared docs', visibility: 'share-link', spaces: [other.id] });
    await call('POST', `${sitePath(org, shared.id)}/publish`);
    await call('POST', `${sitePath(org, shared.id)}/share-links`, { name: 'Partners' });
    await call('GET', `${sitePath(org, shared.id)}/share-links`);
    await call('GET', sitePath(org, shared.id));
  });
  afterAll(() => app.stop());

  it('finds the kinds of URLs the API hands out in the fixtures', () => {
    const urls = [...urlsIn([...answers.values()], 'answers', new Map()).keys()];
    const paths = urls.map((u) => new URL(u).pathname);
    expect(paths.some((p) => p.startsWith('/app/s/'))).toBe(true);
    expect(paths.some((p) => /^\/app\/o\/[^/]+\/sites\//.test(p))).toBe(true);
    expect(paths.some((p) => p.startsWith('/sites/'))).toBe(true);
    expect(urls.some((u) => u.includes('?share='))).toBe(true);
    expect(paths.some((p) => p.startsWith('/v1/files/'))).toBe(true);
    expect(paths.some((p) => p.startsWith('/v1/pdf/'))).toBe(true);
    expect(paths.some((p) => p.startsWith('/v1/users/'))).toBe(true);
  });

  it('opens every URL found in the answers: each answers 2xx on this server', async () => {
    const found = urlsIn(Object.fromEntries(answers), 'answers', new Map());
    // One browser opens them all, share links first: a share-link site's plain urls.published is 404 to
    // strangers (docs/sites-serving.md) and reads once its share link has set the site's cookie.
    const browser = new Map<string, string>();
    const failures: string[] = [];
    const shareFirst = [...found].sort(([a], [b]) => Number(b.includes('?share=')) - Number(a.includes('?share=')));
    for (const [url, at] of shareFirst) {
      const { status, hops } = await open(url, browser);
      if (status < 200 || status >= 300) failures.push(`${status} ${url} (at ${at}; ${hops.join(' -> ')})`);
    }
    expect(failures).toEqual([]);
  });

  it('sends application paths of a published public site to its pages, of anything else to its API URL', async () => {
    const found = [...urlsIn(Object.fromEntries(answers), 'answers', new Map()).keys()];
    const siteApp = found.find((u) => /\/app\/o\/[^/]+\/sites\/[^/]+$/.test(u))!;
    const { hops } = await open(siteApp);
    expect(hops[1]).toMatch(/^\/sites\//);
    const spaceApp = found.find((u) => /\/app\/s\/[^/]+$/.test(u))!;
    expect((await open(spaceApp)).hops[1]).toMatch(/^\/v1\/spaces\/[^/]+$/);
  });

  it("a share-link site's plain published URL is 404 without its link's cookie", async () => {
    const found = [...urlsIn(Object.fromEntries(answers), 'answers', new Map()).keys()];
    const shared = found.find((u) => u.includes('?share='))!;
    expect((await open(shared.slice(0, shared.indexOf('?')))).status).toBe(404);
    expect((await open(shared)).status).toBe(200);
  });

  it('reveals nothing: an unknown application path is 404, a private resource redirects to an API URL that refuses strangers', async () => {
    const unknown = await fetch(`${app.url}/app/nothing/here`, { redirect: 'manual' });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as any).error.code).toBe(404);
    const dots = await fetch(`${app.url}/app/s/%2e%2e/x`, { redirect: 'manual' });
    expect(dots.status).toBe(404);
    const found = [...urlsIn(Object.fromEntries(answers), 'answers', new Map()).keys()];
    const spaceApp = found.find((u) => /\/app\/s\/[^/]+$/.test(u))!;
    const redirect = await fetch(`${app.url}${new URL(spaceApp).pathname}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const target = new URL(redirect.headers.get('location')!);
    expect(target.origin).toBe(PUBLIC_URL);
    expect((await fetch(`${app.url}${target.pathname}`)).status).toBe(401);
    // A published site only share links reach: its application URL leads to its API URL, never to its pages.
    const shared = found.find((u) => u.includes('?share='))!;
    const sharedSite = new URL(shared).pathname.split('/')[3];
    const sharedApp = found.find((u) => u.endsWith(`/sites/${sharedSite}`) && u.includes('/app/'))!;
    const hidden = await fetch(`${app.url}${new URL(sharedApp).pathname}`, { redirect: 'manual' });
    expect(hidden.status).toBe(302);
    expect(new URL(hidden.headers.get('location')!).pathname).toMatch(/^\/v1\/orgs\/[^/]+\/sites\/[^/]+$/);
  });

  it('answers a site space at its urls.location, and 404 for one the site does not have', async () => {
    const found = [...urlsIn(Object.fromEntries(answers), 'answers', new Map()).keys()];
    const location = new URL(found.find((u) => /\/site-spaces\/[^/]+$/.test(u))!).pathname;
    const res = await app.get(location);
    expect(res.status).toBe(200);
    expect(res.body.object).toBe('site-space');
    expect(res.body.urls.location).toBe(`${PUBLIC_URL}${location}`);
    const missing = await app.get(location.replace(/[^/]+$/, 'nope'));
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toMatch(/site space not found/);
  });
});
