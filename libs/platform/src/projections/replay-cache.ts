import { FrozenDocs } from '../read-store/frozen-docs';
import { Doc } from '../read-store/query';
import { ReadModelWriter } from '../read-store/read-store';

/** Documents a replay keeps in memory at most; past this, the oldest go first. */
export const REPLAY_CACHE_SIZE = 100_000;

/**
 * The documents of a generation being rebuilt, kept across the replay's batches. A replay is the
 * only writer of its fresh collections and nobody reads them before the swap, so a write-through
 * cache is exact: documents a projection reads again and again (directory entries read by every
 * MemberJoined) come from memory instead of SQLite and JSON.parse. A failing batch aborts the whole
 * replay, cache included. Documents are frozen, as in the read side's cache: projections build new
 * documents rather than change the ones they read.
 */
export class ReplayCache {
  private readonly docs: FrozenDocs;

  constructor(capacity = REPLAY_CACHE_SIZE) {
    this.docs = new FrozenDocs(capacity);
  }

  /** A batch writer that reads through this cache and writes through it. */
  around(inner: ReadModelWriter): ReadModelWriter {
    return {
      get: async <T extends Doc>(collection: string, id: string): Promise<T | null> => {
        const cached = this.docs.get<T>(collection, id);
        if (cached !== undefined) return cached;
        return this.docs.put(collection, id, await inner.get<T>(collection, id));
      },
      find: (collection, query) => inner.find(collection, query),
      put: (collection, doc) => {
        // Frozen for the cache; a writer that takes frozen documents keeps this very one, uncopied.
        this.docs.put(collection, doc.id, doc);
        if (inner.putFrozen) inner.putFrozen(collection, doc);
        else inner.put(collection, doc);
      },
      delete: (collection, id) => {
        inner.delete(collection, id);
        this.docs.put(collection, id, null);
      },
    };
  }
}
