import { Doc } from '../read-store/query';
import { ReadModelWriter } from '../read-store/read-store';

/** Documents a replay keeps in memory at most; past this, the oldest go first. */
export const REPLAY_CACHE_SIZE = 100_000;

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/**
 * The documents of a generation being rebuilt, kept across the replay's batches. A replay is the
 * only writer of its fresh collections and nobody reads them before the swap, so a write-through
 * cache is exact: documents a projection reads again and again (directory entries read by every
 * MemberJoined) come from memory instead of SQLite and JSON.parse. A failing batch aborts the whole
 * replay, cache included. Documents are frozen, as in the read side's cache: projections build new
 * documents rather than change the ones they read.
 */
export class ReplayCache {
  private readonly docs = new Map<string, Map<string, Doc | null>>();
  private size = 0;

  constructor(private readonly capacity = REPLAY_CACHE_SIZE) {}

  /** A batch writer that reads through this cache and writes through it. */
  around(inner: ReadModelWriter): ReadModelWriter {
    return {
      get: async <T extends Doc>(collection: string, id: string): Promise<T | null> => {
        const cached = this.docs.get(collection)?.get(id);
        if (cached !== undefined) return cached as T | null;
        return this.remember(collection, id, await inner.get<T>(collection, id));
      },
      find: (collection, query) => inner.find(collection, query),
      put: (collection, doc) => {
        inner.put(collection, doc);
        this.remember(collection, doc.id, doc);
      },
      delete: (collection, id) => {
        inner.delete(collection, id);
        this.remember(collection, id, null);
      },
    };
  }

  private remember<T extends Doc>(collection: string, id: string, doc: T | null): T | null {
    let docs = this.docs.get(collection);
    if (!docs) this.docs.set(collection, (docs = new Map()));
    if (!docs.has(id)) {
      if (this.size >= this.capacity) this.evictOne();
      this.size++;
    }
    docs.set(id, deepFreeze(doc));
    return doc;
  }

  private evictOne(): void {
    for (const docs of this.docs.values()) {
      const oldest = docs.keys().next();
      if (!oldest.done) {
        docs.delete(oldest.value);
        this.size--;
        return;
      }
    }
  }
}
