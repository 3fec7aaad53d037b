import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { SpacesReadModel } from './spaces.read-model';
import { CollectionScope } from '../../collections/collection-scope';
import { SpaceAccess } from '../space-access';
import { SpaceView } from '../space-scope';

/** A page of a collection's spaces, in the request's collection scope. */
export class ListSpacesInCollection extends Query<FindResult<SpaceView>> {
  constructor(
    readonly props: { page: Page },
    readonly scope: CollectionScope,
  ) {
    super();
  }
}

/**
 * GET /v1/collections/{collectionId}/spaces (listSpacesInCollectionById): the spaces directly in
 * the collection, by rank, without the trash, each with the caller's role. The collection is seen
 * by the organization's members with a role (404 to anyone else, as getCollectionById), and their
 * role reaches every space of the organization, so they see every space in it.
 */
@QueryHandler(ListSpacesInCollection)
export class ListSpacesInCollectionHandler implements IQueryHandler<ListSpacesInCollection> {
  constructor(
    private readonly access: SpaceAccess,
    private readonly spaces: SpacesReadModel,
  ) {}

  async execute({ props: { page }, scope }: ListSpacesInCollection): Promise<FindResult<SpaceView>> {
    const { collection, role } = await scope.visible();
    const caller = await this.access.memberFacts(collection.organizationId, scope.actor, role);
    const result = await this.spaces.spacesIn(collection.organizationId, collection.id, page);
    const roles = await this.access.rolesOn(result.items, caller);
    return { ...result, items: result.items.map((space) => ({ space, role: roles.get(space.id)! })) };
  }
}
