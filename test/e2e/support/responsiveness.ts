import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';

export interface Responsiveness<T> {
  result: T;
  /** The slowest `GET /health` answer while the work ran (ms). */
  maxHealthMs: number;
  /** How many times /health was asked. */
  polls: number;
  /** The longest the test process's event loop (the in-process server's too) was held up (ms). */
  maxLoopDelayMs: number;
  /** How long the work took (ms). */
  elapsedMs: number;
  /** The slowest of the /health answers asked for just before the work, on an idle server (ms). */
  idleMaxHealthMs: number;
  /**
   * The bound `maxHealthMs` must stay under: 100 ms (DESIGN.md, "Bounded work") on top of what an
   * idle server took on this machine just before, so a busy machine's scheduling is not taken for
   * the server's; the 100 ms are stretched by `loadFactor`.
   */
  limitMs: number;
  /**
   * Runnable processes per core (the 1-minute load average over the cores), at least 1: on a machine
   * with more work than cores, the server's own short steps (a projection's slices of a large page)
   * take that much longer in wall time. 1 on a machine with a core free for the server.
   */
  loadFactor: number;
}

/** Asks /health once and returns how long the answer took (ms). */
async function healthTime(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/health`);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`/health answered ${res.status}`);
  return performance.now() - started;
}

const IDLE_POLLS = 10;
const BOUND_MS = 100;

/**
 * Runs `work` while asking `GET {url}/health` every `intervalMs` (each ask once the previous has
 * answered), for the hostile-input tests of DESIGN.md ("Bounded work"): the server must keep
 * answering while it refuses or processes what it was given.
 */
export async function watchingHealth<T>(url: string, work: () => Promise<T>, intervalMs = 50): Promise<Responsiveness<T>> {
  await healthTime(url); // the connection is opened here, not counted
  let idleMaxHealthMs = 0;
  for (let i = 0; i < IDLE_POLLS; i++) {
    idleMaxHealthMs = Math.max(idleMaxHealthMs, await healthTime(url));
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let running = true;
  let maxHealthMs = 0;
  let polls = 0;
  const poller = (async () => {
    while (running) {
      maxHealthMs = Math.max(maxHealthMs, await healthTime(url));
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
    polls,
    maxLoopDelayMs,
    elapsedMs: performance.now() - started,
    idleMaxHealthMs,
    loadFactor,
    limitMs: BOUND_MS * loadFactor + idleMaxHealthMs,
  };
}
