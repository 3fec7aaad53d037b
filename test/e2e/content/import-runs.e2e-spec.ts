import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AnswerSchemas } from '../support/answer-schemas';
import { GitbookDriver } from '../support/gitbook-client-driver';
import { ContentCast, contentCast, createSpace, expectValidAnswer, spacePath } from '../support/content-world';
import { watchingHealth } from '../support/responsiveness';
import { expectError, HttpResult, OWNER_TOKEN, TestApp } from '../support/test-app';

const RUNS = '/v1/org/{organizationId}/imports';
const RUN = '/v1/org/{organizationId}/imports/{importRunId}';
const CANCEL = '/v1/org/{organizationId}/imports/{importRunId}/cancel';

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000100000000808060000003ff7b9490000000d' +
    '4944415478da63f8cfc0f01f000501020028d1a8e30000000049454e44ae426082',
  'hex',
);

/** `/wide`: a home page linking more pages than a run imports (IMPORT_RUN_MAX_PAGES, 1,000). */
const WIDE_PAGES = 1200;
const wideHome = Array.from({ length: WIDE_PAGES }, (_, i) => `<a href="/wide/p${i + 1}">Page ${i + 1}</a>`).join(' ');

const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><nav>Menu</nav><main><h1>${title}</h1>${body}</main></body></html>`;

/** The site the runs import, served on 127.0.0.1: nested paths, a table, code in a language, an image; `/slow/…` hangs until released. */
const SITE = new Map<string, { type?: string; body: string | Buffer }>([
  ['/robots.txt', { type: 'text/plain', body: 'User-agent: *\nAllow: /\n' }],
  [
    '/docs',
    {
      body: page(
        'Docs',
        '<p>Start here.</p><img src="/img/logo.png" alt="Logo"><img src="/img/missing.png" alt="Gone">' +
          '<a href="/docs/guide">Guide</a> <a href="/docs/guide/install">Install</a> <a href="/docs/reference/api">API</a>',
      ),
    },
  ],
  [
    '/docs/guide',
    {
      body: page(
        'Guide',
        '<table><thead><tr><th>Option</th><th>Default</th></tr></thead><tbody><tr><td><code>port</code></td><td>8080</td></tr>' +
          '<tr><td>mode</td><td>a | b</td></tr></tbody></table>' +
          '<div class="highlight-python"><pre><span>print("hi")</span>\n</pre></div>',
      ),
    },
  ],
  ['/docs/guide/install', { body: page('Install', '<pre><code class="language-bash">npm install docs</code></pre>') }],
  ['/docs/reference/api', { body: page('API', '<p>Endpoints.</p>') }],
  ['/img/logo.png', { type: 'image/png', body: PNG }],
  ['/slow', { body: page('Slow', '<a href="/slow/a">A</a>') }],
]);

describe('import runs (startImportRun, getImportRun, listImportRuns, cancelImportRun)', () => {
  let app: TestApp;
  let schemas: AnswerSchemas;
  let cast: ContentCast;
  let server: Server;
  let origin: string;
  let closedOrigin: string;
  const sockets = new Set<Socket>();
  /** Answers held by `/slow/…` until the test releases them. */
  const held: (() => void)[] = [];
  let slowRequested: () => void = () => undefined;
  /** While true, `/slow/…` answers only when released. */
  let holding = true;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/\/+$/, '') || '/';
      if (path.startsWith('/slow/') && !holding)
        return void res.writeHead(200, { 'content-type': 'text/html' }).end(page('Late', '<p>late</p>'));
      if (path.startsWith('/slow/')) {
        slowRequested();
        held.push(() => res.writeHead(200, { 'content-type': 'text/html' }).end(page('Late', '<p>late</p>')));
        return;
      }
      const wide = /^\/wide(?:\/p(\d+))?$/.exec(path);
      if (wide && Number(wide[1] ?? 0) <= WIDE_PAGES) {
        const body = wide[1] ? page(`Page ${wide[1]}`, `<p>Body of page ${wide[1]}.</p>`) : page('Wide', wideHome);
        return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
      }
      const found = SITE.get(path);
      if (!found) return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
      res.writeHead(200, { 'content-type': found.type ?? 'text/html; charset=utf-8' }).end(found.body);
    });
    server.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // A port nothing listens on.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    closedOrigin = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    app = await TestApp.start({ outboundAllowHosts: ['127.0.0.1'], importRunsActiveMax: 3 });
    schemas = await AnswerSchemas.load(app.url);
    cast = await contentCast(app, 'import-runs');
  });
  afterAll(async () => {
    for (const release of held.splice(0)) release();
    await app?.stop();
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const runs = () => `/v1/org/${cast.organizationId}/imports`;

  async function start(body: unknown, token?: string | null): Promise<HttpResult> {
    return app.post(runs(), body, token);
  }

  async function started(body: unknown): Promise<any> {
    const res = await start(body);
    if (res.status !== 201) throw new Error(`start failed: ${res.status} ${JSON.stringify(res.body)}`);
    expectValidAnswer(schemas, 'POST', RUNS, res, 'ContentImportRun');
    return res.body;
  }

  /** Polls the run until `done` says so (the jest timeout is the hang guard). */
  async function until(id: string, done: (run: any) => boolean, on = app, organizationId = cast.organizationId): Promise<any> {
    for (;;) {
      const res = await on.get(`/v1/org/${organizationId}/imports/${id}`);
      expect(res.status).toBe(200);
      if (done(res.body)) {
        expectValidAnswer(schemas, 'GET', RUN, res, 'ContentImportRun');
        return res.body;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
  }
  const finished = (id: string) => until(id, (run) => !['pending', 'in-progress'].includes(run.status));

  const shape = (pages: any[]): any[] => pages.map((p) => [p.title, shape(p.pages ?? [])]);
  const markdownOf = async (spaceId: string, pageId: string) =>
    (await app.get(`${spacePath(spaceId)}/content/page/${pageId}?format=markdown`)).body.markdown as string;

  it('imports a website in the background: pages nested by URL path, tables, code languages, images stored as files', async () => {
    const space = await createSpace(app, cast.organizationId, { title: 'Website run', empty: true });
    const run = await started({ source: { type: 'website', url: `${origin}/docs` }, target: { space: space.id } });
    expect(run).toMatchObject({
      object: 'import-run',
      status: 'pending',
      source: { type: 'website', url: `${origin}/docs` },
      target: { space: space.id },
      createdBy: cast.ownerId,
      urls: { location: `${app.config.publicUrl}/v1/org/${cast.organizationId}/imports/${run.id}` },
      importedResources: 0,
    });
    const done = await finished(run.id);
    expect(done).toMatchObject({ status: 'completed', importedResources: 4, totalResources: 4 });
    expect(done.startedAt <= done.completedAt).toBe(true);
    expect(done.pages).toHaveLength(5);
    expect(done.pages.flatMap((p: any) => p.sourceURL ?? []).sort()).toEqual(
      ['/docs', '/docs/guide', '/docs/guide/install', '/docs/reference/api'].map((p) => `${origin}${p}`),
    );

    const tree = (await app.get(`${spacePath(space.id)}/content/pages`)).body.pages;
    // /docs/reference was not a page: API sits in a Reference folder, nested by its URL path.
    expect(shape(tree)).toEqual([
      [
        'Docs',
        [
          ['Guide', [['Install', []]]],
          ['Reference', [['API', []]]],
        ],
      ],
    ]);
    expect(done.pages.filter((p: any) => p.type === 'folder')).toEqual([{ id: tree[0].pages[1].id, type: 'folder', status: 'complete' }]);
    const files = (await app.get(`${spacePath(space.id)}/content/files`)).body.items;
    expect(files).toEqual([expect.objectContaining({ name: 'logo.png', contentType: 'image/png', size: PNG.length })]);

    const home = await markdownOf(space.id, tree[0].id);
    expect(home).toContain(files[0].id);
    expect(home).toContain(`${origin}/img/missing.png`); // an image that could not be fetched stays a link
    const guide = await markdownOf(space.id, tree[0].pages[0].id);
    expect(guide).toMatch(/\| Option \| Default \|\n\| --- \| --- \|\n\| `port` \| 8080 \|\n\| mode \| a \\\| b \|/);
    expect(guide).toContain('```python\nprint("hi")\n```');
    expect(await markdownOf(space.id, tree[0].pages[0].pages[0].id)).toContain('```bash\nnpm install docs\n```');
  });

  it('imports a website of more pages than a run takes: 1,000 imported, /health answering throughout', async () => {
    const space = await createSpace(app, cast.organizationId, { title: 'Wide run', empty: true });
    const run = await started({ source: { type: 'website', url: `${origin}/wide` }, target: { space: space.id } });
    const watched = await watchingHealth(app.url, () => finished(run.id));
    expect(watched.result).toMatchObject({ status: 'completed', importedResources: 1000 });
    expect(watched.polls).toBeGreaterThan(0);
    expect(watched.maxHeldMs).toBeLessThan(watched.heldLimitMs);
    const pages = (await app.get(`${spacePath(space.id)}/content/pages`)).body.pages;
    expect(pages.length + pages.reduce((n: number, p: any) => n + (p.pages?.length ?? 0), 0)).toBeGreaterThanOrEqual(1000);
  });

  it('fails a run whose host is unreachable, saying so', async () => {
    const space = await createSpace(app, cast.organizationId, { title: 'Unreachable', empty: true });
    const run = await started({ source: { type: 'website', url: `${closedOrigin}/docs` }, target: { space: space.id } });
    const done = await finished(run.id);
    expect(done.status).toBe('failed');
    expect(done.reason).toBe(`${closedOrigin} is unreachable: the connection failed (ECONNREFUSED)`);
    expect(done.reason).not.toMatch(/robots/);
  });

  it('cancels a running import promptly: nothing is written; cancelling again answers the run; a finished run is 409', async () => {
    const space = await createSpace(app, cast.organizationId, { title: 'Cancelled', empty: true });
    const before = (await app.get(`${spacePath(space.id)}`)).body.revision;
    const requested = new Promise<void>((resolve) => (slowRequested = resolve));
    const run = await started({ source: { type: 'website', url: `${origin}/slow` }, target: { space: space.id } });
    await requested; // the run is at work, waiting on /slow/a
    await until(run.id, (r) => r.status === 'in-progress');
    const cancelled = await app.post(`${runs()}/${run.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expectValidAnswer(schemas, 'POST', CANCEL, cancelled, 'ContentImportRun');
    expect(cancelled.body.status).toBe('cancelled');
    for (const release of held.splice(0)) release();
    expect((await app.post(`${runs()}/${run.id}/cancel`)).body.status).toBe('cancelled');
    // The run's work has stopped: it wrote no revision.
    await until(run.id, (r) => r.status === 'cancelled');
    expect((await app.get(`${spacePath(space.id)}`)).body.revision).toBe(before);

    const other = await createSpace(app, cast.organizationId, { title: 'Done', empty: true });
    const done = await finished(
      (await started({ source: { type: 'website', url: `${origin}/docs/guide/install` }, target: { space: other.id } })).id,
    );
    expect(done.status).toBe('completed');
    expectError(await app.post(`${runs()}/${done.id}/cancel`), 409, /completed/);
  });

  it('imports markdown and HTML files of the target change request as pages; a zip archive among them is 400', async () => {
    const space = await createSpace(app, cast.organizationId, { title: 'Files', empty: true });
    const cr = (await app.post(`${spacePath(space.id)}/change-requests`, { subject: 'Files' })).body;
    const base64 = (text: string) => Buffer.from(text).toString('base64');
    const uploaded = await app.post(`${spacePath(space.id)}/change-requests/${cr.id}/content?compat=false`, {
      changes: [
        {
          operation: 'insert_files',
          files: [
            { name: 'intro.md', contentType: 'text/markdown', base64: base64('# Introduction\n\nHello **files**.\n') },
            {
              name: 'table.html',
              contentType: 'text/html',
              base64: base64(page('Table page', '<table><tr><th>A</th></tr><tr><td>1</td></tr></table>')),
            },
            { name: 'site.zip', contentType: 'application/zip', base64: base64('PK\u0003\u0004') },
          ],
        },
      ],
    });
    expect(uploaded.status).toBe(200);
    const [intro, html, zip] = uploaded.body.insertedFiles;
    const target = { space: space.id, changeRequest: cr.id };

    expectError(
      await start({ source: { type: 'file', files: [intro.id, zip.id] }, target }),
      400,
      /site\.zip is a zip archive, which is imported alone/,
    );
    expectError(
      await start({ source: { type: 'file', files: ['nope'] }, target }),
      400,
      /source\.files: the target content has no file nope/,
    );
    // Not in the live content: keys name files of the target content.
    expectError(await start({ source: { type: 'file', files: [intro.id] }, target: { space: space.id } }), 400, /no file/);

    const run = await started({ source: { type: 'file', files: [intro.id, html.id] }, target });
    expect(run.source).toEqual({ type: 'file', files: [intro.id, html.id] });
    const done = await finished(run.id);
    expect(done).toMatchObject({ status: 'completed', importedResources: 2, totalResources: 2, target });
    const tree = (await app.get(`${spacePath(space.id)}/change-requests/${cr.id}/content/pages`)).body.pages;
    expect(tree.map((p: any) => p.title)).toEqual(['Introduction', 'Table page']);
    const table = await app.get(`${spacePath(space.id)}/change-requests/${cr.id}/content/page/${tree[1].id}?format=markdown`);
    expect(table.body.markdown).toContain('| A |\n| --- |\n| 1 |');
    expect((await app.get(`${spacePath(space.id)}/content/pages`)).body.pages).toEqual([]); // the live content is untouched
  });

  it('converts a large HTML file in a work thread, /health answering throughout', async () => {
    const space = await createSpace(app, cast.organizationId, { title: 'Large HTML', empty: true });
    const cr = (await app.post(`${spacePath(space.id)}/change-requests`, { subject: 'Large HTML' })).body;
    // 1 MB of nested spans (about the most a content edit uploads; an archive's files may be 20 MiB):
    // parsing and converting them on the server's loop held it some 1.5 s.
    const html = page('Spans', `<p>${'<span><span><span>w</span></span></span> '.repeat(25_000)}</p>`);
    const uploaded = await app.post(`${spacePath(space.id)}/change-requests/${cr.id}/content?compat=false`, {
      changes: [
        {
          operation: 'insert_files',
          files: [{ name: 'spans.html', contentType: 'text/html', base64: Buffer.from(html).toString('base64') }],
        },
      ],
    });
    expect(uploaded.status).toBe(200);
    const target = { space: space.id, changeRequest: cr.id };
    const watched = await watchingHealth(app.url, async () =>
      finished((await started({ source: { type: 'file', files: [uploaded.body.insertedFiles[0].id] }, target })).id),
    );
    expect(watched.result).toMatchObject({ status: 'completed', importedResources: 1 });
    expect(watched.polls).toBeGreaterThan(0);
    expect(watched.maxHeldMs).toBeLessThan(watched.heldLimitMs);
    const [spans] = (await app.get(`${spacePath(space.id)}/change-requests/${cr.id}/content/pages`)).body.pages;
    expect(spans.title).toBe('Spans');
    const markdown = (await app.get(`${spacePath(space.id)}/change-requests/${cr.id}/content/page/${spans.id}?format=markdown`)).body
      .markdown as string;
    expect(markdown).toContain('# Spans');
    expect(markdown.match(/w/g)?.length).toBeGreaterThanOrEqual(25_000);
  });

  it('validates the request: source, target, site; who may start, read and cancel', async () => {
    const space = await createSpace(app, cast.organizationId, { title: 'Checks', empty: true });
    const target = { space: space.id };
    const website = { type: 'website', url: `${origin}/docs` };
    for (const [body, message] of [
      [{ target }, /source/],
      [{ source: website }, /target/],
      [{ source: { type: 'ftp', url: 'ftp://x' }, target }, /source\.type must be one of: website, file/],
      [{ source: { type: 'website' }, target }, /source must be/],
      [{ source: { type: 'website', url: 'not a url' }, target }, /source\.url must be an http\(s\) URL/],
      [{ source: { type: 'file', files: [] }, target }, /source\.files must name at least one file/],
      [{ source: { type: 'file', files: Array.from({ length: 51 }, (_, i) => `f${i}`) }, target }, /at most 50 files/],
      [{ source: website, target: {} }, /target\.space/],
      [{ source: website, target, enhance: 'yes' }, /enhance/],
    ] as const)
      expectError(await start(body), 400, message);
    expectError(await start({ source: website, target: { space: 'unknown-space' } }), 404, /space not found/);
    expectError(await start({ source: website, target: { space: space.id, changeRequest: 'nope' } }), 404);
    expectError(await start({ source: website, target: { space: space.id, page: 'nope' } }), 404, /target\.page/);
    expectError(await start({ source: website, target, site: 'unknown-site' }), 404, /site not found/);
    expectError(await start({ source: website, target }, null), 401);
    expectError(await start({ source: website, target }, cast.token('reader')), 403, /importing content/);
    expectError(await start({ source: website, target }, cast.token('outsider')), 404);

    const run = await started({ source: website, target });
    expectError(await app.get(`${runs()}/${run.id}`, cast.token('guest')), 403, /guests/);
    expectError(await app.get(`${runs()}/${run.id}`, cast.token('outsider')), 404);
    expectError(await app.get(`${runs()}/unknown-run`), 404, /import run not found/);
    expect((await app.get(`${runs()}/${run.id}`, cast.token('reader'))).status).toBe(200);
    expectError(await app.post(`${runs()}/${run.id}/cancel`, undefined, cast.token('reader')), 403, /cancelling an import/);
    await finished(run.id);
  });

  it('refuses a run past IMPORT_RUNS_ACTIVE_MAX active ones in the organization (409), and takes one once one is cancelled', async () => {
    const space = await createSpace(app, cast.organizationId, { title: 'Busy', empty: true });
    const slow = { source: { type: 'website', url: `${origin}/slow` }, target: { space: space.id } };
    const busy = [await started(slow), await started(slow), await started(slow)];
    expectError(await start(slow), 409, /has 3 import runs pending or in progress/);
    expect((await app.post(`${runs()}/${busy[0].id}/cancel`)).status).toBe(200);
    const another = await started(slow);
    for (const run of [...busy.slice(1), another]) expect((await app.post(`${runs()}/${run.id}/cancel`)).status).toBe(200);
    for (const release of held.splice(0)) release();
  });

  it('lists runs newest first, filtered by space, change request, status (active: pending, in-progress) and site, in pages', async () => {
    const all = [];
    const counts: number[] = [];
    let next: string | undefined;
    do {
      const res = await app.get(`${runs()}?limit=2${next ? `&page=${next}` : ''}`);
      expect(res.status).toBe(200);
      expectValidAnswer(schemas, 'GET', RUNS, res, 'ContentImportRun');
      all.push(...res.body.items);
      next = res.body.next?.page;
      counts.push(res.body.count);
    } while (next);
    expect(new Set(counts)).toEqual(new Set([all.length]));
    expect(all.length).toBeGreaterThanOrEqual(6);
    expect(all.map((r) => r.createdAt)).toEqual([...all.map((r) => r.createdAt)].sort().reverse());
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length);

    const filtered = async (query: string) => {
      const res = await app.get(`${runs()}?limit=1000&${query}`);
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(res.body.items.length);
      return res.body.items as any[];
    };
    for (const status of ['completed', 'failed', 'cancelled'])
      expect((await filtered(`status=${status}`)).map((r) => r.id)).toEqual(all.filter((r) => r.status === status).map((r) => r.id));
    expect((await filtered('status=completed')).length).toBeGreaterThanOrEqual(3);
    expect(await filtered('status=active')).toEqual([]);
    const bySpace = all[all.length - 1].target.space;
    expect((await filtered(`space=${bySpace}`)).map((r) => r.id)).toEqual(all.filter((r) => r.target.space === bySpace).map((r) => r.id));
    const withCr = all.find((r) => r.target.changeRequest);
    expect((await filtered(`changeRequest=${withCr.target.changeRequest}`)).map((r) => r.id)).toEqual([withCr.id]);
    expect(await filtered('site=no-such-site')).toEqual([]);
    expectError(await app.get(`${runs()}?status=done`), 400, /status must be one of: active, pending, in-progress/);
    expectError(await app.get(runs(), cast.token('guest')), 403);
  });

  it('takes a run up again after a restart: a run stopped mid-crawl resumes on the same data directory and completes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'docs-e2e-import-runs-'));
    let running = await TestApp.start({ dataDir, outboundAllowHosts: ['127.0.0.1'] });
    try {
      const { body: org } = await running.post('/v1/orgs', { title: 'Restart' });
      const space = await createSpace(running, org.id, { title: 'Resumed', empty: true });
      const requested = new Promise<void>((resolve) => (slowRequested = resolve));
      const res = await running.post(`/v1/org/${org.id}/imports`, {
        source: { type: 'website', url: `${origin}/slow` },
        target: { space: space.id },
      });
      expect(res.status).toBe(201);
      await requested;
      await until(res.body.id, (r) => r.status === 'in-progress', running, org.id);
      const mongoDb = running.config.mongoDb;
      await running.stop();
      holding = false;
      for (const release of held.splice(0)) release();
      running = await TestApp.start({ dataDir, mongoDb, outboundAllowHosts: ['127.0.0.1'] });
      const done = await until(res.body.id, (r) => !['pending', 'in-progress'].includes(r.status), running, org.id);
      expect(done).toMatchObject({ status: 'completed', importedResources: 2 });
      const tree = (await running.get(`${spacePath(space.id)}/content/pages`)).body.pages;
      expect(shape(tree)).toEqual([['Slow', [['Late', []]]]]);
    } finally {
      holding = true;
      await running.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  describe("through GitBook's client", () => {
    const gitbook = new GitbookDriver(
      () => app.url,
      OWNER_TOKEN,
      () => schemas,
    );
    const { operation, answer } = gitbook.bound();
    let spaceId = '';
    let runId = '';
    beforeAll(async () => {
      spaceId = (await createSpace(app, cast.organizationId, { title: 'GitBook client', empty: true })).id;
      holding = true;
    });

    operation('startImportRun', async () => {
      const requested = new Promise<void>((resolve) => (slowRequested = resolve));
      const run = await answer(() =>
        gitbook.api.org.startImportRun(cast.organizationId, {
          source: { type: 'website', url: `${origin}/slow` },
          target: { space: spaceId },
        }),
      );
      runId = run.id;
      await requested;
    });
    operation('getImportRun', () => answer(() => gitbook.api.org.getImportRun(cast.organizationId, runId)));
    operation('listImportRuns', () => answer(() => gitbook.api.org.listImportRuns(cast.organizationId, { space: spaceId, limit: 5 })));
    operation('cancelImportRun', async () => {
      expect((await answer(() => gitbook.api.org.cancelImportRun(cast.organizationId, runId))).status).toBe('cancelled');
      for (const release of held.splice(0)) release();
    });
  });
});
