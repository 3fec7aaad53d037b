import { everyPage } from '../read-store/every-page';
import { Doc, Scalar } from '../read-store/query';
import { ProjectionWriter } from './projection';
import { CollectionRef } from './read-model';

const PAGE = 500;

/**
 * Deletes every document of the collection whose `field` holds `value` (what goes with a deleted
 * owner: a purged space's revisions, a deleted spec's versions), a page at a time, so the batch
 * never holds the whole set. Declare an index on `field`.
 */
export async function deleteWhere<T extends Doc>(
  w: ProjectionWriter,
  collection: CollectionRef<T>,
  field: keyof T & string,
  value: Scalar,
) {
  for await (const docs of everyPage((page) => w.find(collection, { where: [{ field, op: 'eq', value }], ...page }), PAGE)) {
    for (const doc of docs) w.delete(collection, doc.id);
  }
}
