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
