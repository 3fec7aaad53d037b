import { performance } from 'node:perf_hooks';

/**
 * Shares the event loop between requests. Read-model reads are synchronous (SQLite), so a burst of
 * requests would otherwise run back to back in one pass of the loop: 100 pages of 1 ms each keep
 * timers, new connections and `/health` waiting 100 ms (17 s was seen at 500 connections on the
 * O(n) lists), and 100 page reads of 0.2 ms each, 20 ms. Once requests (http-edge.ts) and lists
 * (ReadModels) have run for `budgetMs` in one pass, further ones queue (first come, first served)
 * and are let through in the next passes, one macrotask each, while budget lasts. Nothing is
 * slower on the whole: the same work is done, in smaller turns. One per process.
 */
export class EventLoopBudget {
  /** When the current pass started spending (null: no read in this pass yet). */
  private windowStart: number | null = null;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly budgetMs = 5) {}

  /** Undefined when the caller may read now; otherwise a promise of its turn. */
  turn(): Promise<void> | undefined {
    if (this.waiting.length === 0 && this.spendable()) return undefined;
    return new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      setImmediate(this.releaseOne);
    });
  }

  private spendable(): boolean {
    const now = performance.now();
    if (this.windowStart === null) {
      this.windowStart = now;
      // Runs in the next check phase, before the releases queued after it: each pass gets a fresh budget.
      setImmediate(this.closeWindow);
      return true;
    }
    return now - this.windowStart < this.budgetMs;
  }

  private readonly closeWindow = (): void => {
    this.windowStart = null;
  };

  /** One release per macrotask, so the budget is checked after each released read has run. */
  private readonly releaseOne = (): void => {
    if (this.waiting.length === 0) return;
    if (this.spendable()) this.waiting.shift()!();
    else setImmediate(this.releaseOne);
  };
}
