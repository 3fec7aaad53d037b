import { Role } from '@docs/kernel';
import { defineReadModel, Doc, FindResult, found, Page, ReadModels, Provided } from '@docs/platform/projections';
import * as ranked from '../content-tree/ranked-children';

/** The collections read model: collections of an organization, ordered by rank within their parent. */
export interface CollectionDoc extends Doc {
  organizationId: string;
  /** The parent collection, or null at the organization's top level. */
  parent: string | null;
  /** The place among the parent's children (fractional index: compares as a plain string). */
  rank: string;
  /**
   * The ranks from the top-level collection down to this one, joined by a space (which sorts before
   * every rank character): the organization's collections in this order are a depth-first walk of
   * the tree, each collection right before its sub-collections, siblings by rank.
   */
  treeRank: string;
  title: string;
  description: string;
  defaultLevel: Role | null;
  createdAt: string;
  updatedAt: string;
}

/** Joins a parent's tree rank and a child's rank (see CollectionDoc.treeRank). */
export const treeRankOf = (parentTreeRank: string | null, rank: string): string =>
  parentTreeRank === null ? rank : `${parentTreeRank} ${rank}`;

export const COLLECTIONS = defineReadModel<CollectionDoc>({
  name: 'collections',
  lists: [
    // GET .../collections: the organization's whole tree, depth-first.
    ['organizationId', 'treeRank'],
    // A parent's children by rank: GET .../collections?nested=false (the top level), neighbours of a move, emptiness.
    ['organizationId', 'parent', 'rank'],
  ],
});

/** The deepest nesting of collections followed when walking up parents (a guard against bad data). */
const MAX_DEPTH = 64;

const BY_RANK = { field: 'rank', direction: 'asc' } as const;
const BY_TREE_RANK = { field: 'treeRank', direction: 'asc' } as const;

/** The queries over the collections read model. Other parts of the content context read collections here. */
@Provided()
export class CollectionsReadModel {
  constructor(private readonly readModels: ReadModels) {}

  async collection(organizationId: string, collectionId: string): Promise<CollectionDoc> {
    return found(await this.readModels.getIn(COLLECTIONS, collectionId, 'organizationId', organizationId), 'collection not found');
  }

  /** The collection, whatever its organization, or null. */
  collectionById(collectionId: string): Promise<CollectionDoc | null> {
    return this.readModels.get(COLLECTIONS, collectionId);
  }

  /** Collections by id, whatever their organization (missing ones left out). */
  collectionsById(ids: string[]): Promise<CollectionDoc[]> {
    return this.readModels.getMany(COLLECTIONS, ids);
  }

  /** The ids of the collections above `collectionId`, nearest first. */
  async ancestors(collectionId: string): Promise<string[]> {
    const ancestors: string[] = [];
    let current = await this.readModels.get(COLLECTIONS, collectionId);
    while (current?.parent && ancestors.length < MAX_DEPTH) {
      ancestors.push(current.parent);
      current = await this.readModels.get(COLLECTIONS, current.parent);
    }
    return ancestors;
  }

  /** A page of the organization's collections: every one depth-first (`nested`), or the top level by rank. */
  collections(organizationId: string, nested: boolean, page: Page): Promise<FindResult<CollectionDoc>> {
    return nested
      ? this.readModels.findIn(COLLECTIONS, 'organizationId', organizationId, BY_TREE_RANK, page)
      : this.readModels.find(COLLECTIONS, { where: ranked.childrenOf(organizationId, null), sort: BY_RANK, ...page });
  }

  /** How many collections `parent` holds directly (a counter). */
  subCollectionCount(organizationId: string, parent: string): Promise<number> {
    return this.readModels.count(COLLECTIONS, { where: ranked.childrenOf(organizationId, parent) });
  }

  /** The last child collection of `parent` by rank, leaving `except` out (see ranked-children.ts). */
  lastChild(organizationId: string, parent: string | null, except: string | null): Promise<CollectionDoc | null> {
    return ranked.lastChild(this.readModels, COLLECTIONS, { organizationId, parent, except });
  }

  /** The child collection of `parent` next to `rank` on one side, leaving `except` out (see ranked-children.ts). */
  nextTo(
    organizationId: string,
    parent: string | null,
    side: 'after' | 'before',
    rank: string,
    except: string | null,
  ): Promise<CollectionDoc | null> {
    return ranked.nextTo(this.readModels, COLLECTIONS, { organizationId, parent, side, rank, except });
  }
}
