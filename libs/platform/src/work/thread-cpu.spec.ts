import { ownThreadId, threadCpuMs } from './thread-cpu';

describe('threadCpuMs', () => {
  const tid = ownThreadId();

  (tid === null ? it.skip : it)("reads a thread's CPU time, which grows while it runs and not while it waits", async () => {
    const before = threadCpuMs(tid!)!;
    const until = Date.now() + 50;
    while (Date.now() < until) {
      // runs for 50 ms of wall time: at least some of it on a core
    }
    const ran = threadCpuMs(tid!)!;
    expect(ran).toBeGreaterThan(before);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(threadCpuMs(tid!)! - ran).toBeLessThan(100);
  });

  it('answers null for a thread that is not there', () => {
    expect(threadCpuMs(2 ** 31 - 1)).toBeNull();
  });
});
