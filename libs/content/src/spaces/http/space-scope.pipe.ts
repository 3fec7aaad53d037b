import { Injectable, PipeTransform } from '@nestjs/common';
import { AuthenticatedRequest, RequestScope, scopeInput } from '@docs/platform';
import { SpaceAccess } from '../space-access';
import { SpaceScope } from '../space-scope';
import { SpacesReadModel } from '../reads/spaces.read-model';

@Injectable()
export class SpaceScopePipe implements PipeTransform<AuthenticatedRequest, SpaceScope> {
  constructor(
    private readonly spaces: SpacesReadModel,
    private readonly access: SpaceAccess,
  ) {}

  transform(request: AuthenticatedRequest): SpaceScope {
    const { id, caller } = scopeInput(request, 'spaceId');
    return new SpaceScope(id, caller, this.spaces, this.access);
  }
}

/** The route's space scope: `@InSpace() scope: SpaceScope` on `/v1/spaces/:spaceId/…` routes. */
export const InSpace = () => RequestScope(SpaceScopePipe, ['spaceId']);
