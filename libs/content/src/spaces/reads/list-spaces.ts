import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { OrganizationQuery } from '@docs/organizations';
import { BY_RANK } from './spaces.read-model';
import { SpaceAccess } from '../space-access';
import { SpaceView } from '../space-scope';

export class ListSpaces extends OrganizationQuery<{ page: Page }, FindResult<SpaceView>> {}

/**
 * GET /v1/orgs/{organizationId}/spaces: the spaces the caller can see (every space for members
 * with a role; for guests, those granted to them or their teams), by rank, without the trash.
 * Non-members get 404.
 */
@QueryHandler(ListSpaces)
export class ListSpacesHandler implements IQueryHandler<ListSpaces> {
  constructor(private readonly access: SpaceAccess) {}

  async execute({ props: { page }, scope }: ListSpaces): Promise<FindResult<SpaceView>> {
    const caller = await this.access.callerIn(scope);
    const result = await this.access.visibleSpaces(scope.organizationId, caller, BY_RANK, page);
    const roles = await this.access.rolesOn(result.items, caller);
    return { ...result, items: result.items.map((space) => ({ space, role: roles.get(space.id)! })) };
  }
}
