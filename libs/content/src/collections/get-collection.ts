import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CollectionScopeQuery, VisibleCollection } from './collection-scope';

export class GetCollection extends CollectionScopeQuery<VisibleCollection> {}

/** GET /v1/collections/{collectionId}: organization members with a role (404 to anyone else). */
@QueryHandler(GetCollection)
export class GetCollectionHandler implements IQueryHandler<GetCollection> {
  execute({ scope }: GetCollection): Promise<VisibleCollection> {
    return scope.visible();
  }
}
