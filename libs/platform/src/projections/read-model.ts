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

export function defineReadModel<T extends Doc>(spec: CollectionSpec): ReadModel<T> {
  return Object.freeze({ ...spec }) as ReadModel<T>;
}

/** A collection named by its handle, or by its logical name (platform tests and tools). */
export type CollectionRef<T extends Doc> = ReadModel<T> | string;

export const collectionName = (ref: CollectionRef<Doc>): string => (typeof ref === 'string' ? ref : ref.name);
