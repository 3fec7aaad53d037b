import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { OrganizationQuery } from '@docs/organizations';
import { CollectionDoc, CollectionsReadModel } from './collections.read-model';

export class ListCollections extends OrganizationQuery<{ nested: boolean; page: Page }, FindResult<CollectionDoc>> {}

/** Guests see only what is shared with them, never the organization's list of collections. */
export const GUESTS_CANNOT_LIST_COLLECTIONS = 'guests cannot list the collections of the organization';

/**
 * GET /v1/orgs/{organizationId}/collections: organization members with a role. `nested` (default)
 * lists every collection, depth-first (each right before its sub-collections, siblings by rank);
 * otherwise only the top level, by rank.
 */
@QueryHandler(ListCollections)
export class ListCollectionsHandler implements IQueryHandler<ListCollections> {
  constructor(private readonly read: CollectionsReadModel) {}

  async execute({ props: { nested, page }, scope }: ListCollections): Promise<FindResult<CollectionDoc>> {
    await scope.requireRole(GUESTS_CANNOT_LIST_COLLECTIONS);
    return this.read.collections(scope.organizationId, nested, page);
  }
}
