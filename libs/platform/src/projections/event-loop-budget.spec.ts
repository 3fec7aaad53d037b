import { EventLoopBudget } from './event-loop-budget';

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('EventLoopBudget', () => {
  it('lets reads through at once while the pass has budget', async () => {
    // A budget no pause of a busy machine between the two calls can use up.
    const budget = new EventLoopBudget(10_000);
    expect(budget.turn()).toBeUndefined();
    expect(budget.turn()).toBeUndefined();
  });

  it('queues reads beyond the budget in arrival order, and the loop keeps turning in between', async () => {
    const budget = new EventLoopBudget(5);
    const order: string[] = [];
    // Reads and turns of the loop (a 1 ms interval fires in every timers phase after a pass of 4 ms or more).
    const seen: string[] = [];
    const heartbeat = setInterval(() => seen.push('|'), 1);
    // 15 requests arrive in callbacks of their own (as sockets do), each reading synchronously for
    // 4 ms: all 15 in one pass (60 ms) without the budget.
    const names = Array.from({ length: 15 }, (_, i) => `r${i}`);
    const read = (name: string) =>
      new Promise<void>((done) =>
        setImmediate(async () => {
          await budget.turn();
          order.push(name);
          seen.push(name);
          busy(4);
          done();
        }),
      );
    await Promise.all(names.map(read));
    clearInterval(heartbeat);
    expect(order).toEqual(names);
    // Counted in turns of the loop, not milliseconds, so a busy machine cannot fail it: a pass spends
    // its 5 ms on at most two reads of 4 ms, then the loop turns.
    const readsPerPass = seen
      .join(' ')
      .split('|')
      .map((pass) => pass.split(' ').filter(Boolean).length);
    expect(Math.max(...readsPerPass)).toBeLessThanOrEqual(2);
  });
});
