import { fork } from 'node:child_process';
import { createSyncFn } from 'synckit';
import { closeSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where this run's hosts are recorded (set by test/support/e2e-hosts.js, jest's global setup). */
const runDir = () => process.env.DOCS_E2E_RUN_DIR ?? join(tmpdir(), `docs-e2e-run-${process.ppid}`);
const recordOf = () => join(runDir(), `host-${process.env.JEST_WORKER_ID ?? '1'}.json`);
const logOf = () => recordOf().replace(/\.json$/, '.log');

interface HostRecord {
  pid: number;
  controlUrl: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function recorded(): HostRecord | null {
  let record: HostRecord;
  try {
    record = JSON.parse(readFileSync(recordOf(), 'utf8')) as HostRecord;
  } catch {
    return null;
  }
  if (alive(record.pid)) return record;
  // It died during the run (the suites using it failed): say why before a new one starts.
  let tail = '(no log)';
  try {
    tail = readFileSync(logOf(), 'utf8').split('\n').slice(-40).join('\n');
  } catch {}
  process.stderr.write(`\ne2e host ${record.pid} died during the run; the end of its log:\n${tail}\n`);
  return null;
}

/** Starts this worker's host and records it, so the worker's next test files find it. */
function spawnHost(): Promise<HostRecord> {
  // Its output goes to a log beside its record: jest's global teardown shows the end of it if the host died during the run.
  mkdirSync(runDir(), { recursive: true });
  const log = openSync(logOf(), 'a');
  const child = fork(join(__dirname, 'host-main.js'), [], { stdio: ['ignore', log, log, 'ipc'], execArgv: [] });
  closeSync(log);
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the e2e host exited with ${code} before it listened`)));
    child.once('message', (message: { controlUrl: string }) => {
      const record = { pid: child.pid!, controlUrl: message.controlUrl };
      writeFileSync(recordOf(), JSON.stringify(record));
      // The host outlives this test file (it serves the worker's next ones) but must not keep the worker alive.
      child.removeAllListeners('exit');
      child.disconnect();
      child.unref();
      resolve(record);
    });
  });
}

let host: Promise<HostRecord> | null = null;

/** Makes sure this worker's host runs (a suite calls it in beforeAll before it uses `controlSync`). */
export async function ensureHost(): Promise<void> {
  host ??= Promise.resolve(recorded() ?? spawnHost());
  await host;
}

/** The synchronous POST (a worker thread, sync-post.js), made on first use. */
let post: ((url: string, body: string) => { ok: boolean; text: string }) | null = null;

/**
 * A control request answered synchronously, for the operator CLI suites, whose commands run
 * synchronously like `spawnSync` of the binary did: a worker thread makes the request while this
 * thread waits (synckit).
 */
export function controlSync<T>(path: string, body: unknown): T {
  const record = recorded();
  if (!record) throw new Error('no e2e host for this worker: call ensureHost() in beforeAll first');
  post ??= createSyncFn(join(__dirname, 'sync-post.js'));
  const { ok, text } = post(`${record.controlUrl}${path}`, JSON.stringify(body));
  if (!ok) throw new Error(`e2e host: POST ${path} failed: ${text}`);
  return JSON.parse(text) as T;
}

/** Sends one control request to this worker's host, starting the host on first use. */
export async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  host ??= Promise.resolve(recorded() ?? spawnHost());
  const { controlUrl } = await host;
  const response = await fetch(`${controlUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`e2e host: ${method} ${path} failed: ${text}`);
  return JSON.parse(text) as T;
}
