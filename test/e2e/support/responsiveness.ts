import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { listenerPid, mainThreadCpuMs, ownThreadTimesMs } from './server-thread';

export interface Responsiveness<T> {
  result: T;
  /** The slowest `GET /health` answer while the work ran (ms). */
  maxHealthMs: number;
  /**
   * The most the server held its event loop while one `/health` answer waited: the CPU its main
   * thread used while this thread slept waiting for the answer (ms). A busy machine stretches
   * answers in wall time, not this; a task that holds the loop shows in it whole. Wall time where the server's thread cannot be read
   * (not Linux, or no process found listening on the URL's port).
   */
  maxHeldMs: number;
  /** The bound `maxHeldMs` must stay under: 100 ms (DESIGN.md, "Bounded work") on top of an idle server's. */
  heldLimitMs: number;
  /** How many times /health was asked. */
  polls: number;
  /** The longest the test process's event loop (the in-process server's too) was held up (ms). */
  maxLoopDelayMs: number;
  /** How long the work took (ms). */
  elapsedMs: number;
  /** The slowest of the /health answers asked for just before the work, on an idle server (ms). */
  idleMaxHealthMs: number;
  /** The most an idle server held its loop for one `/health` answer, just before the work (ms). */
  idleMaxHeldMs: number;
  /**
   * Runnable processes per core (the 1-minute load average over the cores), at least 1: on a machine
   * with more work than cores, work takes that much longer in wall time (for bounds on `elapsedMs`).
   */
  loadFactor: number;
}

interface HealthTime {
  /** How long the answer took (ms). */
  wallMs: number;
  /** The CPU the server's main thread used meanwhile (ms), or the wall time where that cannot be read. */
  heldMs: number;
}

/**
 * Asks /health once: how long the answer took, and how long the server's loop was held meanwhile:
 * the CPU its main thread used while this thread slept waiting for the answer. While this thread ran
 * (the suite's own work) or waited for a core (a busy machine), an answer already sent sat unread
 * and the server went on with other work; that CPU is taken out (beside `stress --cpu 2` it once
 * made a server that never held its loop for more than 60 ms look as if it had held it 117 ms).
 */
async function healthTime(url: string, serverPid: number | null): Promise<HealthTime> {
  const cpuBefore = serverPid === null ? null : mainThreadCpuMs(serverPid);
  const ownBefore = ownThreadTimesMs();
  const started = performance.now();
  const res = await fetch(`${url}/health`);
  await res.arrayBuffer();
  const wallMs = performance.now() - started;
  const ownAfter = ownThreadTimesMs();
  const cpuAfter = serverPid === null ? null : mainThreadCpuMs(serverPid);
  if (!res.ok) throw new Error(`/health answered ${res.status}`);
  if (cpuBefore === null || cpuAfter === null) return { wallMs, heldMs: wallMs };
  const ownBusyMs = ownBefore && ownAfter ? ownAfter.runMs - ownBefore.runMs + (ownAfter.waitMs - ownBefore.waitMs) : 0;
  return { wallMs, heldMs: Math.max(0, cpuAfter - cpuBefore - ownBusyMs) };
}

const IDLE_POLLS = 10;
const BOUND_MS = 100;

/**
 * Runs `work` while asking `GET {url}/health` every `intervalMs` (each ask once the previous has
 * answered), for the hostile-input tests of DESIGN.md ("Bounded work"): the server must keep
 * answering while it refuses or processes what it was given.
 */
export async function watchingHealth<T>(url: string, work: () => Promise<T>, intervalMs = 50): Promise<Responsiveness<T>> {
  const serverPid = listenerPid(url);
  await healthTime(url, serverPid); // the connection is opened here, not counted
  let idleMaxHealthMs = 0;
  let idleMaxHeldMs = 0;
  for (let i = 0; i < IDLE_POLLS; i++) {
    const idle = await healthTime(url, serverPid);
    idleMaxHealthMs = Math.max(idleMaxHealthMs, idle.wallMs);
    idleMaxHeldMs = Math.max(idleMaxHeldMs, idle.heldMs);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let running = true;
  let maxHealthMs = 0;
  let maxHeldMs = 0;
  let polls = 0;
  const poller = (async () => {
    while (running) {
      const answer = await healthTime(url, serverPid);
      maxHealthMs = Math.max(maxHealthMs, answer.wallMs);
      maxHeldMs = Math.max(maxHeldMs, answer.heldMs);
      polls++;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  const started = performance.now();
  let result: T;
  try {
    result = await work();
  } finally {
    running = false;
    await poller;
    loop.disable();
  }
  // The histogram records its 10 ms timer's intervals: the delay is what exceeds them.
  const maxLoopDelayMs = Math.max(0, loop.max / 1e6 - 10);
  const loadFactor = Math.max(1, loadavg()[0]! / availableParallelism());
  return {
    result,
    maxHealthMs,
    maxHeldMs,
    heldLimitMs: BOUND_MS + idleMaxHeldMs,
    polls,
    maxLoopDelayMs,
    elapsedMs: performance.now() - started,
    idleMaxHealthMs,
    idleMaxHeldMs,
    loadFactor,
  };
}
