import { FrozenDocs } from './frozen-docs';
import { Doc } from './query';

/** Parsed documents kept between reads; past this many, the oldest go first. */
export const DOC_CACHE_SIZE = 20_000;

/**
 * Parsed read-model documents of one SQLite reader connection, so a GET does not parse the same
 * JSON again and again. It is exact: SQLite's `data_version` changes whenever another connection
 * (this process's projection writer, another process) commits, and every read snapshot starts by
 * handing it to `sync`, which forgets everything on a change. Documents handed out are frozen,
 * because every caller shares them: code that wants a changed copy spreads it.
 */
export class DocCache {
  private version: number | null = null;
  private readonly docs: FrozenDocs;

  constructor(capacity = DOC_CACHE_SIZE) {
    this.docs = new FrozenDocs(capacity);
  }

  /** The version of the snapshot the next reads come from. */
  sync(version: number): void {
    if (version === this.version) return;
    this.version = version;
    this.docs.clear();
  }

  /** The document, null when known to be absent, undefined when not cached. */
  get<T extends Doc>(collection: string, id: string): T | null | undefined {
    return this.docs.get<T>(collection, id);
  }

  put<T extends Doc>(collection: string, id: string, doc: T | null): T | null {
    return this.docs.put(collection, id, doc);
  }
}
