import { FrozenDocs } from './frozen-docs';
import { Doc } from './query';

/** Parsed documents kept between reads; past this many, the oldest go first. */
export const DOC_CACHE_SIZE = 20_000;

/**
 * The documents this process's projection writer has written (or deleted) since the reader's last
 * snapshot began, by collection and id; or "everything" when a write cannot say what it changed
 * (a dropped collection, a new layout).
 */
export class ChangedDocs {
  private everything = false;
  private readonly byCollection = new Map<string, Set<string>>();

  add(collection: string, id: string): void {
    if (this.everything) return;
    let ids = this.byCollection.get(collection);
    if (!ids) this.byCollection.set(collection, (ids = new Set()));
    ids.add(id);
  }

  addAll(other: ChangedDocs): void {
    if (other.everything) this.addEverything();
    else
      other.forEach((collection, id) => {
        this.add(collection, id);
      });
  }

  addEverything(): void {
    this.everything = true;
    this.byCollection.clear();
  }

  get isEverything(): boolean {
    return this.everything;
  }

  forEach(visit: (collection: string, id: string) => void): void {
    for (const [collection, ids] of this.byCollection) for (const id of ids) visit(collection, id);
  }

  clear(): void {
    this.everything = false;
    this.byCollection.clear();
  }
}

/**
 * Parsed read-model documents of one SQLite reader connection, so a GET does not parse the same
 * JSON again and again. It is exact: SQLite's `data_version` changes whenever another connection
 * (this process's projection writer, another process) commits, and every read snapshot starts by
 * handing it to `sync`. When the store can vouch that only its own writer committed since the
 * last snapshot, `sync` forgets just the documents that writer changed; otherwise it forgets
 * everything. Documents handed out are frozen, because every caller shares them: code that wants a
 * changed copy spreads it.
 */
export class DocCache {
  private version: number | null = null;
  private readonly docs: FrozenDocs;

  constructor(capacity = DOC_CACHE_SIZE) {
    this.docs = new FrozenDocs(capacity);
  }

  /**
   * The version of the snapshot the next reads come from, and what changed since the last one:
   * the documents listed, or, with null, anything at all.
   */
  sync(version: number, changed: ChangedDocs | null): void {
    if (version === this.version) return;
    this.version = version;
    if (changed === null || changed.isEverything) this.docs.clear();
    else {
      changed.forEach((collection, id) => {
        this.docs.delete(collection, id);
      });
    }
  }

  /** The document, null when known to be absent, undefined when not cached. */
  get<T extends Doc>(collection: string, id: string): T | null | undefined {
    return this.docs.get<T>(collection, id);
  }

  put<T extends Doc>(collection: string, id: string, doc: T | null): T | null {
    return this.docs.put(collection, id, doc);
  }
}
