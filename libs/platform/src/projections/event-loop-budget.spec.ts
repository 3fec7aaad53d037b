import { EventLoopBudget } from './event-loop-budget';

const busy = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe('EventLoopBudget', () => {
  it('lets reads through at once while the pass has budget', async () => {
    const budget = new EventLoopBudget(5);
    expect(budget.turn()).toBeUndefined();
    expect(budget.turn()).toBeUndefined();
  });

  it('queues reads beyond the budget in arrival order, and the loop keeps turning in between', async () => {
    const budget = new EventLoopBudget(5);
    const order: string[] = [];
    const beats: number[] = [];
    const heartbeat = setInterval(() => beats.push(performance.now()), 1);
    // 15 requests arrive in callbacks of their own (as sockets do), each reading synchronously for
    // 4 ms: 60 ms in one pass without the budget.
    const names = Array.from({ length: 15 }, (_, i) => `r${i}`);
    const read = (name: string) =>
      new Promise<void>((done) =>
        setImmediate(async () => {
          await budget.turn();
          order.push(name);
          busy(4);
          done();
        }),
      );
    const started = performance.now();
    await Promise.all(names.map(read));
    const ended = performance.now();
    clearInterval(heartbeat);
    expect(order).toEqual(names);
    const times = [started, ...beats.filter((t) => t > started), ended];
    const longestStall = Math.max(...times.slice(1).map((t, i) => t - times[i]!));
    expect(longestStall).toBeLessThan(30);
  });
});
