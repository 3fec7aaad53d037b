import { RecordedEvent } from '../event-store/event-store';
import { Doc, FindQuery, FindResult } from '../read-store/query';
import { CollectionSpec, ReadModelWriter } from '../read-store/read-store';

/**
 * A read-model projector. It follows the global log strictly in order from its checkpoint and
 * writes documents of its own collections (logical names; the runner maps them to versioned
 * physical collections such as `organizations_v1`). Bump `version` when the documents' shape
 * changes: the new version rebuilds from the start of the log into fresh collections.
 */
export interface Projection {
  name: string;
  version: number;
  collections: CollectionSpec[];
  /** Event types `apply` cares about; the checkpoint moves past the others without calling it. */
  handles: readonly string[];
  apply(event: RecordedEvent, writer: ProjectionWriter): Promise<void>;
  /**
   * True when `apply` reads documents by id only (get/update, never find). A replay then loads the
   * fresh collections first and builds their indexes and counters once at the end, which is faster
   * than keeping every index up to date through the whole log.
   */
  applyReadsByIdOnly?: boolean;
}

/** What a projection may do with its collections during one batch. */
export interface ProjectionWriter {
  get<T extends Doc>(collection: string, id: string): Promise<T | null>;
  find<T extends Doc>(collection: string, query: FindQuery): Promise<FindResult<T>>;
  put(collection: string, doc: Doc): void;
  delete(collection: string, id: string): void;
  /** `evolve(document | null, event) -> document | null` applied to one document. */
  update<T extends Doc>(collection: string, id: string, evolve: (doc: T | null) => T | null): Promise<T | null>;
}

export function projectionWriter(inner: ReadModelWriter, physical: (logical: string) => string): ProjectionWriter {
  return {
    get: (c, id) => inner.get(physical(c), id),
    find: (c, q) => inner.find(physical(c), q),
    put: (c, doc) => inner.put(physical(c), doc),
    delete: (c, id) => inner.delete(physical(c), id),
    update: async <T extends Doc>(c: string, id: string, evolve: (doc: T | null) => T | null) => {
      const next = evolve(await inner.get<T>(physical(c), id));
      if (next) inner.put(physical(c), next);
      else inner.delete(physical(c), id);
      return next;
    },
  };
}

/** The Nest provider token under which each module registers its projections (multi-provider). */
export const PROJECTIONS = Symbol('PROJECTIONS');
