import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requireBuild, startServer } from '../support/processes';

const ROOT = join(__dirname, '..', '..', '..');
const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const LEVELS = ['debug', 'info', 'warn', 'error', 'fatal'];

/** Sends the signal and resolves with the process's exit once it has ended. */
function stop(child: ReturnType<typeof spawn>, signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    child.once('exit', (code, by) => resolve({ code, signal: by }));
    child.kill(signal);
  });
}

/** The built server's log, as an operator's collector sees it: stdout and stderr, every line. */
describe('the server log (built server)', () => {
  let dataDir: string;
  beforeAll(() => requireBuild());
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'docs-log-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it(
    'writes every line as one JSON object with level (a word), ISO time, context and msg, access lines ' +
      'included, and logs the shutdown on SIGTERM',
    async () => {
      const server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: 'info', DOCS_BOOTSTRAP_TOKEN: 'log-test-token' });
      await fetch(`${server.url}/v1/user`, { headers: { authorization: 'Bearer log-test-token' } });
      await fetch(`${server.url}/v1/nowhere`);
      const ended = await stop(server.child, 'SIGTERM');
      expect(ended.signal).toBe('SIGTERM');

      const lines = server
        .output()
        .split('\n')
        .filter((l) => l.length > 0);
      const parsed = lines.map((line) => {
        try {
          return JSON.parse(line) as Record<string, unknown>;
        } catch {
          throw new Error(`a log line is not JSON: ${line}`);
        }
      });
      for (const line of parsed) {
        expect(line).toEqual(
          expect.objectContaining({
            level: expect.any(String),
            time: expect.stringMatching(ISO_TIME),
            context: expect.any(String),
            msg: expect.any(String),
          }),
        );
        expect(LEVELS).toContain(line.level);
      }
      const contexts = new Set(parsed.map((l) => l.context));
      for (const context of ['NestApplication', 'Bootstrap', 'Server', 'AccessLog']) expect(contexts).toContain(context);
      expect(parsed).toContainEqual(
        expect.objectContaining({ context: 'Server', msg: expect.stringMatching(/^listening on http:\/\/127\.0\.0\.1:\d+/) }),
      );
      expect(parsed).toContainEqual(
        expect.objectContaining({
          context: 'AccessLog',
          level: 'info',
          method: 'GET',
          route: '/v1/user',
          status: 200,
          durationMs: expect.any(Number),
          requestId: expect.any(String),
          caller: expect.any(String),
        }),
      );
      expect(parsed).toContainEqual(expect.objectContaining({ context: 'AccessLog', route: '/v1/nowhere', status: 404 }));
      // The shutdown's start and end, in that order, and nothing after the end.
      const started = parsed.findIndex((l) => l.context === 'Server' && /^SIGTERM received: shutting down/.test(String(l.msg)));
      const stopped = parsed.findIndex((l) => l.context === 'Server' && /^stopped: shut down in \d+ ms \(SIGTERM\)$/.test(String(l.msg)));
      expect(started).toBeGreaterThan(-1);
      expect(stopped).toBe(parsed.length - 1);
      expect(started).toBeLessThan(stopped);
      expect(server.output()).not.toContain('log-test-token');
    },
  );

  it('writes human lines with one time format with LOG_FORMAT=pretty, and logs the shutdown on SIGINT', async () => {
    const server = await startServer({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'pretty',
      DOCS_BOOTSTRAP_TOKEN: 'log-test-token',
    });
    await fetch(`${server.url}/health`);
    await stop(server.child, 'SIGINT');
    const lines = server
      .output()
      .split('\n')
      .filter((l) => l.length > 0);
    for (const line of lines) expect(line).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z (DEBUG|INFO |WARN |ERROR|FATAL) \[\w+\] \S/);
    expect(lines).toContainEqual(expect.stringMatching(/INFO {2}\[AccessLog\] GET \/health 200 [\d.]+ ms requestId=\S+$/));
    expect(lines).toContainEqual(expect.stringMatching(/INFO {2}\[Server\] SIGINT received: shutting down/));
    expect(lines[lines.length - 1]).toMatch(/INFO {2}\[Server\] stopped: shut down in \d+ ms \(SIGINT\)$/);
  });

  it('says why it could not start in one JSON line (level fatal) and exits 1', () => {
    const result = spawnSync(process.execPath, ['-r', 'tsconfig-paths/register', join(ROOT, 'dist', 'apps', 'api', 'main.js')], {
      cwd: ROOT,
      env: {
        ...process.env,
        TS_NODE_BASEURL: join(ROOT, 'dist'),
        TS_NODE_PROJECT: join(ROOT, 'tsconfig.json'),
        DATA_DIR: dataDir,
        EVENTSTORE_URL: '',
        LOG_LEVEL: 'info',
        PORT: 'not-a-port',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    const lines = `${result.stdout}${result.stderr}`.split('\n').filter((l) => l.length > 0);
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      {
        level: 'fatal',
        time: expect.stringMatching(ISO_TIME),
        context: 'Server',
        msg: expect.stringMatching(/^docs-platform API failed to start: .*PORT/),
      },
    ]);
  });
});
