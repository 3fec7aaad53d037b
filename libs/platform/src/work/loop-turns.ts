/**
 * Long work on the event loop in turns: once the caller has held the loop `holdMs`, `take()` lets
 * timers, I/O and requests (`/health`) run before it goes on. The same work, in slices.
 */
export class LoopTurns {
  private since = performance.now();

  constructor(private readonly holdMs = 10) {}

  async take(): Promise<void> {
    if (performance.now() - this.since < this.holdMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.since = performance.now();
  }
}

/**
 * Runs work written as a generator (each `yield` a point where it may pause) to its result, letting
 * the loop turn at those points once it has been held `turns`' hold time.
 */
export async function inTurns<T>(steps: Generator<unknown, T>, turns: LoopTurns = new LoopTurns()): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await turns.take();
  }
}
