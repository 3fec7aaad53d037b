/** A served answer as it is sent: content type, body bytes and its own headers. */
export interface KeptAnswer {
  type: string;
  body: Buffer;
  headers: Readonly<Record<string, string>>;
}

/** What an entry is counted for beside its body: its key, type, headers and the map's own bookkeeping. */
const ENTRY_OVERHEAD = 256;

const sizeOf = (etag: string, answer: KeptAnswer) =>
  answer.body.length +
  etag.length +
  answer.type.length +
  Object.entries(answer.headers).reduce((sum, [name, value]) => sum + name.length + value.length, 0) +
  ENTRY_OVERHEAD;

/**
 * Answers of served pages kept by their ETag, least recently used first out, bounded by bytes. An
 * ETag names all an answer is made of (revisions, customization, file URL window, site base, what the
 * reader's claims show): two answers with the same ETag are the same bytes, so a kept one never goes stale.
 * An answer larger than an eighth of the budget is not kept (it would push out many others).
 */
export class AnswerCache {
  private readonly entries = new Map<string, { answer: KeptAnswer; size: number }>();
  private used = 0;

  constructor(private readonly maxBytes: number) {}

  /** The bytes the kept answers are counted for (at most the budget). */
  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.entries.size;
  }

  get(etag: string): KeptAnswer | undefined {
    const entry = this.entries.get(etag);
    if (!entry) return undefined;
    this.entries.delete(etag);
    this.entries.set(etag, entry);
    return entry.answer;
  }

  set(etag: string, answer: KeptAnswer): void {
    this.delete(etag);
    const size = sizeOf(etag, answer);
    if (size > this.maxBytes / 8) return;
    this.entries.set(etag, { answer, size });
    this.used += size;
    for (const [oldest, entry] of this.entries) {
      if (this.used <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.used -= entry.size;
    }
  }

  delete(etag: string): void {
    const entry = this.entries.get(etag);
    if (!entry) return;
    this.entries.delete(etag);
    this.used -= entry.size;
  }
}
