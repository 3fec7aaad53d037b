import { Doc } from './query';

/** Parsed documents kept between reads; past this many, the oldest go first. */
export const DOC_CACHE_SIZE = 20_000;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/**
 * Parsed read-model documents of one SQLite reader connection, so a GET does not parse the same
 * JSON again and again. It is exact: SQLite's `data_version` changes whenever another connection
 * (this process's projection writer, another process) commits, and every read snapshot starts by
 * handing it to `sync`, which forgets everything on a change. Documents handed out are frozen,
 * because every caller shares them: code that wants a changed copy spreads it.
 */
export class DocCache {
  private version: number | null = null;
  private readonly collections = new Map<string, Map<string, Doc | null>>();
  private size = 0;

  constructor(private readonly capacity = DOC_CACHE_SIZE) {}

  /** The version of the snapshot the next reads come from. */
  sync(version: number): void {
    if (version === this.version) return;
    this.version = version;
    this.collections.clear();
    this.size = 0;
  }

  /** The document, null when known to be absent, undefined when not cached. */
  get<T extends Doc>(collection: string, id: string): T | null | undefined {
    return this.collections.get(collection)?.get(id) as T | null | undefined;
  }

  put<T extends Doc>(collection: string, id: string, doc: T | null): T | null {
    let docs = this.collections.get(collection);
    if (!docs) this.collections.set(collection, (docs = new Map()));
    if (!docs.has(id)) {
      if (this.size >= this.capacity) this.evictOne();
      this.size++;
    }
    docs.set(id, deepFreeze(doc));
    return doc;
  }

  private evictOne(): void {
    for (const docs of this.collections.values()) {
      const oldest = docs.keys().next();
      if (!oldest.done) {
        docs.delete(oldest.value);
        this.size--;
        return;
      }
    }
  }
}
