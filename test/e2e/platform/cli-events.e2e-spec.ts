import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { loadConfig, openStores, Stores, UpcasterRegistry } from '@docs/platform';
import { ensureHost, jsonLines, requireBuild, runCli, startServer, stopProcess } from '../support/processes';

const ROOT = join(__dirname, '..', '..', '..');

/** Followers still running when a test ends (it failed before they stopped by themselves): killed after it. */
const followers = new Set<ChildProcess>();
afterEach(() => {
  for (const child of followers) child.kill('SIGKILL');
  followers.clear();
});

/** The built CLI as a long-running child (`events read --follow`): its JSON lines as they come. */
function spawnCli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['-r', 'tsconfig-paths/register', join(ROOT, 'dist', 'apps', 'cli', 'main.js'), ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      TS_NODE_BASEURL: join(ROOT, 'dist'),
      TS_NODE_PROJECT: join(ROOT, 'tsconfig.json'),
      LOG_LEVEL: 'warn',
      EVENTSTORE_URL: '',
      ...env,
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  followers.add(child);
  void exited.then(() => followers.delete(child));
  return { child, exited, lines: () => jsonLines(stdout), stderr: () => stderr };
}

/**
 * Waits until `ok(read())`: for as long as the machine takes (a busy one is slower, never red).
 * The deadline is only a guard against a hang, below jest's own, so a failure shows the last value.
 */
async function eventually<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, guardMs = 240_000): Promise<T> {
  const deadline = Date.now() + guardMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met in ${guardMs / 1000} s; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('operator CLI: event filters, --follow, projections pause/resume/reset (built binary)', () => {
  let dataDir: string;
  let env: Record<string, string>;
  const cli = (...args: string[]) => runCli(args, env);
  const read = (...args: string[]) => {
    const result = cli('events', 'read', ...args);
    expect(result.code).toBe(0);
    return jsonLines(result.stdout);
  };
  const operator = `cli:${userInfo().username}@${hostname()}`;

  beforeAll(async () => {
    // Commands run in this worker's e2e host (test/e2e/support/processes.ts, runCli); runBinary starts the binary.
    await ensureHost();
    requireBuild();
    dataDir = mkdtempSync(join(tmpdir(), 'docs-cli-events-'));
    env = { DATA_DIR: dataDir };
    for (const email of ['alice@acme.test', 'bob@acme.test']) expect(cli('tokens', 'create', '--email', email).code).toBe(0);
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  describe('events read filters', () => {
    it('filters by type (repeatable or comma-separated), with --backwards, --limit and --stream', () => {
      const all = read('--all');
      expect(all.map((e) => e.type)).toEqual(['UserRegistered', 'ApiTokenIssued', 'UserRegistered', 'ApiTokenIssued']);
      expect(read('--all', '--type', 'ApiTokenIssued').map((e) => e.position)).toEqual([all[1].position, all[3].position]);
      expect(read('--all', '--type', 'ApiTokenIssued', '--type', 'UserRegistered')).toHaveLength(4);
      expect(read('--all', '--type', 'UserRegistered,ApiTokenIssued', '--backwards', '--limit', '3').map((e) => e.position)).toEqual(
        [all[3], all[2], all[1]].map((e) => e.position),
      );
      // --limit counts the events that pass the filters, wherever they are in the log.
      expect(read('--all', '--type', 'ApiTokenIssued', '--limit', '1').map((e) => e.position)).toEqual([all[1].position]);
      expect(read('--all', '--type', 'ApiTokenIssued', '--from', all[1].position).map((e) => e.position)).toEqual([all[3].position]);
      expect(read('--stream', all[2].stream, '--type', 'ApiTokenIssued').map((e) => e.position)).toEqual([all[3].position]);
      // An unknown type is a mistake, not a filter that matches nothing.
      const unknown = cli('events', 'read', '--all', '--type', 'ApiTokenIssued,ApiTokenIsued');
      expect(unknown).toMatchObject({ code: 2, stdout: '' });
      expect(unknown.stderr).toMatch(
        /--type: unknown event type ApiTokenIsued \(did you mean ApiTokenIssued\?\); `events types` lists the \d+ known types/,
      );
    });

    it('filters by correlation id and actor', () => {
      const all = read('--all');
      const correlation = all[2].metadata.correlationId;
      expect(read('--all', '--correlation', correlation).map((e) => e.stream)).toEqual([all[2].stream, all[3].stream]);
      expect(read('--all', '--correlation', 'nosuch')).toEqual([]);
      expect(read('--all', '--actor', operator)).toHaveLength(4);
      expect(read('--all', '--actor', 'someone-else')).toEqual([]);
      expect(read('--all', '--actor', operator, '--correlation', correlation, '--type', 'UserRegistered').map((e) => e.position)).toEqual([
        all[2].position,
      ]);
    });

    it('filters by time (--since inclusive, --until exclusive) and refuses a malformed time', () => {
      const all = read('--all');
      const at = all[2].metadata.occurredAt as string;
      const since = read('--all', '--since', at);
      expect(since.length).toBeGreaterThanOrEqual(2);
      expect(since.every((e) => e.metadata.occurredAt >= at)).toBe(true);
      expect(read('--all', '--until', at).every((e) => e.metadata.occurredAt < at)).toBe(true);
      expect(read('--all', '--since', '2000-01-01', '--until', '2000-01-02')).toEqual([]);
      expect(read('--all', '--since', '2000-01-01')).toHaveLength(4);
      const bad = cli('events', 'read', '--all', '--since', 'yesterday');
      expect(bad.code).toBe(2);
      expect(bad.stderr).toContain("option '--since <time>' argument 'yesterday' is invalid");
      expect(cli('events', 'read', '--all', '--follow', '--backwards').code).toBe(2);
    });
  });

  describe('events read --follow', () => {
    it('prints events appended by another command as they come, filtered, until interrupted (exit 0)', async () => {
      const head = read('--all', '--backwards', '--limit', '1')[0].position;
      const follower = spawnCli(
        ['events', 'read', '--all', '--follow', '--from', head, '--type', 'ApiTokenIssued', '--poll-interval', '100'],
        env,
      );
      try {
        // It says when it is ready, and after which position it prints.
        await eventually(follower.stderr, (text) => text.includes('ready:'));
        expect(follower.stderr()).toContain(
          `ready: following the log after position ${head}; new events are printed as they are appended (Ctrl-C to stop)`,
        );
        const created = JSON.parse(cli('tokens', 'create', '--email', 'carol@acme.test').stdout);
        const lines = await eventually(follower.lines, (l) => l.length >= 1);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatchObject({ type: 'ApiTokenIssued', stream: `user-${created.userId}`, metadata: { actor: operator } });
        // Still following: the next append shows too.
        cli('tokens', 'create', '--email', 'carol@acme.test', '--name', 'second');
        await eventually(follower.lines, (l) => l.length >= 2);
        expect(follower.lines().map((e) => e.type)).toEqual(['ApiTokenIssued', 'ApiTokenIssued']);
      } finally {
        follower.child.kill('SIGINT');
      }
      expect(await follower.exited).toBe(0);
    });

    it('follows one stream after its events so far, and stops by itself at --limit', async () => {
      const stream = read('--all', '--type', 'UserRegistered')[0].stream;
      const follower = spawnCli(['events', 'read', '--stream', stream, '--follow', '--limit', '3', '--poll-interval', '100'], env);
      await eventually(follower.lines, (l) => l.length >= 2);
      const last = follower.lines()[1].position as string;
      await eventually(follower.stderr, (text) => text.includes(`ready: following stream ${stream} after position ${last};`));
      const email = read('--stream', stream)[0].data.email as string;
      cli('tokens', 'create', '--email', 'dave@acme.test'); // another stream: not printed
      cli('tokens', 'create', '--email', email, '--name', 'again');
      expect(await follower.exited).toBe(0);
      const lines = follower.lines();
      expect(lines.map((e) => e.type)).toEqual(['UserRegistered', 'ApiTokenIssued', 'ApiTokenIssued']);
      expect(lines.every((e) => e.stream === stream)).toBe(true);
    });
  });

  describe('projections pause, resume and reset with a running server', () => {
    const status = (name: string) => jsonLines(cli('projections', 'status').stdout).find((s) => s.name === name);

    // At level info the server says when it reads a pause: what the test waits for.
    const startLogging = () => startServer({ ...env, LOG_LEVEL: 'info' });

    it('pauses a projection (kept across a restart), resumes it, resets it, and status says why it lags', async () => {
      let server = await startLogging();
      try {
        await eventually(
          () => status('users'),
          (s) => s?.lag === 0,
        );
        expect(status('users')).toMatchObject({ status: 'running', why: 'up to date' });

        const paused = cli('projections', 'pause', 'users');
        expect(paused.code).toBe(0);
        expect(jsonLines(paused.stdout)).toEqual([
          { projection: 'users', status: 'paused', was: 'running', checkpoint: expect.stringMatching(/^\d+$/) },
        ]);
        // The running server reads the pause at its next look at the stored states, and says so.
        const running = server;
        await eventually(running.output, (output) => output.includes('projection users: paused at checkpoint'));
        cli('tokens', 'create', '--email', 'erin@acme.test');
        // Other projections carry on: once they have the new events, the paused one has had its chance to apply them.
        await eventually(
          () => status('audit'),
          (s) => s.lag === 0,
        );
        const stalled = status('users');
        expect(stalled).toMatchObject({ status: 'paused', lag: 2, checkpoint: paused.stdout && jsonLines(paused.stdout)[0].checkpoint });
        expect(stalled.why).toBe('paused: applies nothing until `projections resume users` (2 events waiting)');

        await stopProcess(server.child);
        server = await startLogging();
        const restarted = server;
        await eventually(restarted.output, (output) =>
          /projection users: paused at checkpoint \d+ \(projections resume users\)/.test(output),
        );
        expect(status('users')).toMatchObject({ status: 'paused', lag: 2 });

        const resumed = cli('projections', 'resume', 'users');
        expect(jsonLines(resumed.stdout)).toEqual([
          { projection: 'users', status: 'running', was: 'paused', checkpoint: stalled.checkpoint },
        ]);
        await eventually(
          () => status('users'),
          (s) => s.lag === 0 && s.status === 'running',
        );
        expect(jsonLines(cli('users', 'list').stdout).map((u) => u.email)).toContain('erin@acme.test');

        const generation = status('users').generation;
        const reset = cli('projections', 'reset', 'users');
        expect(reset.code).toBe(0);
        expect(jsonLines(reset.stdout)).toEqual([
          { projection: 'users', generation: generation + 1, previous: generation, status: 'running' },
        ]);
        expect(reset.stderr).toContain(`users: reset to generation ${generation + 1} with no checkpoint`);
        expect(reset.stderr).toContain(`users: dropped generation ${generation}`);
        // The running server rebuilds it from the start, with no new event to wake it.
        const rebuilt = await eventually(
          () => status('users'),
          (s) => s.lag === 0 && s.checkpoint !== null,
        );
        expect(rebuilt).toMatchObject({ generation: generation + 1, status: 'running', why: 'up to date' });
        expect(jsonLines(cli('users', 'list').stdout).map((u) => u.email)).toContain('erin@acme.test');
      } finally {
        await stopProcess(server.child);
      }
    });

    it('refuses unknown names, names with --all, and a missing name', () => {
      expect(cli('projections', 'pause', 'nope')).toMatchObject({ code: 1, stdout: '' });
      expect(cli('projections', 'pause', 'users', '--all').code).toBe(2);
      expect(cli('projections', 'resume').code).toBe(2);
      expect(cli('projections', 'reset').code).toBe(2);
      expect(cli('projections', 'reset', 'users', 'organizations').code).toBe(2);
    });
  });
});

describe('events read --space, events types (built binary)', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let stores: Stores;
  const read = (...args: string[]) => {
    const result = runCli(['events', 'read', ...args], env);
    expect(result.code).toBe(0);
    return jsonLines(result.stdout);
  };

  beforeAll(async () => {
    requireBuild();
    dataDir = mkdtempSync(join(tmpdir(), 'docs-cli-space-'));
    env = { DATA_DIR: dataDir };
    // A log about two spaces, written directly (no server runs on it, so no projection reads these).
    stores = await openStores(loadConfig({ DATA_DIR: dataDir }), new UpcasterRegistry());
    const metadata = { schemaVersion: 1, actor: 'u1', correlationId: 'c1', causationId: null, occurredAt: new Date().toISOString() };
    const append = (stream: string, type: string, data: Record<string, unknown>) =>
      stores.events.append(stream, [{ type, data, metadata }], 'any');
    await append('space-s1', 'SpaceCreated', { spaceId: 's1', organizationId: 'o1', title: 'One' });
    await append('space-s2', 'SpaceCreated', { spaceId: 's2', organizationId: 'o1', title: 'Two' });
    await append('changeRequest-cr1', 'ChangeRequestCreated', { changeRequestId: 'cr1', spaceId: 's1', organizationId: 'o1' });
    await append('changeRequest-cr2', 'ChangeRequestCreated', { changeRequestId: 'cr2', spaceId: 's2', organizationId: 'o1' });
    await append('comment-k1', 'CommentPosted', { commentId: 'k1', spaceId: 's1', markdown: 'hi' });
    await append('organization-o1', 'OrganizationSettingsChanged', { organizationId: 'o1', changes: { title: 's1' } });
    await append('space-s1', 'SpaceUpdated', { spaceId: 's1', organizationId: 'o1', changes: { title: 'Uno' } });
  });
  afterAll(async () => {
    await stores.events.close();
    await stores.readStore.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("reads the space's events and every event whose data names it, from any stream, with the other options", () => {
    const s1 = read('--space', 's1');
    expect(s1.map((e) => [e.stream, e.type])).toEqual([
      ['space-s1', 'SpaceCreated'],
      ['changeRequest-cr1', 'ChangeRequestCreated'],
      ['comment-k1', 'CommentPosted'],
      ['space-s1', 'SpaceUpdated'],
    ]);
    expect(read('--space', 's1', '--type', 'CommentPosted,SpaceUpdated', '--backwards', '--limit', '1').map((e) => e.type)).toEqual([
      'SpaceUpdated',
    ]);
    expect(read('--space', 's1', '--from', s1[1].position).map((e) => e.position)).toEqual([s1[2].position, s1[3].position]);
    expect(read('--all', '--space', 's2').map((e) => e.stream)).toEqual(['space-s2', 'changeRequest-cr2']);
    expect(runCli(['events', 'read', '--space', 'nosuch'], env)).toMatchObject({ code: 0, stdout: '' });
    expect(runCli(['events', 'read', '--space', 's1', '--stream', 'space-s1'], env).code).toBe(2);
  });

  it('follows a space: says when it is ready and prints only its new events', async () => {
    const follower = spawnCli(['events', 'read', '--space', 's2', '--follow', '--limit', '1', '--poll-interval', '100'], env);
    const head = read('--all', '--backwards', '--limit', '1')[0].position;
    await eventually(follower.stderr, (text) => text.includes('ready:'));
    expect(follower.stderr()).toContain(`ready: following the events of space s2 after position ${head};`);
    const metadata = { schemaVersion: 1, actor: 'u1', correlationId: 'c2', causationId: null, occurredAt: new Date().toISOString() };
    await stores.events.append(
      'comment-k9',
      [{ type: 'CommentPosted', data: { commentId: 'k9', spaceId: 's1', markdown: 'elsewhere' }, metadata }],
      'any',
    );
    await stores.events.append(
      'comment-k2',
      [{ type: 'CommentPosted', data: { commentId: 'k2', spaceId: 's2', markdown: 'here' }, metadata }],
      'any',
    );
    expect(await follower.exited).toBe(0);
    expect(follower.lines().map((e) => e.stream)).toEqual(['comment-k2']);
  });

  it('lists the known event types, with their audit label and projections', () => {
    const result = runCli(['events', 'types'], env);
    expect(result.code).toBe(0);
    const types = jsonLines(result.stdout);
    expect(types.length).toBeGreaterThan(50);
    expect(types).toContainEqual({ type: 'SpaceCreated', audit: 'Space created', projections: expect.arrayContaining(['spaces']) });
    expect(types).toContainEqual({ type: 'ChangeRequestNumberAllocated', audit: null, projections: [] });
  });
});
