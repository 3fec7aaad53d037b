import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { listenerPid } from './server-thread';

export interface Responsiveness<T> {
  result: T;
  /** The slowest `GET /health` answer while the work ran (ms). */
  maxHealthMs: number;
  /**
   * The most the server held its event loop while one `/health` answer waited: the CPU its main
   * thread used while the asking thread slept waiting for the answer (ms; health-watcher.js). A
   * busy machine stretches answers in wall time, not this; a task that holds the loop shows in it
   * whole. Wall time where the server's thread cannot be read (not Linux, or no process found
   * listening on the URL's port).
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

const IDLE_POLLS = 10;
const BOUND_MS = 100;

/** What the watcher thread (health-watcher.js) posts: the idle asks' figures, then the watched ones'. */
type WatcherMessage =
  | { kind: 'idle'; maxHealthMs: number; maxHeldMs: number }
  | { kind: 'watched'; maxHealthMs: number; maxHeldMs: number; polls: number }
  | { kind: 'error'; message: string };

/** The watcher's next message of `kind` (its error, or its ending without one, rejects). */
function next<K extends WatcherMessage['kind']>(watcher: Worker, kind: K): Promise<Extract<WatcherMessage, { kind: K }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: WatcherMessage) => {
      watcher.off('exit', onExit);
      if (message.kind === kind) resolve(message as Extract<WatcherMessage, { kind: K }>);
      else reject(new Error(message.kind === 'error' ? message.message : `the /health watcher sent ${message.kind}`));
    };
    const onExit = (code: number) => reject(new Error(`the /health watcher ended (${code})`));
    watcher.once('message', onMessage);
    watcher.once('exit', onExit);
  });
}

/**
 * Runs `work` while asking `GET {url}/health` every `intervalMs` (each ask once the previous has
 * answered), for the hostile-input tests of DESIGN.md ("Bounded work"): the server must keep
 * answering while it refuses or processes what it was given.
 */
export async function watchingHealth<T>(url: string, work: () => Promise<T>, intervalMs = 50): Promise<Responsiveness<T>> {
  // The asks come from a thread of their own, which does nothing else (health-watcher.js says why).
  const watcher = new Worker(join(__dirname, 'health-watcher.js'), {
    workerData: { url, serverPid: listenerPid(url), intervalMs, idlePolls: IDLE_POLLS },
  });
  let watched: Extract<WatcherMessage, { kind: 'watched' }>;
  let idle: Extract<WatcherMessage, { kind: 'idle' }>;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  let started = 0;
  let result: T;
  try {
    idle = await next(watcher, 'idle');
    loop.enable();
    started = performance.now();
    try {
      result = await work();
    } finally {
      loop.disable();
      const ended = next(watcher, 'watched');
      watcher.postMessage('stop');
      watched = await ended;
    }
  } finally {
    await watcher.terminate();
  }
  // The histogram records its 10 ms timer's intervals: the delay is what exceeds them.
  const maxLoopDelayMs = Math.max(0, loop.max / 1e6 - 10);
  const loadFactor = Math.max(1, loadavg()[0]! / availableParallelism());
  return {
    result,
    maxHealthMs: watched.maxHealthMs,
    maxHeldMs: watched.maxHeldMs,
    heldLimitMs: BOUND_MS + idle.maxHeldMs,
    polls: watched.polls,
    maxLoopDelayMs,
    elapsedMs: performance.now() - started,
    idleMaxHealthMs: idle.maxHealthMs,
    idleMaxHeldMs: idle.maxHeldMs,
    loadFactor,
  };
}
