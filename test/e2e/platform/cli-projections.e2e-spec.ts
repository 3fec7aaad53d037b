import { ChildProcess, spawn } from 'node:child_process';
import { request } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteEventStore } from '../../../libs/platform/src/event-store/sqlite-event-store';
import { ensureHost, jsonLines, requireBuild, runCli, startServer, stopProcess } from '../support/processes';

const ROOT = join(__dirname, '..', '..', '..');
const TOKEN = `gb_api_${'p'.repeat(40)}`;

/** The built CLI without blocking this process (a writer keeps writing meanwhile). */
function runCliAsync(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['-r', 'tsconfig-paths/register', join(ROOT, 'dist', 'apps', 'cli', 'main.js'), ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      TS_NODE_BASEURL: join(ROOT, 'dist'),
      TS_NODE_PROJECT: join(ROOT, 'tsconfig.json'),
      LOG_LEVEL: 'warn',
      EVENTSTORE_URL: '',
      MONGO_URL: '',
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })));
}

/**
 * One request on a connection of its own (`Connection: close`): the suite idles for long stretches
 * while the CLI runs, and a pooled keep-alive connection may be closed by the server meanwhile.
 */
function send(
  method: string,
  url: string,
  headers: Record<string, string> = {},
  body?: unknown,
): Promise<{ status: number; json: () => any }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = request(
      url,
      { method, agent: false, headers: { ...headers, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: () => JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The read store's tables of projection collections, as the CLI would not show them: straight from the file. */
function collectionTables(dataDir: string): string[] {
  const db = new Database(join(dataDir, 'read-models.sqlite'), { readonly: true });
  try {
    return db
      .prepare("SELECT substr(name, 4) FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 3) = 'rm_' ORDER BY name")
      .pluck()
      .all() as string[];
  } finally {
    db.close();
  }
}

/**
 * Operating projections with the built server and CLI on one DATA_DIR: a poisoned projection parks
 * the event and the server still listens after a restart; `projections parked`, `retry`,
 * `leftovers` and `drop-leftovers`; `projections replay --all` while a writer writes beside it.
 */
describe('operator CLI: parked events, leftovers, replays under load (built binaries)', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let server: { child: ChildProcess; url: string; output: () => string } | null = null;
  const cli = (...args: string[]) => runCli(args, env);
  const http = (method: string, path: string, body?: unknown) =>
    send(method, `${server!.url}${path}`, { authorization: `Bearer ${TOKEN}` }, body);
  const get = (path: string) => send('GET', `${server!.url}${path}`);

  beforeAll(async () => {
    // Commands run in this worker's e2e host (test/e2e/support/processes.ts, runCli); runBinary starts the binary.
    await ensureHost();
    requireBuild();
    dataDir = mkdtempSync(join(tmpdir(), 'docs-cli-projections-'));
    env = { DATA_DIR: dataDir };
    server = await startServer({ DATA_DIR: dataDir, DOCS_BOOTSTRAP_TOKEN: TOKEN });
    expect((await http('POST', '/v1/orgs', { title: 'Before the poison' })).status).toBe(201);
    await stopProcess(server.child);
    server = null;
  });
  afterAll(async () => {
    if (server) await stopProcess(server.child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('parks a poison event, keeps listening across a restart, and lists and retries it', async () => {
    // An event the users projection cannot apply (its data is not an object), appended as the log holds it.
    const events = new SqliteEventStore({ file: join(dataDir, 'events.sqlite') });
    const meta = { schemaVersion: 1, actor: 'system', correlationId: 'poison', causationId: null, occurredAt: new Date().toISOString() };
    const { position } = await events.append('user-poison', [{ type: 'UserRegistered', data: null as never, metadata: meta }], 'any');
    await events.close();

    // startServer resolves once /health answers: the poison event never keeps it from listening.
    server = await startServer({ DATA_DIR: dataDir });
    expect((await get('/health')).status).toBe(200);
    const ready = await get('/ready');
    expect(ready.status).toBe(200);
    const body = ready.json();
    expect(body).toMatchObject({ status: 'ready', parked: expect.any(Number) });
    const users = body.projections.find((p: { name: string }) => p.name === 'users');
    expect(users).toMatchObject({ status: 'running', parked: 1, checkpoint: expect.any(String) });
    expect(BigInt(users.checkpoint)).toBeGreaterThanOrEqual(position);
    expect(body.warnings).toContain('projection users has 1 parked event (`projections parked users` lists them)');
    expect(server.output()).toMatch(/projection users parked event UserRegistered \S+ at position \d+ \(stream user-poison\)/);

    // Everyone else goes on: writes are answered from the read models as before.
    const created = await http('POST', '/v1/orgs', { title: 'After the poison' });
    expect(created.status).toBe(201);
    const { id } = created.json();
    expect((await http('GET', `/v1/orgs/${id}`)).status).toBe(200);

    const parked = jsonLines(cli('projections', 'parked', 'users').stdout);
    expect(parked).toEqual([
      expect.objectContaining({
        projection: 'users',
        type: 'UserRegistered',
        stream: 'user-poison',
        position: String(position),
        attempts: 1,
        error: expect.any(String),
      }),
    ]);
    const all = jsonLines(cli('projections', 'parked').stdout);
    expect(all.map((p) => p.projection)).toContain('users');
    expect(jsonLines(cli('projections', 'list').stdout).find((p) => p.name === 'users')).toMatchObject({ parked: 1 });
    const status = jsonLines(cli('projections', 'status').stdout).find((p) => p.name === 'users');
    expect(status).toMatchObject({
      status: 'running',
      parked: 1,
      why: expect.stringContaining('1 event parked (`projections parked users`'),
    });

    // No fix yet: it still fails, stays parked with the new attempt, exit code 1.
    const retry = cli('projections', 'retry', 'users');
    expect(retry.code).toBe(1);
    expect(jsonLines(retry.stdout)).toEqual([expect.objectContaining({ eventId: parked[0].eventId, result: 'failed', attempts: 2 })]);
    expect(retry.stderr).toContain('users: 0 applied and no longer parked, 1 still parked');
    expect(jsonLines(cli('projections', 'parked', 'users').stdout)[0]).toMatchObject({ attempts: 2 });
    const unknown = cli('projections', 'retry', 'users', '--event', 'nosuch');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('event nosuch is not parked by users');
    expect(cli('projections', 'retry').code).toBe(2);

    // A restart changes nothing: still listening, still parked once.
    await stopProcess(server.child);
    server = await startServer({ DATA_DIR: dataDir });
    const again = (await get('/ready')).json();
    expect(again.projections.find((p: { name: string }) => p.name === 'users')).toMatchObject({ parked: 1 });
  });

  it('replays every projection while a writer writes beside it, and leaves no old generation behind', async () => {
    expect(server).not.toBeNull();
    const before = collectionTables(dataDir);
    let writing = true;
    const answers: number[] = [];
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        answers.push((await http('POST', '/v1/orgs', { title: `Written during the replay ${i}` })).status);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    let replay: Awaited<ReturnType<typeof runCliAsync>>;
    try {
      replay = await runCliAsync(['projections', 'replay', '--all'], env);
    } finally {
      writing = false;
      await writer;
    }
    expect(replay.stderr).not.toContain('error:');
    expect(replay.code).toBe(0);
    const reports = jsonLines(replay.stdout);
    expect(reports.length).toBeGreaterThan(10);
    for (const r of reports) expect(r).toMatchObject({ generation: 1 });
    // The poison event is parked again in the users projection's new generation.
    expect(reports.find((r) => r.projection === 'users')).toMatchObject({ parked: 1 });
    expect(answers.length).toBeGreaterThan(20);
    expect(answers.filter((s) => s !== 201)).toEqual([]);

    // Every projection's collections now exist once, in generation 1, and nothing else is left.
    const after = collectionTables(dataDir);
    expect(after.length).toBe(before.length);
    // A projection's collection is named by its version and generation (none in generation 0).
    const owned = /_v\d+(_g\d+)?$/;
    const projected = (names: string[]) => names.filter((name) => owned.test(name));
    for (const name of projected(after)) expect(name).toMatch(/_v\d+_g1$/);
    // Collections no projection owns (the webhook delivery log, docs/webhooks.md) are not replayed: the same ones stay.
    const unowned = (names: string[]) => names.filter((name) => !owned.test(name));
    expect(unowned(after)).toEqual(unowned(before));
    expect(cli('projections', 'leftovers').stdout).toBe('');
    const ready = (await get('/ready')).json();
    expect(ready.projections.find((p: { name: string }) => p.name === 'users')).toMatchObject({ parked: 1 });
  }, 300_000);

  it('lists leftovers and drops them, keeping every generation in use', async () => {
    // What a replay killed during its wait leaves: the generation it replaced.
    const db = new Database(join(dataDir, 'read-models.sqlite'));
    db.pragma('busy_timeout = 5000');
    db.exec('CREATE TABLE "rm_users_v2" (id TEXT PRIMARY KEY, doc TEXT NOT NULL)');
    db.exec('CREATE TABLE "rm_organizations_v3" (id TEXT PRIMARY KEY, doc TEXT NOT NULL)');
    db.close();
    const listed = cli('projections', 'leftovers');
    expect(listed.code).toBe(0);
    expect(jsonLines(listed.stdout).map((l) => [l.kind, l.name, l.projection, l.generation])).toEqual([
      ['collection', 'organizations_v3', 'organizations', 0],
      ['collection', 'users_v2', 'users', 0],
    ]);
    expect(listed.stderr).toContain('2 leftovers: `projections drop-leftovers` drops them');
    const dropped = cli('projections', 'drop-leftovers');
    expect(dropped.code).toBe(0);
    expect(jsonLines(dropped.stdout).map((l) => l.name)).toEqual(['organizations_v3', 'users_v2']);
    expect(cli('projections', 'leftovers').stdout).toBe('');
    expect(collectionTables(dataDir)).not.toContain('users_v2');
    // The server still reads its generation.
    expect((await http('GET', '/v1/user')).status).toBe(200);
  });
});
