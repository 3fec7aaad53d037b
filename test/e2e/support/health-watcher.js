// The worker thread behind `watchingHealth` (responsiveness.ts): it asks GET /health, one ask after
// another, and measures for each answer the CPU the server's main thread used while it waited.
//
// It runs in a thread of its own because the suite's thread is never idle long enough to measure
// from: it runs the test's work and its own timers (a 10 ms loop-delay histogram), and on a busy
// machine it waits for a core at each of them. An answer that has arrived sits unread meanwhile,
// and the server's CPU goes on counting. This thread only ever sleeps waiting for an answer, so what
// it ran or waited for a core during an ask comes after the answer arrived, and is taken out.
'use strict';
const { readFileSync } = require('node:fs');
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');

const { url, serverPid, intervalMs, idlePolls } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** CPU time (ms) the main thread of `pid` has run so far (the scheduler's own count), or null (not Linux). */
function mainThreadCpuMs(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

/** How long this thread has run plus waited for a core (ms), or null (not Linux). */
function ownBusyMs() {
  try {
    const [runNs, waitNs] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
    return (Number(runNs) + Number(waitNs)) / 1e6;
  } catch {
    return null;
  }
}

function getHealth() {
  return new Promise((resolve, reject) => {
    const request = http.get(`${url}/health`, { agent }, (response) => {
      response.resume();
      response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`/health answered ${response.statusCode}`))));
    });
    request.on('error', reject);
  });
}

/** One ask: its wall time, and the server CPU meanwhile less this thread's own busy time (wall time where /proc cannot be read). */
async function healthTime() {
  const cpuBefore = serverPid === null ? null : mainThreadCpuMs(serverPid);
  const ownBefore = ownBusyMs();
  const started = performance.now();
  await getHealth();
  const wallMs = performance.now() - started;
  const ownAfter = ownBusyMs();
  const cpuAfter = serverPid === null ? null : mainThreadCpuMs(serverPid);
  if (cpuBefore === null || cpuAfter === null) return { wallMs, heldMs: wallMs };
  const ownMs = ownBefore !== null && ownAfter !== null ? ownAfter - ownBefore : 0;
  return { wallMs, heldMs: Math.max(0, cpuAfter - cpuBefore - ownMs) };
}

const pause = () => new Promise((resolve) => setTimeout(resolve, intervalMs));

let stopping = false;
parentPort.on('message', (message) => {
  if (message === 'stop') stopping = true;
});

async function main() {
  await healthTime(); // the connection is opened here, not counted
  const idle = { maxHealthMs: 0, maxHeldMs: 0 };
  for (let i = 0; i < idlePolls; i++) {
    const answer = await healthTime();
    idle.maxHealthMs = Math.max(idle.maxHealthMs, answer.wallMs);
    idle.maxHeldMs = Math.max(idle.maxHeldMs, answer.heldMs);
    await pause();
  }
  parentPort.postMessage({ kind: 'idle', ...idle });
  const watched = { maxHealthMs: 0, maxHeldMs: 0, polls: 0 };
  while (!stopping) {
    const answer = await healthTime();
    watched.maxHealthMs = Math.max(watched.maxHealthMs, answer.wallMs);
    watched.maxHeldMs = Math.max(watched.maxHeldMs, answer.heldMs);
    watched.polls++;
    if (!stopping) await pause();
  }
  agent.destroy();
  parentPort.postMessage({ kind: 'watched', ...watched });
}

main().catch((error) => parentPort.postMessage({ kind: 'error', message: error.message }));
