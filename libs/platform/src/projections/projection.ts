import { RecordedEvent } from '../event-store/event-store';
import { Doc, FindQuery, FindResult } from '../read-store/query';
import { CollectionSpec, ReadModelWriter } from '../read-store/read-store';
import { collectionName, CollectionRef } from './read-model';

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
  get<T extends Doc>(collection: CollectionRef<T>, id: string): Promise<T | null>;
  find<T extends Doc>(collection: CollectionRef<T>, query: FindQuery): Promise<FindResult<T>>;
  put<T extends Doc>(collection: CollectionRef<T>, doc: T): void;
  delete(collection: CollectionRef<Doc>, id: string): void;
  /** `evolve(document | null, event) -> document | null` applied to one document. */
  update<T extends Doc>(collection: CollectionRef<T>, id: string, evolve: (doc: T | null) => T | null): Promise<T | null>;
}

export function projectionWriter(inner: ReadModelWriter, physical: (logical: string) => string): ProjectionWriter {
  const at = (ref: CollectionRef<Doc>) => physical(collectionName(ref));
  return {
    get: <T extends Doc>(c: CollectionRef<T>, id: string) => inner.get<T>(at(c), id),
    find: <T extends Doc>(c: CollectionRef<T>, q: FindQuery) => inner.find<T>(at(c), q),
    put: (c, doc) => inner.put(at(c), doc),
    delete: (c, id) => inner.delete(at(c), id),
    update: async <T extends Doc>(c: CollectionRef<T>, id: string, evolve: (doc: T | null) => T | null) => {
      const next = evolve(await inner.get<T>(at(c), id));
      if (next) inner.put(at(c), next);
      else inner.delete(at(c), id);
      return next;
    },
  };
}

/** The Nest provider token under which each module registers its projections (multi-provider). */
export const PROJECTIONS = Symbol('PROJECTIONS');
