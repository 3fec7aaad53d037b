import { RequestScope, scopeInput, scopePipe } from '@docs/platform';
import { OrganizationDirectory } from '@docs/organizations';
import { CollectionScope } from './collection-scope';
import { CollectionsReadModel } from './collections.read-model';

export const CollectionScopePipe = scopePipe([CollectionsReadModel, OrganizationDirectory], (request, read, directory) => {
  const { id, caller } = scopeInput(request, 'collectionId');
  return new CollectionScope(id, caller, read, directory);
});

/** The route's collection scope: `@InCollection() scope: CollectionScope` on `/v1/collections/:collectionId/…` routes. */
export const InCollection = () => RequestScope(CollectionScopePipe, ['collectionId']);
