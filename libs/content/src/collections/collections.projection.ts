import { defineProjection, everyPage, ProjectionWriter, Sort, touchDoc } from '@docs/platform/projections';
import { childrenOf } from '../content-tree/ranked-children';
import { CollectionEvent } from './collection.events';
import { CollectionDoc, COLLECTIONS, treeRankOf } from './collections.read-model';

const PAGE = 500;
const BY_RANK: Sort = { field: 'rank', direction: 'asc' };

/** The tree rank of a child of `parent` (null: the top level) ranked `rank`. */
async function treeRankUnder(w: ProjectionWriter, parent: string | null, rank: string): Promise<string> {
  const parentDoc = parent === null ? null : await w.get(COLLECTIONS, parent);
  return treeRankOf(parentDoc?.treeRank ?? null, rank);
}

/** Gives every collection below `top` the tree rank that follows from `top`'s (after a move), level by level. */
async function retreeBelow(w: ProjectionWriter, top: CollectionDoc): Promise<void> {
  let level: CollectionDoc[] = [top];
  for (let depth = 0; level.length > 0 && depth < 64; depth++) {
    const next: CollectionDoc[] = [];
    for (const parent of level) {
      const where = childrenOf(parent.organizationId, parent.id);
      for await (const children of everyPage((page) => w.find(COLLECTIONS, { where, sort: BY_RANK, ...page }), PAGE)) {
        for (const child of children) {
          const moved = { ...child, treeRank: treeRankOf(parent.treeRank, child.rank) };
          w.put(COLLECTIONS, moved);
          next.push(moved);
        }
      }
    }
    level = next;
  }
}

/** Collections of organizations: their settings and their place (parent, rank, place in the tree). */
export const collectionsProjection = defineProjection<CollectionEvent>({
  name: 'collections',
  version: 1,
  collections: [COLLECTIONS],
  on: {
    async CollectionCreated({ data, metadata: { occurredAt } }, w) {
      const { collectionId, organizationId, parent, rank, title, description, defaultLevel } = data;
      w.put(COLLECTIONS, {
        id: collectionId,
        organizationId,
        parent,
        rank,
        treeRank: await treeRankUnder(w, parent, rank),
        title,
        description,
        defaultLevel,
        createdAt: occurredAt,
        updatedAt: occurredAt,
      });
    },
    async CollectionUpdated({ data: { collectionId, changes }, metadata: { occurredAt } }, w) {
      await touchDoc(w, COLLECTIONS, collectionId, occurredAt, () => changes);
    },
    async CollectionMoved({ data: { collectionId, parent, rank }, metadata: { occurredAt } }, w) {
      const doc = await w.get(COLLECTIONS, collectionId);
      if (!doc) return;
      const moved = { ...doc, parent, rank, treeRank: await treeRankUnder(w, parent, rank), updatedAt: occurredAt };
      w.put(COLLECTIONS, moved);
      await retreeBelow(w, moved);
    },
    CollectionDeleted({ data: { collectionId } }, w) {
      w.delete(COLLECTIONS, collectionId);
    },
  },
});
