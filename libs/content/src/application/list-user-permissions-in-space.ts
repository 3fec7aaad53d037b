import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { OrganizationDirectory, UserDoc } from '@docs/organizations';
import { SpaceGrantDoc, SpacesReadModel } from '../projections/spaces.read-model';
import { SpaceQuery } from './space-scope';

export interface UserPermissionView {
  grant: SpaceGrantDoc;
  user: UserDoc;
}

export class ListUserPermissionsInSpace extends SpaceQuery<{ page: Page }, FindResult<UserPermissionView>> {}

/** GET /v1/spaces/{spaceId}/permissions/users: the users granted access directly, oldest grant first; anyone who can see the space. */
@QueryHandler(ListUserPermissionsInSpace)
export class ListUserPermissionsInSpaceHandler implements IQueryHandler<ListUserPermissionsInSpace> {
  constructor(
    private readonly spaces: SpacesReadModel,
    private readonly directory: OrganizationDirectory,
  ) {}

  async execute({ props: { page }, scope }: ListUserPermissionsInSpace): Promise<FindResult<UserPermissionView>> {
    const space = await scope.space();
    const grants = await this.spaces.grants(space.id, 'user', page);
    const users = new Map((await this.directory.usersById(grants.items.map((g) => g.principalId))).map((u) => [u.id, u]));
    return { ...grants, items: grants.items.flatMap((grant) => (users.has(grant.principalId) ? [{ grant, user: users.get(grant.principalId)! }] : [])) };
  }
}
