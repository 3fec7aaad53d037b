import { Injectable, PipeTransform } from '@nestjs/common';
import { AuthenticatedRequest, RequestScope } from '@docs/platform';
import { OrganizationDirectory } from '@docs/organizations';
import { CollectionScope } from '../application/collection-scope';
import { CollectionsReadModel } from '../projections/collections.read-model';

@Injectable()
export class CollectionScopePipe implements PipeTransform<AuthenticatedRequest, CollectionScope> {
  constructor(
    private readonly read: CollectionsReadModel,
    private readonly directory: OrganizationDirectory,
  ) {}

  transform(request: AuthenticatedRequest): CollectionScope {
    const { collectionId } = request.params as { collectionId?: string };
    if (collectionId === undefined || !request.caller) throw new Error('InCollection used on a route without {collectionId} or without auth');
    return new CollectionScope(collectionId, request.caller, this.read, this.directory);
  }
}

/** The route's collection scope: `@InCollection() scope: CollectionScope` on `/v1/collections/:collectionId/…` routes. */
export const InCollection = () => RequestScope(CollectionScopePipe, ['collectionId']);
