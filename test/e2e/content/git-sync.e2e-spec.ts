import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentCast, ContentCast, createSpace, spacePath } from '../support/content-world';
import { expectGitbookSchema } from '../support/gitbook-schema';
import { watchingHealth } from '../support/responsiveness';
import { expectError, TestApp } from '../support/test-app';

const GIT_ENV = {
  ...process.env,
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Remote Writer',
  GIT_AUTHOR_EMAIL: 'remote@example.com',
  GIT_COMMITTER_NAME: 'Remote Writer',
  GIT_COMMITTER_EMAIL: 'remote@example.com',
  GIT_TERMINAL_PROMPT: '0',
};
const TOKEN = 'git-sync-secret-token';

/** The git command line, as a person would use it on the repository. */
const gitCli = (cwd: string, ...args: string[]) => execFileSync('git', args, { cwd, env: GIT_ENV }).toString().trim();

/** Serves the bare repositories under `root` with git's own smart HTTP (git http-backend as CGI), behind basic auth with TOKEN. */
function gitHttpServer(root: string): Server {
  return createServer((req: IncomingMessage, res: ServerResponse) => {
    const expected = `Basic ${Buffer.from(`x-access-token:${TOKEN}`).toString('base64')}`;
    if (req.headers.authorization !== expected) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://x');
    const cgi = spawn('/usr/lib/git-core/git-http-backend', [], {
      env: {
        ...GIT_ENV,
        GIT_PROJECT_ROOT: root,
        GIT_HTTP_EXPORT_ALL: '1',
        REMOTE_USER: 'x-access-token',
        PATH_INFO: decodeURIComponent(url.pathname),
        QUERY_STRING: url.search.slice(1),
        REQUEST_METHOD: req.method ?? 'GET',
        CONTENT_TYPE: req.headers['content-type'] ?? '',
        HTTP_CONTENT_ENCODING: String(req.headers['content-encoding'] ?? ''),
        GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
      },
    });
    req.pipe(cgi.stdin);
    const chunks: Buffer[] = [];
    cgi.stdout.on('data', (c: Buffer) => chunks.push(c));
    cgi.on('close', () => {
      const out = Buffer.concat(chunks);
      const split = out.indexOf('\r\n\r\n');
      const head = out.subarray(0, split).toString();
      const headers: Record<string, string> = {};
      let status = 200;
      for (const line of head.split('\r\n')) {
        const [name, ...rest] = line.split(':');
        if (name!.toLowerCase() === 'status') status = parseInt(rest.join(':').trim(), 10);
        else headers[name!] = rest.join(':').trim();
      }
      res.writeHead(status, headers).end(out.subarray(split + 4));
    });
  });
}

describe('git sync (exportToGitRepository, importGitRepository, getSpaceGitInfo)', () => {
  let app: TestApp;
  let shared: TestApp;
  let cast: ContentCast;
  let root: string;
  let server: Server;
  let origin: string;
  const sockets = new Set<Socket>();

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'git-sync-e2e-'));
    server = gitHttpServer(root);
    server.on('connection', (s) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    [app, shared] = await Promise.all([TestApp.start({ gitSyncFileRoots: [root], outboundAllowHosts: ['127.0.0.1'] }), TestApp.shared()]);
    cast = await contentCast(app, 'git-sync');
  });
  afterAll(async () => {
    await app?.stop();
    for (const s of sockets) s.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(root, { recursive: true, force: true });
  });

  let repos = 0;
  /** A new bare repository (`git init --bare`), its file:// URL and its folder. */
  function bareRepository(): { url: string; dir: string; name: string } {
    const name = `repo-${++repos}.git`;
    const dir = join(root, name);
    execFileSync('git', ['init', '-q', '--bare', '-b', 'main', dir], { env: GIT_ENV });
    gitCli(dir, 'config', 'http.receivepack', 'true');
    return { url: `file://${dir}`, dir, name };
  }

  /** A working clone of the bare repository, made with the git command line. */
  function cloneOf(dir: string): string {
    const clone = mkdtempSync(join(root, 'clone-'));
    execFileSync('git', ['clone', '-q', '-b', 'main', dir, clone], { env: GIT_ENV });
    return clone;
  }

  /** A space whose live content holds "Welcome" and "Guide" (with "Install" under it). */
  async function seededSpace(): Promise<{ id: string; pages: Record<string, string> }> {
    const space = await createSpace(app, cast.organizationId, { title: 'Synced', empty: true });
    const cr = (await app.post(`${spacePath(space.id)}/change-requests`, { subject: 'Seed' })).body;
    const edit = await app.post(`${spacePath(space.id)}/change-requests/${cr.id}/content?compat=false`, {
      changes: [
        { operation: 'insert_page', title: 'Welcome', document: { markdown: 'Hello.\n' } },
        { operation: 'insert_page', title: 'Guide', document: { markdown: 'The guide.\n' } },
      ],
    });
    expect(edit.status).toBe(200);
    const guide = edit.body.changes[1].page.id;
    const child = await app.post(`${spacePath(space.id)}/change-requests/${cr.id}/content?compat=false`, {
      changes: [{ operation: 'insert_page', into: guide, title: 'Install', document: { markdown: 'Run it.\n' } }],
    });
    expect(child.status).toBe(200);
    expect((await app.post(`${spacePath(space.id)}/change-requests/${cr.id}/merge`)).status).toBe(200);
    return { id: space.id, pages: { welcome: edit.body.changes[0].page.id, guide, install: child.body.changes[0].page.id } };
  }

  const exportTo = (target: TestApp, spaceId: string, url: string, commitMessage = 'Docs from the space') =>
    target.post(`${spacePath(spaceId)}/git/export`, { url, ref: 'refs/heads/main', commitMessage });
  const importFrom = (target: TestApp, spaceId: string, url: string, extra: object = {}) =>
    target.post(`${spacePath(spaceId)}/git/import`, { url, ref: 'refs/heads/main', ...extra });
  const markdownOf = async (spaceId: string, pageId: string) =>
    (await app.get(`${spacePath(spaceId)}/content/page/${pageId}?format=markdown`)).body.markdown;

  it('round trip over file://: export makes one commit by the user, a commit made with git is imported, the page changed', async () => {
    const space = await seededSpace();
    const repo = bareRepository();
    expect((await app.get(`${spacePath(space.id)}/git/info`)).status).toBe(404);

    const exported = await exportTo(app, space.id, repo.url);
    expect(exported.status).toBe(204);
    const clone = cloneOf(repo.dir);
    const owner = (await app.get('/v1/user')).body;
    expect(gitCli(clone, 'log', '--format=%s|%an|%ae', 'main')).toBe(`Docs from the space|${owner.displayName}|${owner.email}`);
    const files = gitCli(clone, 'ls-files').split('\n');
    expect(files).toEqual(expect.arrayContaining(['SUMMARY.md', '.gitbook.yaml']));
    const installFile = files.find((f) => /install/.test(f))!;
    expect(readFileSync(join(clone, installFile), 'utf8')).toContain('Run it.');

    const info = await app.get(`${spacePath(space.id)}/git/info`);
    expect(info.status).toBe(200);
    expectGitbookSchema('GitSyncState', info.body);
    expect(info.body).toMatchObject({ url: repo.url, repoName: 'repo-1', operation: { state: 'success', direction: 'export' } });
    const synced = (await app.get(spacePath(space.id))).body;
    expectGitbookSchema('Space', synced);
    expect(synced.gitSync).toEqual(info.body);
    const revision = (await app.get(`${spacePath(space.id)}/content`)).body;
    expectGitbookSchema('Revision', revision);
    expect(revision.git).toEqual({
      oid: gitCli(clone, 'rev-parse', 'main'),
      message: 'Docs from the space',
      createdByGitBook: true,
      ref: 'refs/heads/main',
    });

    writeFileSync(join(clone, installFile), readFileSync(join(clone, installFile), 'utf8').replace('Run it.', 'Run it twice.'));
    gitCli(clone, 'commit', '-q', '-am', 'Install twice');
    gitCli(clone, 'push', '-q', 'origin', 'main');

    const imported = await importFrom(app, space.id, repo.url);
    expect(imported.status).toBe(204);
    expect(await markdownOf(space.id, space.pages.install)).toContain('Run it twice.');
    expect(await markdownOf(space.id, space.pages.welcome)).toContain('Hello.');
    const after = (await app.get(`${spacePath(space.id)}/git/info`)).body;
    expectGitbookSchema('GitSyncState', after);
    expect(after.operation.direction).toBe('import');

    // Importing then exporting with no change in between makes no commit.
    const head = gitCli(repo.dir, 'rev-parse', 'main');
    expect((await exportTo(app, space.id, repo.url, 'Nothing new')).status).toBe(204);
    expect(gitCli(repo.dir, 'rev-parse', 'main')).toBe(head);
    // Importing the same commit again changes nothing either.
    const live = (await app.get(spacePath(space.id))).body.revision;
    expect((await importFrom(app, space.id, repo.url)).status).toBe(204);
    expect((await app.get(spacePath(space.id))).body.revision).toBe(live);
    expect((await app.get(`${spacePath(space.id)}/content`)).body.git).toMatchObject({ oid: head, createdByGitBook: false });
  });

  it('imports a commit of 2,000 pages, /health answering throughout', async () => {
    const space = await createSpace(app, cast.organizationId, { title: 'Wide commit', empty: true });
    const repo = bareRepository();
    const clone = mkdtempSync(join(root, 'clone-'));
    gitCli(clone, 'init', '-q', '-b', 'main');
    mkdirSync(join(clone, 'pages'));
    for (let i = 0; i < 2000; i++) writeFileSync(join(clone, 'pages', `page-${i}.md`), `# Page ${i}\n\nBody ${i}.\n`);
    gitCli(clone, 'add', '-A');
    gitCli(clone, 'commit', '-q', '-m', 'Two thousand pages');
    gitCli(clone, 'push', '-q', repo.dir, 'main');
    const watched = await watchingHealth(app.url, () => importFrom(app, space.id, repo.url));
    expect(watched.result.status).toBe(204);
    expect(watched.polls).toBeGreaterThan(0);
    expect(watched.maxHeldMs).toBeLessThan(watched.heldLimitMs);
    const pages = (await app.get(`${spacePath(space.id)}/content/pages`)).body.pages;
    expect(pages.flatMap((p: any) => [p, ...(p.pages ?? [])]).length).toBeGreaterThanOrEqual(2000);
  });

  it('a page changed in the space and in the repository since the last sync is a 409 naming it; nothing is overwritten', async () => {
    const space = await seededSpace();
    const repo = bareRepository();
    expect((await exportTo(app, space.id, repo.url)).status).toBe(204);
    const clone = cloneOf(repo.dir);
    const installFile = gitCli(clone, 'ls-files')
      .split('\n')
      .find((f) => /install/.test(f))!;
    writeFileSync(join(clone, installFile), '# Install\n\nFrom git.\n');
    gitCli(clone, 'commit', '-q', '-am', 'From git');
    gitCli(clone, 'push', '-q', 'origin', 'main');

    const cr = (await app.post(`${spacePath(space.id)}/change-requests`, { subject: 'Local edit' })).body;
    await app.post(`${spacePath(space.id)}/change-requests/${cr.id}/content?compat=false`, {
      changes: [{ operation: 'update_page', page: space.pages.install, document: { markdown: 'From the space.\n' } }],
    });
    expect((await app.post(`${spacePath(space.id)}/change-requests/${cr.id}/merge`)).status).toBe(200);

    const res = await importFrom(app, space.id, repo.url);
    expectError(res, 409, /guide\/install/);
    expect(await markdownOf(space.id, space.pages.install)).toBe('From the space.\n');
    // force: true takes the commit.
    expect((await importFrom(app, space.id, repo.url, { force: true })).status).toBe(204);
    expect(await markdownOf(space.id, space.pages.install)).toContain('From git.');
  });

  it('standalone: true imports into a new change request (subject: the commit message); the live content stays', async () => {
    const space = await seededSpace();
    const repo = bareRepository();
    expect((await exportTo(app, space.id, repo.url)).status).toBe(204);
    const clone = cloneOf(repo.dir);
    // The first page is the space's README.md in GitBook's layout.
    const welcomeFile = 'README.md';
    writeFileSync(join(clone, welcomeFile), '# Welcome\n\nProposed in git.\n');
    gitCli(clone, 'commit', '-q', '-am', 'Propose a welcome');
    gitCli(clone, 'push', '-q', 'origin', 'main');

    expect((await importFrom(app, space.id, repo.url, { standalone: true })).status).toBe(204);
    expect(await markdownOf(space.id, space.pages.welcome)).toBe('Hello.\n');
    const crs = (await app.get(`${spacePath(space.id)}/change-requests`)).body.items;
    const proposed = crs.find((cr: any) => cr.subject === 'Propose a welcome');
    const page = await app.get(`${spacePath(space.id)}/change-requests/${proposed.id}/content/page/${space.pages.welcome}?format=markdown`);
    expect(page.body.markdown).toContain('Proposed in git.');
    expect((await app.get(`${spacePath(space.id)}/git/info`)).body.operation.direction).toBe('export');
  });

  it('https-style remotes: git http-backend on 127.0.0.1 with a token in the URL; the token is never stored or shown', async () => {
    const space = await seededSpace();
    const repo = bareRepository();
    const url = `http://${origin}/${repo.name}`;
    const withToken = url.replace('http://', `http://x-access-token:${TOKEN}@`);
    expect((await exportTo(app, space.id, withToken)).status).toBe(204);
    expect(gitCli(repo.dir, 'log', '--format=%s', 'main')).toBe('Docs from the space');
    const info = await app.get(`${spacePath(space.id)}/git/info`);
    expect(info.body.url).toBe(`${url}`);
    expect(JSON.stringify(await app.readStream(`git-sync-${space.id}`))).not.toContain(TOKEN);

    const wrong = await exportTo(app, space.id, url.replace('http://', 'http://x-access-token:not-the-token@'));
    expectError(wrong, 422, /git/);
    expect(JSON.stringify(wrong.body)).not.toContain('not-the-token');
  });

  it('refuses private addresses and file:// outside GIT_SYNC_FILE_ROOTS (422), other schemes (400)', async () => {
    const sharedCast = await contentCast(shared, 'git-sync-refused');
    const space = await createSpace(shared, sharedCast.organizationId, { title: 'Refused' });
    expectError(await exportTo(shared, space.id, `http://${origin}/repo-1.git`), 422, /refused: 127\.0\.0\.1 is a loopback address/);
    expectError(await exportTo(shared, space.id, 'https://10.1.2.3/team/docs.git'), 422, /private address/);
    expectError(await importFrom(shared, space.id, `file://${root}/repo-1.git`), 422, /GIT_SYNC_FILE_ROOTS/);
    expectError(await importFrom(shared, space.id, 'ext::sh -c touch% /tmp/pwned'), 400, /url/);
  });
});
