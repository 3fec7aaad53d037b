/**
 * Runs work one at a time per key, in arrival order: work holding any key another running work
 * holds waits for it. Writers use it for names that must be unique across instances (a hostname),
 * whose check is a read-model query: the second claimant's check runs only once the first write is
 * projected, so it sees it. In one process only: several API processes against one EventStoreDB
 * can still race (docs/decisions.md).
 */
export class KeyedExclusion {
  /** The last work to have claimed each key; removed when that work ends and nobody came after it. */
  private readonly tails = new Map<string, Promise<void>>();

  async run<T>(keys: readonly string[], work: () => Promise<T>): Promise<T> {
    if (keys.length === 0) return work();
    const unique = [...new Set(keys)];
    // Only work that arrived earlier is waited for, so waits never form a cycle.
    const earlier = unique.flatMap((key) => this.tails.get(key) ?? []);
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    for (const key of unique) this.tails.set(key, mine);
    try {
      await Promise.all(earlier);
      return await work();
    } finally {
      release();
      for (const key of unique) if (this.tails.get(key) === mine) this.tails.delete(key);
    }
  }

  /** Keys some work holds or waits for (for tests). */
  get size(): number {
    return this.tails.size;
  }
}
