import { Injectable, PipeTransform } from '@nestjs/common';
import { AuthenticatedRequest, RequestScope, scopeInput } from '@docs/platform';
import { OrganizationDirectory } from '@docs/organizations';
import { CollectionScope } from './collection-scope';
import { CollectionsReadModel } from './collections.read-model';

@Injectable()
export class CollectionScopePipe implements PipeTransform<AuthenticatedRequest, CollectionScope> {
  constructor(
    private readonly read: CollectionsReadModel,
    private readonly directory: OrganizationDirectory,
  ) {}

  transform(request: AuthenticatedRequest): CollectionScope {
    const { id, caller } = scopeInput(request, 'collectionId');
    return new CollectionScope(id, caller, this.read, this.directory);
  }
}

/** The route's collection scope: `@InCollection() scope: CollectionScope` on `/v1/collections/:collectionId/…` routes. */
export const InCollection = () => RequestScope(CollectionScopePipe, ['collectionId']);
