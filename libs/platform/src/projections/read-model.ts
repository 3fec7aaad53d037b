import { Doc } from '../read-store/query';
import { CollectionSpec } from '../read-store/read-store';

/**
 * A read model's collection, declared once beside its document type and its queries: the owning
 * projection lists it in `collections` and writes it, query handlers read it. Passing the handle
 * (never the collection's name as a string) types every read and write with the document.
 */
export interface ReadModel<T extends Doc> extends CollectionSpec {
  /** Carries the document type only; never set. */
  readonly __document?: T;
}

/** A collection as a read model declares it: the spec, and the lists it answers. */
export interface ReadModelSpec extends CollectionSpec {
  /**
   * The lists the collection answers, each named by its index: the fields the list holds equal,
   * then the one it is ordered by (`['organizationId', 'createdAt']`). Each becomes that index
   * (first among `indexes`) and a count of its scope, every field but the last (first among
   * `counts`), so the page is one index range and its count one counter (docs/read-models.md).
   */
  lists?: string[][];
}

export function defineReadModel<T extends Doc>({ lists, ...spec }: ReadModelSpec): ReadModel<T> {
  if (!lists) return Object.freeze(spec) as ReadModel<T>;
  const scopes = new Map(lists.map((list) => list.slice(0, -1)).map((scope) => [JSON.stringify(scope), scope]));
  return Object.freeze({
    ...spec,
    indexes: [...lists, ...(spec.indexes ?? [])],
    counts: [...scopes.values(), ...(spec.counts ?? [])],
  }) as ReadModel<T>;
}

/** A collection named by its handle, or by its logical name (platform tests and tools). */
export type CollectionRef<T extends Doc> = ReadModel<T> | string;

export const collectionName = (ref: CollectionRef<Doc>): string => (typeof ref === 'string' ? ref : ref.name);
