import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SpaceQuery, SpaceView } from '../space-scope';

/** `shareKey` (GitBook: resolves the published URLs of share-link sites) is accepted; no site is published here yet. */
export class GetSpace extends SpaceQuery<{ shareKey?: string }, SpaceView> {}

/** GET /v1/spaces/{spaceId}: anyone who can see the space (404 otherwise, and for spaces in the trash). */
@QueryHandler(GetSpace)
export class GetSpaceHandler implements IQueryHandler<GetSpace> {
  execute({ scope }: GetSpace): Promise<SpaceView> {
    return scope.view();
  }
}
