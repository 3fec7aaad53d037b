/** What the cache of rendered PDFs holds at most (docs/content-design.md, "PDF export, as built"). */
export const PDF_CACHE = {
  /** Bytes of PDFs kept, least recently used out first. */
  bytes: 64 * 1024 * 1024,
  /** A larger PDF is served but not kept. */
  entryBytes: 16 * 1024 * 1024,
  /** How long a render that failed for its size (time or memory) answers the same at once. */
  failureMs: 5 * 60_000,
  /** Failures remembered at most. */
  failures: 1000,
} as const;

/**
 * Rendered PDFs by what their signed link names, so that a link asked again (anyone holding it may
 * repeat it) costs no rendering: kept within a byte budget, least recently used out first. Renders
 * of one key in flight are shared, and a render that failed in a way `remembered` accepts (ran past
 * its time or memory) fails again at once for a while.
 */
export class RenderedPdfs {
  private readonly kept = new Map<string, Uint8Array>();
  private readonly failed = new Map<string, { error: unknown; until: number }>();
  private readonly pending = new Map<string, Promise<Uint8Array>>();
  private size = 0;

  constructor(
    private readonly remembered: (error: unknown) => boolean,
    private readonly limits: { bytes: number; entryBytes: number; failureMs: number; failures: number } = PDF_CACHE,
    private readonly now: () => number = Date.now,
  ) {}

  /** The PDF kept for `key`, or the one `render` makes (then kept when small enough). */
  get(key: string, render: () => Promise<Uint8Array>): Promise<Uint8Array> {
    const bytes = this.kept.get(key);
    if (bytes) {
      this.kept.delete(key);
      this.kept.set(key, bytes);
      return Promise.resolve(bytes);
    }
    const failure = this.failed.get(key);
    if (failure && failure.until > this.now()) return Promise.reject(failure.error);
    this.failed.delete(key);
    let pending = this.pending.get(key);
    if (!pending) {
      pending = render().then(
        (rendered) => {
          this.keep(key, rendered);
          return rendered;
        },
        (error: unknown) => {
          if (this.remembered(error)) this.remember(key, error);
          throw error;
        },
      );
      const settled = pending.finally(() => this.pending.delete(key));
      settled.catch(() => undefined);
      this.pending.set(key, pending);
    }
    return pending;
  }

  /** Bytes and entries kept (for tests). */
  stats(): { bytes: number; entries: number } {
    return { bytes: this.size, entries: this.kept.size };
  }

  private keep(key: string, bytes: Uint8Array): void {
    if (bytes.byteLength > this.limits.entryBytes) return;
    this.kept.set(key, bytes);
    this.size += bytes.byteLength;
    for (const [oldest, old] of this.kept) {
      if (this.size <= this.limits.bytes) break;
      this.kept.delete(oldest);
      this.size -= old.byteLength;
    }
  }

  private remember(key: string, error: unknown): void {
    this.failed.set(key, { error, until: this.now() + this.limits.failureMs });
    if (this.failed.size > this.limits.failures) this.failed.delete(this.failed.keys().next().value!);
  }
}
