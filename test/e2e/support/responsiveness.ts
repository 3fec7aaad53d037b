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
}

/**
 * Runs `work` while asking `GET {url}/health` every `intervalMs` (each ask once the previous has
 * answered), for the hostile-input tests of DESIGN.md ("Bounded work"): the server must keep
 * answering while it refuses or processes what it was given.
 */
export async function watchingHealth<T>(url: string, work: () => Promise<T>, intervalMs = 50): Promise<Responsiveness<T>> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let running = true;
  let maxHealthMs = 0;
  let polls = 0;
  const poller = (async () => {
    while (running) {
      const started = performance.now();
      const res = await fetch(`${url}/health`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`/health answered ${res.status}`);
      maxHealthMs = Math.max(maxHealthMs, performance.now() - started);
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
  return { result, maxHealthMs, polls, maxLoopDelayMs, elapsedMs: performance.now() - started };
}
