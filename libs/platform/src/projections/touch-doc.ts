import { Doc } from '../read-store/query';
import { ProjectionWriter } from './projection';
import { CollectionRef } from './read-model';

/**
 * An event's change to one document: `change` applied to the document `id`, if there is one, and
 * `updatedAt` set to `at` (the event's time). Resolves to the document as written, or null when
 * there was none (an event about a document the projection does not hold changes nothing).
 */
export function touchDoc<T extends Doc & { updatedAt: string }>(
  w: ProjectionWriter,
  collection: CollectionRef<T>,
  id: string,
  at: string,
  change: (doc: T) => Partial<T> = () => ({}),
): Promise<T | null> {
  return w.update(collection, id, (doc) => doc && { ...doc, ...change(doc), updatedAt: at });
}
