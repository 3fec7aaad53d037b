// jest's global setup and teardown for the e2e hosts (test/e2e/support/host): setup names a folder
// for this run, where each worker's host records itself when a test file first needs it; teardown
// stops every recorded host and removes the folder. A run of unit specs only starts no host.
'use strict';
const { accessSync, constants, mkdtempSync, readdirSync, readFileSync, rmSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Where the run's scratch data goes (every TMPDIR user: the apps' DATA_DIRs, the specs' SQLite
 * files, the CLI's data folders): a folder in memory (/dev/shm) where the machine has one, so the
 * event log's fsync per append (about 5 ms on this machine's disk) costs nothing. Tests check what
 * is written and that it survives a process stopping, which memory keeps as a disk does; the disk's
 * own durability is not theirs to test. DOCS_TEST_TMPDIR names another folder (empty: the system's).
 */
function scratchRoot() {
  const wanted = process.env.DOCS_TEST_TMPDIR ?? '/dev/shm';
  if (wanted === '') return null;
  try {
    accessSync(wanted, constants.W_OK);
    return mkdtempSync(join(wanted, 'docs-tests-'));
  } catch {
    return null;
  }
}

async function setup() {
  const scratch = scratchRoot();
  if (scratch) {
    process.env.DOCS_TEST_SCRATCH = scratch;
    // Workers and the processes they start inherit it; os.tmpdir() reads it.
    process.env.TMPDIR = scratch;
  }
  process.env.DOCS_E2E_RUN_DIR = mkdtempSync(join(tmpdir(), 'docs-e2e-run-'));
}

/** A host that died during the run failed the suites that used it after: say why, from the end of its log. */
function reportDeadHost(logFile, pid) {
  let tail = '(no log)';
  try {
    tail = readFileSync(logFile, 'utf8').split('\n').slice(-40).join('\n');
  } catch {}
  process.stderr.write(`\ne2e host ${pid} exited before the end of the run; the end of its log:\n${tail}\n`);
}

async function teardown() {
  await stopHosts();
  const scratch = process.env.DOCS_TEST_SCRATCH;
  if (scratch) rmSync(scratch, { recursive: true, force: true });
}

async function stopHosts() {
  const dir = process.env.DOCS_E2E_RUN_DIR;
  if (!dir) return;
  const records = readdirSync(dir).filter((name) => /^host-.*\.json$/.test(name));
  const pids = [];
  for (const name of records) {
    const { pid } = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    if (alive(pid)) pids.push(pid);
    else reportDeadHost(join(dir, name.replace(/\.json$/, '.log')), pid);
  }
  for (const pid of pids) process.kill(pid, 'SIGTERM');
  // Each host closes its applications and removes their data folders; wait for that (at most 20 s).
  for (let waited = 0; waited < 20_000 && pids.some(alive); waited += 100) await new Promise((r) => setTimeout(r, 100));
  for (const pid of pids.filter(alive)) process.kill(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
}

module.exports = { setup, teardown };
