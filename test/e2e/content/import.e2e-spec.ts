import { createServer, Server } from 'node:http';
import { AddressInfo, Socket } from 'node:net';
import { AnswerSchemas } from '../support/answer-schemas';
import { ContentCast, contentCast, createSpace, expectValidAnswer, spacePath } from '../support/content-world';
import { expectError, TestApp } from '../support/test-app';

const LIVE_IMPORT = '/v1/spaces/{spaceId}/content/import';
const CR_IMPORT = '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content/import';

/** A small documentation site, served by the test on 127.0.0.1. */
function site(origin: () => string): Record<string, { status?: number; type?: string; body: string }> {
  const page = (title: string, body: string, h1 = true) =>
    `<!doctype html><html><head><title>${title} | Fixture</title><style>body{color:red}</style></head><body>` +
    `<nav><a href="/docs/">Nav home</a> Nav stuff</nav><header>Site header</header>` +
    `<main>${h1 ? `<h1>${title}</h1>` : ''}${body}</main><footer>Footer text</footer><script>alert("x")</script></body></html>`;
  return {
    '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /private\n' },
    '/docs': {
      body: page(
        'Documentation',
        '<p>Welcome to the <strong>docs</strong>.</p>' +
          '<ul><li><a href="guide">Guide</a></li><li><a href="/docs/guide/install">Install</a></li><li><a href="./api#top">API</a></li>' +
          '<li><a href="/docs/missing">Missing</a></li><li><a href="/private/secret">Secret</a></li>' +
          `<li><a href="https://elsewhere.example/docs">Elsewhere</a></li><li><a ` +
          `href="http://localhost:${new URL(origin()).port}/docs/offsite">Off origin</a></li>` +
          '<li><a href="/logo.png">Logo</a></li><li><a href="mailto:team@example.com">Mail</a></li><li><a ' +
          'href="#intro">Intro</a></li></ul>',
      ),
    },
    '/docs/guide': {
      body: page(
        'Guide',
        '<p>Read this first.</p><h2>Setup</h2><ul><li>First item</li><li>Second item</li></ul><ol><li>Step one</li><li>Step two</li></ol>' +
          '<pre><code class="language-bash">npm install\nnpm start\n</code></pre>' +
          '<p>See <a href="api">the API</a> and <a href="/docs/index.html">home</a>.</p><h3>Notes</h3><p>Use ' +
          '<code>--force</code> with care.</p>',
      ),
    },
    '/docs/guide/install': { body: page('Install', '<p>Run the installer.</p>') },
    '/docs/api': { body: page('API Reference', '<p>Endpoints below.</p><a href="/docs/api/v1/endpoints">Endpoints</a>', false) },
    '/docs/api/v1/endpoints': { body: page('Endpoints', '<p>GET /things</p>') },
    '/docs/offsite': { body: page('Offsite', '<p>never imported</p>') },
    '/private/secret': { body: page('Secret', '<p>never fetched</p>') },
    '/docs/data.json': { type: 'application/json', body: '{}' },
  };
}

describe('POST …/content/import (importContent, importContentInChangeRequest)', () => {
  let app: TestApp;
  let refusing: TestApp;
  let small: TestApp;
  let schemas: AnswerSchemas;
  let cast: ContentCast;
  let server: Server;
  let origin: string;
  const sockets = new Set<Socket>();
  const hits: string[] = [];

  beforeAll(async () => {
    let pages: ReturnType<typeof site> | undefined;
    server = createServer((req, res) => {
      pages ??= site(() => origin);
      const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/\/+$/, '') || '/';
      hits.push(path);
      const found = pages[path];
      if (!found) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      res.writeHead(found.status ?? 200, { 'content-type': `${found.type ?? 'text/html'}; charset=utf-8` }).end(found.body);
    });
    server.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    [app, refusing, small] = await Promise.all([
      TestApp.start({ outboundAllowHosts: ['127.0.0.1'] }),
      TestApp.start(),
      TestApp.start({ outboundAllowHosts: ['127.0.0.1'], importMaxPages: 2 }),
    ]);
    schemas = await AnswerSchemas.load(app.url);
    cast = await contentCast(app, 'import');
  });
  afterAll(async () => {
    await Promise.all([app?.stop(), refusing?.stop(), small?.stop()]);
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  beforeEach(() => {
    hits.length = 0;
  });

  async function changeRequestIn(target: TestApp, spaceId: string): Promise<any> {
    const res = await target.post(`${spacePath(spaceId)}/change-requests`, { subject: 'Import' });
    expect(res.status).toBe(201);
    return res.body;
  }

  /** title, path and children of a page tree. */
  const shape = (pages: any[]): any[] => pages.map((p) => [p.title, p.path, shape(p.pages ?? [])]);

  const IMPORTED_TREE = [
    [
      'Documentation',
      'documentation',
      [
        ['Guide', 'documentation/guide', [['Install', 'documentation/guide/install', []]]],
        [
          'API Reference | Fixture',
          'documentation/api-reference-fixture',
          [['Endpoints', 'documentation/api-reference-fixture/endpoints', []]],
        ],
      ],
    ],
  ];

  it(
    'imports a site into a change request: one revision, pages nested by URL path, markdown converted, ' +
      'robots.txt and the origin respected',
    async () => {
      const space = await createSpace(app, cast.organizationId, { title: 'Imported', empty: true });
      const cr = await changeRequestIn(app, space.id);
      const res = await app.post(`${spacePath(space.id)}/change-requests/${cr.id}/content/import`, {
        url: `${origin}/docs/`,
        source: 'website',
      });
      expect(res.status).toBe(201);
      expectValidAnswer(schemas, 'POST', CR_IMPORT, res);
      // 6 pages found (the 404 among them), 5 imported; robots.txt, other origins and files were not fetched.
      expect(res.body).toEqual({ revision: expect.any(String), importedResources: 5, totalResources: 6 });
      expect(hits).not.toContain('/private/secret');
      expect(hits).not.toContain('/docs/offsite');
      expect(hits).not.toContain('/logo.png');
      expect(hits.filter((h) => h === '/docs')).toHaveLength(1);
      expect(hits[0]).toBe('/robots.txt');

      const after = (await app.get(`${spacePath(space.id)}/change-requests/${cr.id}`)).body;
      expect(after.revision).toBe(res.body.revision);
      expect(after.revision).not.toBe(cr.revision);
      const revision = (await app.get(`${spacePath(space.id)}/change-requests/${cr.id}/content`)).body;
      expect(revision).toMatchObject({ id: res.body.revision, parents: [cr.revision] });

      const pages = (await app.get(`${spacePath(space.id)}/change-requests/${cr.id}/content/pages`)).body.pages;
      // The site root is not imported: /docs is the top; /docs/api/v1 does not exist, so Endpoints sits under API Reference.
      expect(shape(pages)).toEqual(IMPORTED_TREE);
      expect(shape(pages).flat(Infinity)).not.toContain('Secret');

      const guideId = pages[0].pages[0].id;
      const guide = await app.get(`${spacePath(space.id)}/change-requests/${cr.id}/content/page/${guideId}?format=markdown`);
      expect(guide.status).toBe(200);
      const markdown: string = guide.body.markdown;
      expect(markdown).toMatch(/^# Guide$/m);
      expect(markdown).toMatch(/^## Setup$/m);
      expect(markdown).toMatch(/^### Notes$/m);
      expect(markdown).toMatch(/^-\s+First item$/m);
      expect(markdown).toMatch(/^-\s+Second item$/m);
      expect(markdown).toMatch(/^1\.\s+Step one$/m);
      expect(markdown).toContain('```bash\nnpm install\nnpm start\n```');
      expect(markdown).toContain('`--force`');
      // Links between imported pages are page links.
      const apiId = pages[0].pages[1].id;
      expect(markdown).toContain(`[the API](/pages/${apiId})`);
      expect(markdown).toContain(`[home](/pages/${pages[0].id})`);
      for (const stripped of ['alert(', 'Nav stuff', 'Site header', 'Footer text', 'color:red']) expect(markdown).not.toContain(stripped);

      const home = (await app.get(`${spacePath(space.id)}/change-requests/${cr.id}/content/page/${pages[0].id}?format=markdown`)).body
        .markdown;
      expect(home).toContain('Welcome to the **docs**.');
      expect(home).toContain(`[Guide](/pages/${guideId})`);
      expect(home).toContain(`[Install](/pages/${pages[0].pages[0].pages[0].id})`);
      expect(home).toContain(`[API](/pages/${apiId}#top)`);
      // Pages of the site that were not imported (missing, disallowed, another origin) stay URLs.
      expect(home).toContain(`[Missing](${origin}/docs/missing)`);
      expect(home).toContain(`[Secret](${origin}/private/secret)`);
      expect(home).toContain(`[Off origin](http://localhost:${new URL(origin).port}/docs/offsite)`);
      expect(home).toContain('[Elsewhere](https://elsewhere.example/docs)');
      expect(home).toContain('[Mail](mailto:team@example.com)');

      // The live content is untouched until the change request is merged.
      expect((await app.get(`${spacePath(space.id)}/content/pages`)).body.pages).toEqual([]);
    },
  );

  it('imports into the live content as one new revision, after the pages already there', async () => {
    const space = await createSpace(app, cast.organizationId, { title: 'Live import' });
    const before = space.revision;
    const res = await app.post(
      `${spacePath(space.id)}/content/import`,
      { url: `${origin}/docs/guide`, source: 'website' },
      cast.token('editor'),
    );
    expect(res.status).toBe(201);
    expectValidAnswer(schemas, 'POST', LIVE_IMPORT, res);
    // From the guide: guide, install (a link), api, docs home (index.html), then the api's endpoints and the home's other links at depth 2.
    expect(res.body.importedResources).toBe(5);
    expect(res.body.totalResources).toBe(6);
    const now = (await app.get(spacePath(space.id))).body;
    expect(now.revision).toBe(res.body.revision);
    const revision = (await app.get(`${spacePath(space.id)}/content`)).body;
    expect(revision).toMatchObject({ id: res.body.revision, parents: [before], type: 'edits' });
    const pages = (await app.get(`${spacePath(space.id)}/content/pages`)).body.pages;
    expect(pages[0].title).toBe('Untitled');
    expect(shape(pages.slice(1))).toEqual(IMPORTED_TREE);
    const install = (await app.get(`${spacePath(space.id)}/content/path/documentation/guide/install?format=markdown`)).body;
    expect(install.markdown).toBe('# Install\n\nRun the installer.\n');
    // The imported pages link to each other as pages of the space: the links listing resolves them, none broken.
    const links = (await app.get(`${spacePath(space.id)}/links`)).body;
    const pageLinks = links.items.filter((l: { targetReference: { kind: string } }) => l.targetReference.kind === 'page');
    expect(pageLinks.length).toBeGreaterThanOrEqual(3);
    expect(pageLinks.every((l: { status: string }) => l.status === 'ok')).toBe(true);
    expect(links.stats.broken.total).toBe(0);
  });

  it('stops at IMPORT_MAX_PAGES, counting what it found', async () => {
    const cast2 = await contentCast(small, 'import-small');
    const space = await createSpace(small, cast2.organizationId, { empty: true });
    const res = await small.post(`${spacePath(space.id)}/content/import`, { url: `${origin}/docs`, source: 'website' });
    expect(res.status).toBe(201);
    expect(res.body.importedResources).toBe(2);
    expect(res.body.totalResources).toBeGreaterThan(2);
    const pages = (await small.get(`${spacePath(space.id)}/content/pages`)).body.pages;
    // Without the trailing slash, "guide" and "./api" resolve to /guide and /api (404s, skipped): the second page is
    // /docs/guide/install, under /docs since /docs/guide was not imported (missing intermediate paths are skipped).
    expect(shape(pages)).toEqual([['Documentation', 'documentation', [['Install', 'documentation/install', []]]]]);
  });

  it('refuses 127.0.0.1 without OUTBOUND_ALLOW_HOSTS: 422 naming the reason, nothing fetched, nothing imported', async () => {
    const cast3 = await contentCast(refusing, 'import-refused');
    const space = await createSpace(refusing, cast3.organizationId, { empty: true });
    const cr = await changeRequestIn(refusing, space.id);
    const res = await refusing.post(`${spacePath(space.id)}/change-requests/${cr.id}/content/import`, {
      url: `${origin}/docs`,
      source: 'website',
    });
    expectError(res, 422, /refused: 127\.0\.0\.1 is a loopback address/);
    expect(hits).toEqual([]);
    expect((await refusing.get(`${spacePath(space.id)}/change-requests/${cr.id}`)).body.revision).toBe(cr.revision);
    const live = await refusing.post(`${spacePath(space.id)}/content/import`, {
      url: 'http://169.254.169.254/latest/meta-data/',
      source: 'website',
    });
    expectError(live, 422, /cloud metadata/);
    expect((await refusing.get(spacePath(space.id))).body.revision).toBe(space.revision);
  });

  it(
    'imports nothing when the first page cannot be fetched: ' + 'an error status, not HTML, disallowed by robots.txt, unreachable',
    async () => {
      const space = await createSpace(app, cast.organizationId, { empty: true });
      const cr = await changeRequestIn(app, space.id);
      const importing = (url: string) =>
        app.post(`${spacePath(space.id)}/change-requests/${cr.id}/content/import`, { url, source: 'website' });
      expectError(await importing(`${origin}/docs/missing`), 422, /answered 404/);
      expectError(await importing(`${origin}/docs/data.json`), 422, /not an HTML page/);
      expectError(await importing(`${origin}/private/secret`), 422, /robots\.txt .*disallows/);
      expect(hits).not.toContain('/private/secret');
      expectError(
        await importing('http://127.0.0.1:1/docs'),
        422,
        /^http:\/\/127\.0\.0\.1:1 is unreachable: the connection failed \(ECONNREFUSED\)$/,
      );
      expect((await app.get(`${spacePath(space.id)}/change-requests/${cr.id}`)).body.revision).toBe(cr.revision);
    },
  );

  it('validates the body: url required, http(s), at most 2048 characters; source required, one of website', async () => {
    const space = await createSpace(app, cast.organizationId, { empty: true });
    const path = `${spacePath(space.id)}/content/import`;
    for (const [body, mentions] of [
      [{ source: 'website' }, /url/],
      [{ url: 'not a url', source: 'website' }, /url must be an http\(s\) URL/],
      [{ url: 'ftp://127.0.0.1/docs', source: 'website' }, /url must be an http\(s\) URL/],
      [{ url: 'file:///etc/passwd', source: 'website' }, /url/],
      [{ url: `${origin}/${'a'.repeat(2048)}`, source: 'website' }, /url/],
      [{ url: 42, source: 'website' }, /url/],
      [{ url: `${origin}/docs` }, /source must be one of: website/],
      [{ url: `${origin}/docs`, source: 'git' }, /source must be one of: website/],
      [{ url: `${origin}/docs`, source: 'website', depth: 3 }, /depth/],
    ] as const) {
      expectError(await app.post(path, body), 400, mentions);
    }
    expect(hits).toEqual([]);
    expect((await app.get(spacePath(space.id))).body.revision).toBe(space.revision);
  });

  it('is for editors: no token 401, readers 403, outsiders and unknown spaces or change requests 404', async () => {
    const space = await createSpace(app, cast.organizationId, { empty: true });
    const cr = await changeRequestIn(app, space.id);
    const body = { url: `${origin}/docs`, source: 'website' };
    const live = `${spacePath(space.id)}/content/import`;
    const inCr = `${spacePath(space.id)}/change-requests/${cr.id}/content/import`;
    expectError(await app.post(live, body, null), 401);
    expectError(await app.post(live, body, cast.token('reader')), 403, /importing content/);
    expectError(await app.post(inCr, body, cast.token('reader')), 403);
    expectError(await app.post(live, body, cast.token('outsider')), 404);
    expectError(await app.post(inCr, body, cast.token('guest')), 404);
    expectError(await app.post(`${spacePath('nosuchspace')}/content/import`, body), 404);
    expectError(await app.post(`${spacePath(space.id)}/change-requests/nosuchcr/content/import`, body), 404);
    expect(hits).toEqual([]);
  });

  it('is in the served document: both operations, 201 with the counts, 422 for what cannot be fetched', async () => {
    const document = (await app.get('/v1/openapi.json')).body;
    for (const path of [LIVE_IMPORT, CR_IMPORT]) {
      const operation = document.paths[path].post;
      expect(operation.operationId).toBe(path === LIVE_IMPORT ? 'importContent' : 'importContentInChangeRequest');
      expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '404', '409', '422']));
      expect(operation.responses['422'].description).toMatch(/outbound guard refused it/);
    }
  });

  it('refuses a locked space (409) and a merged change request (409), before fetching anything', async () => {
    const space = await createSpace(app, cast.organizationId, { empty: true });
    const cr = await changeRequestIn(app, space.id);
    const body = { url: `${origin}/docs`, source: 'website' };
    expect((await app.patch(spacePath(space.id), { editMode: 'locked' })).status).toBe(200);
    expectError(await app.post(`${spacePath(space.id)}/content/import`, body), 409, /locked/);
    expectError(await app.post(`${spacePath(space.id)}/change-requests/${cr.id}/content/import`, body), 409, /locked/);
    expect((await app.patch(spacePath(space.id), { editMode: 'live' })).status).toBe(200);
    expect((await app.post(`${spacePath(space.id)}/change-requests/${cr.id}/merge`, undefined)).status).toBe(200);
    expectError(await app.post(`${spacePath(space.id)}/change-requests/${cr.id}/content/import`, body), 409, /merged/);
    expect(hits).toEqual([]);
  });
});
