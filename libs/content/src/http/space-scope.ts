import { Injectable, PipeTransform } from '@nestjs/common';
import { AuthenticatedRequest, RequestScope } from '@docs/platform';
import { SpaceAccess } from '../application/space-access';
import { SpaceScope } from '../application/space-scope';
import { SpacesReadModel } from '../projections/spaces.read-model';

@Injectable()
export class SpaceScopePipe implements PipeTransform<AuthenticatedRequest, SpaceScope> {
  constructor(
    private readonly spaces: SpacesReadModel,
    private readonly access: SpaceAccess,
  ) {}

  transform(request: AuthenticatedRequest): SpaceScope {
    const { spaceId } = request.params as { spaceId?: string };
    if (spaceId === undefined || !request.caller) throw new Error('InSpace used on a route without {spaceId} or without auth');
    return new SpaceScope(spaceId, request.caller, this.spaces, this.access);
  }
}

/** The route's space scope: `@InSpace() scope: SpaceScope` on `/v1/spaces/:spaceId/…` routes. */
export const InSpace = () => RequestScope(SpaceScopePipe, ['spaceId']);
