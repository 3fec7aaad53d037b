import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { AddressInfo, createServer } from 'node:net';
import { join } from 'node:path';
import { controlSync } from './host/host-client';

export { ensureHost } from './host/host-client';

const ROOT = join(__dirname, '..', '..', '..');
const DIST = join(ROOT, 'dist');

/** The built server and CLI (npm test builds first); these suites exercise the real binaries. */
export function requireBuild(): void {
  if (!existsSync(join(DIST, 'apps', 'api', 'main.js'))) {
    throw new Error('dist/ is missing: run `npm run build` (npm test does it first)');
  }
}

const nodeArgs = (entry: string) => ['-r', 'tsconfig-paths/register', join(DIST, 'apps', entry, 'main.js')];

/** One read-model database per test file when MONGO_URL is set (`npm run test:servers`). */
const MONGO_DB = `docs_ops_${randomUUID().replace(/-/g, '')}`;

function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    TS_NODE_BASEURL: DIST,
    TS_NODE_PROJECT: join(ROOT, 'tsconfig.json'),
    LOG_LEVEL: 'warn',
    // These suites start from an empty log of their own (bootstrap, audit trail): never a shared EventStoreDB.
    EVENTSTORE_URL: '',
    MONGO_DB,
    ...env,
  };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * An operator command, run by the CLI's entry (`runCli`) in this worker's e2e host, whose code is
 * loaded once: what the command prints and its exit code, as the binary gives them, in a fraction
 * of the time a new process takes. The suite calls `ensureHost()` in beforeAll first.
 */
export function runCli(args: string[], env: Record<string, string>): CliResult {
  return controlSync<CliResult>('/cli', { argv: args, env: childEnv(env) });
}

/** The built binary itself (`dist/apps/cli/main.js`), for what only a process shows: help, exit codes, pipes. */
export function runBinary(args: string[], env: Record<string, string>): CliResult {
  const result = spawnSync(process.execPath, [...nodeArgs('cli'), ...args], {
    cwd: ROOT,
    env: childEnv(env),
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status ?? -1, stdout: result.stdout, stderr: result.stderr };
}

export function jsonLines(stdout: string): any[] {
  return stdout
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

/** A port nothing listens on now: the system picks it, so it never collides with a running server's. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the built server and resolves once /health answers. */
export async function startServer(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const port = String(await freePort());
  let output = '';
  const child = spawn(process.execPath, nodeArgs('api'), { cwd: ROOT, env: childEnv({ PORT: port, HOST: '127.0.0.1', ...env }) });
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  // Waits for what it waits for: /health answering, or the process ending. The bound is only a
  // backstop for a server that hangs while booting (a busy machine boots slowly, never this slowly).
  for (const deadline = Date.now() + 180_000; Date.now() < deadline; ) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return { child, url, output: () => output };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output}`);
}

export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
