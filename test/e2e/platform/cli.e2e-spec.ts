import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { ensureHost, jsonLines, requireBuild, runBinary, runCli } from '../support/processes';

/**
 * The operator CLI as operators run it: the built binary (`dist/apps/cli/main.js`, as `npm run cli`
 * does) on a temporary DATA_DIR, its stdout piped (so results come as JSON lines).
 */
describe('operator CLI (built binary)', () => {
  let dataDir: string;
  let env: Record<string, string>;
  const cli = (...args: string[]) => runCli(args, env);
  const operator = `cli:${userInfo().username}@${hostname()}`;

  beforeAll(async () => {
    // Commands run in this worker's e2e host (test/e2e/support/processes.ts, runCli); runBinary starts the binary.
    await ensureHost();
    requireBuild();
    dataDir = mkdtempSync(join(tmpdir(), 'docs-cli-'));
    env = { DATA_DIR: dataDir };
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  describe('the binary (dist/apps/cli/main.js) as a process', () => {
    it('prints help with exit code 0, a usage error with exit code 2, results as JSON lines on a pipe', () => {
      const env = { DATA_DIR: mkdtempSync(join(tmpdir(), 'docs-cli-binary-')) };
      const help = runBinary(['--help'], env);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('Usage: npm run -s cli -- [options] [command]');
      const unknown = runBinary(['frobnicate'], env);
      expect(unknown).toMatchObject({ code: 2, stdout: '' });
      expect(unknown.stderr).toContain("unknown command 'frobnicate'");
      const created = runBinary(['tokens', 'create', '--email', 'binary@acme.test'], env);
      expect(created.code).toBe(0);
      expect(JSON.parse(created.stdout)).toMatchObject({ userId: expect.any(String), token: expect.any(String) });
      const read = runBinary(['events', 'read', '--all'], env);
      expect(read.code).toBe(0);
      expect(jsonLines(read.stdout).map((e) => e.type)).toEqual(expect.arrayContaining(['UserRegistered', 'ApiTokenIssued']));
      const missing = runBinary(['events', 'read', '--stream', 'user-nosuchuser'], env);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toMatch(/user-nosuchuser/);
      rmSync(env.DATA_DIR, { recursive: true, force: true });
    });
  });

  describe('help and usage errors', () => {
    it.each([
      [[], 'npm run -s cli -- [options] [command]'],
      [['tokens'], 'npm run -s cli -- tokens [options] [command]'],
      [['tokens', 'create'], 'npm run -s cli -- tokens create [options]'],
      [['users'], 'npm run -s cli -- users [options] [command]'],
      [['users', 'list'], 'npm run -s cli -- users list [options]'],
      [['projections'], 'npm run -s cli -- projections [options] [command]'],
      [['projections', 'list'], 'npm run -s cli -- projections list [options]'],
      [['projections', 'status'], 'npm run -s cli -- projections status [options]'],
      [['projections', 'replay'], 'npm run -s cli -- projections replay [options] [names...]'],
      [['projections', 'pause'], 'npm run -s cli -- projections pause [options] [names...]'],
      [['projections', 'resume'], 'npm run -s cli -- projections resume [options] [names...]'],
      [['projections', 'reset'], 'npm run -s cli -- projections reset [options] <name>'],
      [['projections', 'parked'], 'npm run -s cli -- projections parked [options] [name]'],
      [['projections', 'retry'], 'npm run -s cli -- projections retry [options] <name>'],
      [['projections', 'leftovers'], 'npm run -s cli -- projections leftovers [options]'],
      [['projections', 'drop-leftovers'], 'npm run -s cli -- projections drop-leftovers [options]'],
      [['events'], 'npm run -s cli -- events [options] [command]'],
      [['events', 'read'], 'npm run -s cli -- events read [options]'],
      [['events', 'streams'], 'npm run -s cli -- events streams [options]'],
      [['events', 'types'], 'npm run -s cli -- events types [options]'],
    ])('%j --help prints its own usage, options and an example', (path, usage) => {
      const result = cli(...path, '--help');
      expect(result.code).toBe(0);
      expect(result.stdout).toContain(`Usage: ${usage}`);
      expect(result.stdout).toMatch(/\nOptions:\n {2}/);
      expect(result.stdout).toMatch(/\nExamples?:\n {2}\$ npm run -s cli -- /);
      // The example runs this very command.
      if (path.length > 0) expect(result.stdout).toContain(`$ npm run -s cli -- ${path[0]}`);
      // `help <command...>` prints the same.
      const viaHelp = cli('help', ...path);
      expect(viaHelp.code).toBe(0);
      expect(viaHelp.stdout).toBe(result.stdout);
    });

    it('lists the options of a command in its help', () => {
      const read = cli('events', 'read', '--help').stdout;
      for (const option of [
        '--stream <stream>',
        '--all',
        '--space <spaceId>',
        '--from <position>',
        '--limit <n>',
        '--backwards',
        '--json',
        '--table',
        '--type <type>',
        '--correlation <id>',
        '--actor <id>',
        '--since <time>',
        '--until <time>',
        '--follow',
        '--poll-interval <ms>',
      ]) {
        expect(read).toContain(option);
      }
      expect(cli('projections', 'replay', '-h').stdout).toContain('--all');
    });

    it.each([
      [['events', 'read', '--bogus'], '--bogus'],
      [['--frobnicate', 'projections', 'list'], '--frobnicate'],
      [['projections', 'list', '--limit', '3'], '--limit'],
      [['tokens', 'create', '--email', 'x@acme.test', '--expires', '1d'], '--expires'],
    ])('%j: an unknown option is an error naming it, exit code 2', (args, option) => {
      const result = cli(...args);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`error: unknown option '${option}'`);
      expect(result.stderr).toContain('--help');
      expect(result.stdout).toBe('');
    });

    it('rejects unknown commands, missing arguments and bad values with exit code 2', () => {
      const unknown = cli('frobnicate');
      expect(unknown).toMatchObject({ code: 2, stdout: '' });
      expect(unknown.stderr).toContain("unknown command 'frobnicate'");
      const noEmail = cli('tokens', 'create');
      expect(noEmail.code).toBe(2);
      expect(noEmail.stderr).toContain("required option '--email <email>' not specified");
      expect(cli('events', 'read').stderr).toContain('needs --stream <stream>, --all or --space <spaceId>');
      expect(cli('events', 'read', '--stream', 's', '--from', '3').stderr).toContain('--from applies to --all and --space');
      const notAnEmail = cli('tokens', 'create', '--email', 'notanemail');
      expect(notAnEmail).toMatchObject({ code: 2, stdout: '' });
      expect(notAnEmail.stderr).toContain('--email: "notanemail" is not an e-mail address');
      expect(cli('events', 'read', '--all', '--limit', '0').code).toBe(2);
      expect(cli('events', 'read', '--all', '--from', 'abc').stderr).toContain("option '--from <position>' argument 'abc' is invalid");
      expect(cli('events', 'read', '--stream', 's', '--all').code).toBe(2);
      expect(cli('--json', '--table', 'projections', 'list').code).toBe(2);
      // A group without its subcommand prints the group's usage on stderr.
      const group = cli('projections');
      expect(group.code).toBe(2);
      expect(group.stderr).toContain('Usage: npm run -s cli -- projections');
    });
  });

  describe('on a log', () => {
    let issued: { userId: string; tokenId: string; token: string }[];

    beforeAll(() => {
      issued = ['alice@acme.test', 'bob@acme.test'].map((email) => {
        const result = cli('tokens', 'create', '--email', email, '--name', 'laptop');
        expect(result.code).toBe(0);
        // Piped: exactly one JSON line on stdout, the note on stderr.
        expect(result.stdout.trim().split('\n')).toHaveLength(1);
        expect(result.stderr).toContain('shown once');
        return JSON.parse(result.stdout);
      });
    });

    it('records the operator (cli:<os user>@<host>) as the actor of the events it writes', () => {
      const stream = jsonLines(cli('events', 'read', '--stream', `user-${issued[0]!.userId}`).stdout);
      expect(stream.map((e) => e.type)).toEqual(['UserRegistered', 'ApiTokenIssued']);
      for (const e of stream) {
        expect(e.metadata.actor).toBe(operator);
        expect(e.metadata.correlationId).toMatch(/^cli-/);
      }
      expect(operator).toMatch(/^cli:[^@\s]+@[^@\s]+$/);
    });

    it('says that an unknown stream does not exist, with exit code 1', () => {
      const result = cli('events', 'read', '--stream', 'nosuch');
      expect(result.code).toBe(1);
      expect(result.stderr).toContain('stream nosuch does not exist');
      expect(result.stdout).toBe('');
    });

    it('reads newest first with --backwards, a stream or the global log', () => {
      const forwards = jsonLines(cli('events', 'read', '--all').stdout);
      expect(forwards).toHaveLength(4);
      const backwards = jsonLines(cli('events', 'read', '--all', '--backwards').stdout);
      expect(backwards.map((e) => e.position)).toEqual([...forwards].reverse().map((e) => e.position));
      // --from P with --backwards: strictly before P; --limit caps the count.
      const before = jsonLines(cli('events', 'read', '--all', '--backwards', '--from', forwards[3].position, '--limit', '2').stdout);
      expect(before.map((e) => e.position)).toEqual([forwards[2].position, forwards[1].position]);
      const stream = `user-${issued[1]!.userId}`;
      const newestFirst = jsonLines(cli('events', 'read', '--stream', stream, '--backwards').stdout);
      expect(newestFirst.map((e) => e.type)).toEqual(['ApiTokenIssued', 'UserRegistered']);
      expect(newestFirst.map((e) => e.revision)).toEqual(['1', '0']);
    });

    it('lists streams by category with counts', () => {
      const categories = cli('events', 'streams');
      expect(categories.code).toBe(0);
      expect(jsonLines(categories.stdout)).toEqual([{ category: 'user', streams: 2, events: 4 }]);
      const users = jsonLines(cli('events', 'streams', '--category', 'user').stdout);
      expect(users).toEqual(
        expect.arrayContaining(
          issued.map((i) => ({ stream: `user-${i.userId}`, category: 'user', events: 2, lastPosition: expect.stringMatching(/^\d+$/) })),
        ),
      );
      expect(users).toHaveLength(2);
      expect(cli('events', 'streams', '--category', 'nosuch').stdout).toBe('');
    });

    it('prints JSON lines when piped or with --json, a table with --table', () => {
      for (const args of [
        ['projections', 'list'],
        ['projections', 'list', '--json'],
        ['--json', 'events', 'streams'],
        ['events', 'read', '--all'],
      ]) {
        const result = cli(...args);
        expect(result.code).toBe(0);
        const lines = result.stdout.trim().split('\n');
        expect(lines.length).toBeGreaterThan(0);
        for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
      }
      const table = cli('events', 'streams', '--table').stdout.split('\n');
      expect(table[0]).toMatch(/^CATEGORY\s+STREAMS\s+EVENTS$/);
      expect(table[1]).toMatch(/^-+\s+-+\s+-+$/);
      expect(table[2]).toMatch(/^user\s+2\s+4$/);
    });

    it('replays every projection with --all, then two named ones, with progress and the swap and drop said', () => {
      const names = jsonLines(cli('projections', 'list').stdout).map((p) => p.name);
      expect(names).toEqual(expect.arrayContaining(['users', 'organizations']));

      const all = cli('projections', 'replay', '--all');
      expect(all.code).toBe(0);
      const reports = jsonLines(all.stdout);
      expect(reports.map((r) => r.projection)).toEqual(names);
      for (const r of reports) expect(r).toMatchObject({ generation: 0, events: 4, checkpoint: expect.stringMatching(/^\d+$/) });
      // Not a terminal: progress lines (events/s, ETA), then the swap; nothing dropped on a first build.
      expect(all.stderr).toMatch(/users: 100% 4 events, \d[\d,]* events\/s, ETA 0s/);
      expect(all.stderr).toContain('users: swapped in generation 0');
      expect(all.stderr).toContain('no previous generation to drop');

      const two = cli('projections', 'replay', 'users', 'organizations');
      expect(two.code).toBe(0);
      expect(jsonLines(two.stdout).map((r) => [r.projection, r.generation])).toEqual([
        ['users', 1],
        ['organizations', 1],
      ]);
      for (const name of ['users', 'organizations']) {
        expect(two.stderr).toContain(`${name}: rebuilding generation 1`);
        expect(two.stderr).toMatch(
          new RegExp(`${name}: swapped in generation 1 at checkpoint \\d+; generation 0 stays readable for 3s, then is dropped`),
        );
        expect(two.stderr).toMatch(new RegExp(`${name}: dropped generation 0 \\(.+\\)`));
      }
      const status = jsonLines(cli('projections', 'status').stdout);
      expect(status.filter((s) => ['users', 'organizations'].includes(s.name)).map((s) => s.generation)).toEqual([1, 1]);

      // An unknown name fails before anything is replayed; names and --all together are a usage error.
      const unknown = cli('projections', 'replay', 'users', 'nope');
      expect(unknown).toMatchObject({ code: 1, stdout: '' });
      expect(unknown.stderr).toContain('unknown projection nope');
      expect(unknown.stderr).not.toContain('rebuilding');
      expect(cli('projections', 'replay', 'users', '--all').code).toBe(2);
      expect(cli('projections', 'replay').code).toBe(2);
    });

    it('pipes the documented token command cleanly through npm run -s', () => {
      const result = spawnSync('npm', ['run', '-s', 'cli', '--', 'tokens', 'create', '--email', 'carol@acme.test'], {
        cwd: join(__dirname, '..', '..', '..'),
        env: { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '', MONGO_URL: '', LOG_LEVEL: 'warn' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(result.status).toBe(0);
      expect(result.stdout.trim().split('\n')).toHaveLength(1);
      expect(JSON.parse(result.stdout).token).toMatch(/^gb_api_/);
    });
  });

  describe('tokens: create with an expiry, list, revoke', () => {
    let tokensEnv: Record<string, string>;
    const tokens = (...args: string[]) => runCli(['tokens', ...args], tokensEnv);

    beforeAll(() => {
      tokensEnv = { DATA_DIR: mkdtempSync(join(tmpdir(), 'docs-cli-tokens-')) };
    });
    afterAll(() => rmSync(tokensEnv.DATA_DIR!, { recursive: true, force: true }));

    it('lists tokens without secrets, revokes one, and refuses bad input', () => {
      const before = Date.now();
      const expiring = JSON.parse(tokens('create', '--email', 'carol@acme.test', '--name', 'ci', '--expires-in', '2w').stdout);
      const forever = JSON.parse(tokens('create', '--email', 'carol@acme.test', '--name', 'laptop').stdout);
      const days = (Date.parse(expiring.expiresAt) - before) / 86_400_000;
      expect(days).toBeGreaterThan(13.9);
      expect(days).toBeLessThan(14.1);

      const listed = jsonLines(tokens('list').stdout);
      expect(listed.map((t) => [t.id, t.name, t.email, t.status])).toEqual([
        [expiring.tokenId, 'ci', 'carol@acme.test', 'active'],
        [forever.tokenId, 'laptop', 'carol@acme.test', 'active'],
      ]);
      const text = JSON.stringify(listed);
      expect(text).not.toContain(expiring.token);
      expect(text).not.toMatch(/hash/i);

      const revoked = tokens('revoke', forever.tokenId);
      expect(revoked.code).toBe(0);
      expect(jsonLines(tokens('list').stdout).find((t) => t.id === forever.tokenId)).toMatchObject({
        status: 'revoked',
        revokedAt: expect.any(String),
      });
      // Twice: nothing more to do, still fine.
      expect(tokens('revoke', forever.tokenId).code).toBe(0);
      const revokedEvents = jsonLines(runCli(['events', 'read', '--stream', `user-${forever.userId}`], tokensEnv).stdout).filter(
        (e) => e.type === 'ApiTokenRevoked',
      );
      expect(revokedEvents).toHaveLength(1);
      expect(revokedEvents[0].metadata.actor).toBe(operator);

      const unknown = tokens('revoke', 'nosuchtoken');
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toMatch(/nosuchtoken/);
      expect(tokens('create', '--email', 'carol@acme.test', '--expires-in', 'soon').code).toBe(2);
      expect(tokens('revoke').code).toBe(2);
    });
  });
});
