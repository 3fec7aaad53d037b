import { RequestScope, scopeInput, scopePipe } from '@docs/platform';
import { SpaceAccess } from '../space-access';
import { SpaceScope } from '../space-scope';
import { SpacesReadModel } from '../reads/spaces.read-model';

export const SpaceScopePipe = scopePipe([SpacesReadModel, SpaceAccess], (request, spaces, access) => {
  const { id, caller } = scopeInput(request, 'spaceId');
  return new SpaceScope(id, caller, spaces, access);
});

/** The route's space scope: `@InSpace() scope: SpaceScope` on `/v1/spaces/:spaceId/…` routes. */
export const InSpace = () => RequestScope(SpaceScopePipe, ['spaceId']);
