import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ownThreadId, threadCpuMs } from './thread-cpu';
import { WorkError } from './work-errors';
import { WorkPool } from './work-pool';

const TASKS = require.resolve('./work-pool.spec-tasks');
const pool = (options: Partial<ConstructorParameters<typeof WorkPool>[0]> = {}) =>
  new WorkPool({ threads: 1, maxQueued: 4, maxPerKey: 2, memoryMb: 64, ...options });

/** Whether this machine tells a thread's CPU time (Linux's /proc); elsewhere budgets count wall time. */
const tid = ownThreadId();
const cpuClock = tid !== null && threadCpuMs(tid) !== null;

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as WorkError,
  );

describe('WorkPool', () => {
  let work: WorkPool;
  afterEach(() => work.close());

  it('runs a task in a thread and answers its output', async () => {
    work = pool();
    await expect(work.run(TASKS, 'echo', { a: [1, 'b'] }, { budgetMs: 20_000 })).resolves.toEqual({ a: [1, 'b'] });
    await expect(work.run(TASKS, 'later', { ms: 5, value: 'done' }, { budgetMs: 20_000 })).resolves.toBe('done');
  });

  it('hands a Uint8Array output over', async () => {
    work = pool();
    const out = await work.run<Uint8Array>(TASKS, 'bytes', 1024, { budgetMs: 20_000 });
    expect(out.byteLength).toBe(1024);
    expect(out[1023]).toBe(7);
  });

  it('stops a task past its budget while the event loop keeps answering, then serves the next task', async () => {
    work = pool();
    await work.run(TASKS, 'echo', 'warm', { budgetMs: 20_000 }); // the thread is loaded before the clock starts
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = Date.now();
    const error = await failure(work.run(TASKS, 'spin', null, { budgetMs: 300 }));
    delay.disable();
    expect(error).toBeInstanceOf(WorkError);
    expect(error!.kind).toBe('timeout');
    expect(error!.message).toContain('300 ms');
    expect(Date.now() - started).toBeLessThan(10_000);
    // The loop spun in another thread: this one was never held up for long.
    expect(delay.max / 1e6).toBeLessThan(250);
    await expect(work.run(TASKS, 'echo', 'after', { budgetMs: 20_000 })).resolves.toBe('after');
  });

  (cpuClock ? it : it.skip)('counts the CPU time a task runs, not the time it waits (for a core, or for a timer)', async () => {
    work = pool();
    await work.run(TASKS, 'echo', 'warm', { budgetMs: 20_000 });
    // Three budgets of waiting use almost no CPU time: the task ends. Had wall time counted, it would have been stopped.
    await expect(work.run(TASKS, 'later', { ms: 600, value: 'waited' }, { budgetMs: 200 })).resolves.toBe('waited');
  });

  it('stops a task that waits past ten budgets all the same', async () => {
    work = pool();
    await work.run(TASKS, 'echo', 'warm', { budgetMs: 20_000 });
    const error = await failure(work.run(TASKS, 'later', { ms: 60_000, value: 'never' }, { budgetMs: 100 }));
    expect(error).toMatchObject({ kind: 'timeout', message: expect.stringContaining('100 ms') });
    await expect(work.run(TASKS, 'echo', 'after', { budgetMs: 20_000 })).resolves.toBe('after');
  });

  it('stops a task past its heap with kind memory', async () => {
    work = pool({ memoryMb: 32 });
    const error = await failure(work.run(TASKS, 'hoard', null, { budgetMs: 60_000 }));
    expect(error!.kind).toBe('memory');
    await expect(work.run(TASKS, 'echo', 'after', { budgetMs: 20_000 })).resolves.toBe('after');
  });

  it('answers what a task threw with its name, message and details', async () => {
    work = pool();
    const error = await failure(work.run(TASKS, 'refuse', 'too big', { budgetMs: 20_000 }));
    expect(error).toMatchObject({ kind: 'failed', causeName: 'TooLarge', message: 'refused: too big', details: { reason: 'too big' } });
    const deep = await failure(work.run(TASKS, 'recurse', 10_000_000, { budgetMs: 20_000 }));
    expect(deep).toMatchObject({ kind: 'failed', causeName: 'RangeError' });
  });

  it('refuses work past the queue and past a key’s share at once, with busy', async () => {
    work = pool({ maxQueued: 1, maxPerKey: 2 });
    const slow = { ms: 200, value: 'x' };
    const running = work.run(TASKS, 'later', slow, { budgetMs: 20_000, key: 'org-a' });
    const queued = work.run(TASKS, 'later', slow, { budgetMs: 20_000, key: 'org-a' });
    // org-a holds its two; org-b would fit its key, but the queue (1) is full.
    expect(await failure(work.run(TASKS, 'echo', 1, { budgetMs: 20_000, key: 'org-a' }))).toMatchObject({ kind: 'busy' });
    expect(await failure(work.run(TASKS, 'echo', 1, { budgetMs: 20_000, key: 'org-b' }))).toMatchObject({ kind: 'busy' });
    await expect(Promise.all([running, queued])).resolves.toEqual(['x', 'x']);
    // Shares are given back when tasks end.
    await expect(work.run(TASKS, 'echo', 2, { budgetMs: 20_000, key: 'org-a' })).resolves.toBe(2);
  });

  it('fails waiting and running tasks with busy when closed', async () => {
    work = pool();
    const running = failure(work.run(TASKS, 'spin', null, { budgetMs: 60_000 }));
    const waiting = failure(work.run(TASKS, 'echo', 1, { budgetMs: 60_000 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await work.close();
    expect(await running).toMatchObject({ kind: 'busy' });
    expect(await waiting).toMatchObject({ kind: 'busy' });
  });
});
