import { Injectable } from '@nestjs/common';
import { defineReadModel, Doc, found, ReadModels } from '@docs/platform';
import { SpaceRole } from '../domain/space-roles';

/** The collections read model: collections of an organization, ordered by rank within their parent. */
export interface CollectionDoc extends Doc {
  organizationId: string;
  /** The parent collection, or null at the organization's top level. */
  parent: string | null;
  rank: string;
  title: string;
  description: string;
  defaultLevel: SpaceRole | null;
  createdAt: string;
  updatedAt: string;
}

export const COLLECTIONS = defineReadModel<CollectionDoc>({
  name: 'collections',
  // GET .../collections (the organization's, by rank) and a collection's sub-collections.
  indexes: [['organizationId', 'rank'], ['organizationId', 'parent', 'rank']],
  counts: [['organizationId'], ['organizationId', 'parent']],
});

/** The deepest nesting of collections followed when walking up parents (a guard against bad data). */
const MAX_DEPTH = 64;

/** The queries over the collections read model. Other parts of the content context read collections here. */
@Injectable()
export class CollectionsReadModel {
  constructor(private readonly readModels: ReadModels) {}

  async collection(organizationId: string, collectionId: string): Promise<CollectionDoc> {
    return found(await this.readModels.getIn(COLLECTIONS, collectionId, 'organizationId', organizationId), 'collection not found');
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
}
