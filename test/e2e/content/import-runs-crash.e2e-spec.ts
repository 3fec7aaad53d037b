import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireBuild, startServer, stopProcess } from '../support/processes';

// A guard against hangs, not a speed check: built servers start as processes, as slowly as the machine needs.
jest.setTimeout(300_000);

const PAGES = 500;

/**
 * Issue #28's "done when": a 500-page website import runs in the background, survives a kill -9 of
 * the server mid-crawl, and finishes once the server is back on the same data directory.
 */
describe('an import run across kill -9 (built server)', () => {
  const token = 'import-crash-token';
  let site: Server;
  let origin: string;
  let dataDir: string;

  beforeAll(async () => {
    requireBuild();
    dataDir = mkdtempSync(join(tmpdir(), 'docs-import-crash-'));
    const links = Array.from({ length: PAGES }, (_, i) => `<a href="/p/${i + 1}">Page ${i + 1}</a>`).join(' ');
    site = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const n = /^\/p\/(\d+)$/.exec(path)?.[1];
      const body =
        path === '/'
          ? `<main><h1>Home</h1>${links}</main>`
          : n && Number(n) <= PAGES
            ? `<main><h1>Page ${n}</h1><p>Body ${n}.</p></main>`
            : null;
      if (body === null) return void res.writeHead(404).end();
      // A little slow, so the crawl is still at work when the server is killed.
      setTimeout(() => res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><html><body>${body}</body></html>`), 5);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => site.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (url: string, method: string, path: string, body?: unknown) =>
    fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));

  async function until(url: string, path: string, done: (run: any) => boolean): Promise<any> {
    for (;;) {
      const { body } = await call(url, 'GET', path);
      if (done(body)) return body;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('resumes the run after the restart and imports every page, nested by URL path', async () => {
    const env = { DATA_DIR: dataDir, DOCS_BOOTSTRAP_TOKEN: token, OUTBOUND_ALLOW_HOSTS: '127.0.0.1' };
    let server = await startServer(env);
    try {
      const org = (await call(server.url, 'POST', '/v1/orgs', { title: 'Crash' })).body;
      const space = (await call(server.url, 'POST', `/v1/orgs/${org.id}/spaces`, { title: 'Big site', empty: true })).body;
      const started = await call(server.url, 'POST', `/v1/org/${org.id}/imports`, {
        source: { type: 'website', url: `${origin}/` },
        target: { space: space.id },
      });
      expect(started.status).toBe(201);
      const path = `/v1/org/${org.id}/imports/${started.body.id}`;
      const midway = await until(server.url, path, (run) => run.status !== 'pending' && run.importedResources >= 20);
      expect(midway).toMatchObject({ status: 'in-progress' });
      expect(midway.importedResources).toBeLessThan(PAGES + 1);

      await stopProcess(server.child, 'SIGKILL');
      server = await startServer(env);
      const done = await until(server.url, path, (run) => run.status !== 'pending' && run.status !== 'in-progress');
      expect(done).toMatchObject({ status: 'completed', importedResources: PAGES + 1, totalResources: PAGES + 1 });
      const tree = (await call(server.url, 'GET', `/v1/spaces/${space.id}/content/pages`)).body.pages;
      // The home page `/` is never a parent: it stands beside a "P" folder holding the 500 pages of /p/….
      expect(tree.map((p: any) => p.title)).toEqual(['Home', 'P']);
      expect(tree[1].pages).toHaveLength(PAGES);
      expect(done.pages).toHaveLength(PAGES + 2);
    } finally {
      await stopProcess(server.child);
    }
  });
});
