import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { threadCpuMs } from './thread-cpu';
import { WorkError } from './work-errors';
import { WORKER_SOURCE } from './worker-source';

export interface WorkPoolOptions {
  /** Work threads at most; each runs one task at a time. */
  threads: number;
  /** Tasks waiting for a thread at most; past it `run` fails at once with `busy`. */
  maxQueued: number;
  /** Tasks running or waiting for one key (an organization) at most; past it `busy`. */
  maxPerKey: number;
  /** Heap of one thread (MiB); a task that needs more stops its thread and fails with `memory`. */
  memoryMb: number;
  /** An idle thread is stopped after this long (ms), so an idle server holds no spare heaps. */
  idleMs?: number;
}

export interface WorkOptions {
  /**
   * CPU time the task may run once it has a thread (ms); past it its thread is stopped: `timeout`.
   * Where a thread's CPU time cannot be read (off Linux), wall time counts instead.
   */
  budgetMs: number;
  /** Whose work it is (an organization id): at most `maxPerKey` of one key's tasks are in the pool. */
  key?: string;
}

interface Job {
  id: number;
  module: string;
  task: string;
  input: unknown;
  options: WorkOptions;
  resolve: (output: unknown) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
  /** Its Linux thread id, once it has said it (its first message); null off Linux. */
  tid?: number | null;
  timer?: NodeJS.Timeout;
  idle?: NodeJS.Timeout;
}

/** When a task started: the wall clock, and its thread's CPU time then. */
interface TaskStart {
  wallMs: number;
  cpuMs: number;
}

const ROOT = join(__dirname, '..', '..', '..', '..');
/**
 * A task's wall time at most, in budgets: a task that waits without running (on a promise that never
 * settles) uses no CPU time, and is stopped all the same.
 */
const WALL_BUDGETS = 10;
/** The shortest wait before a task's CPU time is read again. */
const CHECK_MIN_MS = 20;

/**
 * Runs work that grows with its input (parsing and checking OpenAPI documents, drawing PDFs) off the
 * event loop, in worker threads, with a bounded queue, a limit per organization, a time budget per
 * task and a heap limit per thread (docs/architecture.md, "Bounded work"). A task that runs past its
 * budget or its heap has its thread stopped (the only way to stop a synchronous loop) and a new one
 * started for the next task, so `/health` and every other request keep answering meanwhile.
 *
 * The budget is CPU time, read from the thread's own clock on Linux: on a busy machine a task waits
 * for a core longer, and is not stopped for what other work ran meanwhile.
 *
 * A task is an exported function of a module, named by the module's absolute path (pass
 * `require.resolve('./x-task')`) and the export's name; its input and output must be
 * structured-cloneable (a Uint8Array output is transferred, not copied). What it throws comes back
 * as a `WorkError` of kind `failed` with the thrown error's name, message and `details`.
 */
export class WorkPool {
  private readonly threads = new Set<Thread>();
  private readonly queue: Job[] = [];
  private readonly perKey = new Map<string, number>();
  private nextId = 1;
  private closed = false;

  constructor(readonly options: WorkPoolOptions) {}

  run<T>(module: string, task: string, input: unknown, options: WorkOptions): Promise<T> {
    if (this.closed) return Promise.reject(new WorkError('busy', 'the server is shutting down'));
    if (this.queue.length >= this.options.maxQueued) {
      return Promise.reject(new WorkError('busy', `${this.queue.length} tasks are already waiting for a work thread`));
    }
    const { key } = options;
    if (key !== undefined && (this.perKey.get(key) ?? 0) >= this.options.maxPerKey) {
      return Promise.reject(
        new WorkError('busy', `${this.options.maxPerKey} tasks of the same organization are already running or waiting`),
      );
    }
    if (key !== undefined) this.perKey.set(key, (this.perKey.get(key) ?? 0) + 1);
    return new Promise<T>((resolve, reject) => {
      const release = () => {
        if (key === undefined) return;
        const left = (this.perKey.get(key) ?? 1) - 1;
        if (left > 0) this.perKey.set(key, left);
        else this.perKey.delete(key);
      };
      this.queue.push({
        id: this.nextId++,
        module,
        task,
        input,
        options,
        resolve: (output) => {
          release();
          resolve(output as T);
        },
        reject: (error) => {
          release();
          reject(error);
        },
      });
      this.dispatch();
    });
  }

  /** Threads started, tasks running and waiting (for /ready and tests). */
  stats(): { threads: number; running: number; queued: number } {
    const running = [...this.threads].filter((t) => t.job !== null).length;
    return { threads: this.threads.size, running, queued: this.queue.length };
  }

  /** Stops every thread; tasks running or waiting fail with `busy`. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new WorkError('busy', 'the server is shutting down'));
    await Promise.all(
      [...this.threads].map((thread) => {
        thread.job?.reject(new WorkError('busy', 'the server is shutting down'));
        return this.stop(thread);
      }),
    );
  }

  private dispatch(): void {
    while (this.queue.length > 0 && !this.closed) {
      const thread = [...this.threads].find((t) => t.job === null) ?? (this.threads.size < this.options.threads ? this.start() : null);
      if (!thread) return;
      this.assign(thread, this.queue.shift()!);
    }
  }

  private start(): Thread {
    const typescript = __filename.endsWith('.ts');
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { typescript, root: ROOT, swc: typescript ? require.resolve('@swc/core') : null },
      resourceLimits: { maxOldGenerationSizeMb: this.options.memoryMb, stackSizeMb: 4 },
      stdout: false,
      stderr: false,
    });
    const thread: Thread = { worker, job: null };
    worker.on('message', (message: { id: number; ok: boolean; output?: unknown; name?: string; message?: string; details?: unknown }) => {
      if ('tid' in message) return void (thread.tid = message.tid as number | null);
      const job = thread.job;
      if (!job || job.id !== message.id) return;
      this.finish(thread);
      if (message.ok) job.resolve(message.output);
      else job.reject(new WorkError('failed', message.message ?? 'the task failed', message.name, message.details));
      this.dispatch();
    });
    worker.on('error', (error: Error & { code?: string }) =>
      this.lost(
        thread,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new WorkError('memory', `the task needed more than ${this.options.memoryMb} MiB of memory`)
          : new WorkError('failed', `the work thread failed: ${error.message}`, error.name),
      ),
    );
    worker.on('exit', () => this.lost(thread, new WorkError('failed', 'the work thread stopped')));
    this.threads.add(thread);
    return thread;
  }

  private assign(thread: Thread, job: Job): void {
    clearTimeout(thread.idle);
    thread.job = job;
    thread.worker.ref();
    // A new thread's first task also pays for the thread's start (it has not said its id yet): from 0.
    const start = { wallMs: Date.now(), cpuMs: (thread.tid && threadCpuMs(thread.tid)) || 0 };
    this.watch(thread, job, start, job.options.budgetMs);
    thread.worker.postMessage({ id: job.id, module: job.module, task: job.task, input: job.input });
  }

  /** Stops the task's thread once the task has used its budget: checked when it could have, and again until it has. */
  private watch(thread: Thread, job: Job, start: TaskStart, waitMs: number): void {
    thread.timer = setTimeout(() => {
      const wallMs = Date.now() - start.wallMs;
      const cpuMs = thread.tid ? threadCpuMs(thread.tid) : null;
      const usedMs = cpuMs === null ? wallMs : cpuMs - start.cpuMs;
      const leftMs = Math.min(job.options.budgetMs - usedMs, job.options.budgetMs * WALL_BUDGETS - wallMs);
      if (leftMs > 0) return this.watch(thread, job, start, Math.max(leftMs, CHECK_MIN_MS));
      this.lost(thread, new WorkError('timeout', `the task ran past its budget of ${job.options.budgetMs} ms`));
    }, waitMs);
  }

  /** The thread's task is done: the thread waits for the next one, and stops when idle too long. */
  private finish(thread: Thread): void {
    clearTimeout(thread.timer);
    thread.job = null;
    thread.worker.unref();
    if (this.options.idleMs !== undefined) {
      thread.idle = setTimeout(() => void this.stop(thread), this.options.idleMs);
      thread.idle.unref();
    }
  }

  /** The thread is stopped or broken: its task fails with `error`, the next task gets a new thread. */
  private lost(thread: Thread, error: WorkError): void {
    if (!this.threads.has(thread)) return;
    const job = thread.job;
    void this.stop(thread);
    job?.reject(error);
    this.dispatch();
  }

  private async stop(thread: Thread): Promise<void> {
    if (!this.threads.delete(thread)) return;
    clearTimeout(thread.timer);
    clearTimeout(thread.idle);
    thread.job = null;
    await thread.worker.terminate();
  }
}
