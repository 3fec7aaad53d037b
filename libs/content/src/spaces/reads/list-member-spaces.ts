import { Role } from '@docs/kernel';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { GUESTS_CANNOT_SEE_MEMBERS, OrganizationQuery } from '@docs/organizations';
import { SpaceDoc } from './spaces.read-model';
import { SpaceAccess } from '../space-access';

/** A space a member can see: their effective role in it (`permission`), and the caller's (`role`, for the space's permissions). */
export interface MemberSpaceView {
  space: SpaceDoc;
  permission: Role;
  role: Role | null;
}

export class ListSpacesForMember extends OrganizationQuery<
  { userId: string; order: 'asc' | 'desc'; page: Page },
  FindResult<MemberSpaceView>
> {}

/**
 * GET /v1/orgs/{organizationId}/members/{userId}/spaces: the spaces the member can see, with
 * their effective role in each, by creation (newest first by default, GitBook's list order).
 * Members with a role see every space of the organization; guests those granted to them or their
 * teams. Asked by the member themselves, or by a member with a role (guests get 403 about others).
 */
@QueryHandler(ListSpacesForMember)
export class ListSpacesForMemberHandler implements IQueryHandler<ListSpacesForMember> {
  constructor(private readonly access: SpaceAccess) {}

  async execute({ props: { userId, order, page }, scope }: ListSpacesForMember): Promise<FindResult<MemberSpaceView>> {
    const member = await scope.visibleMember(userId, GUESTS_CANNOT_SEE_MEMBERS);
    const caller = await this.access.callerIn(scope);
    const facts = userId === caller.actorId ? caller : await this.access.memberFacts(scope.organizationId, userId, member.role);
    const result = await this.access.visibleSpaces(scope.organizationId, facts, { field: 'createdAt', direction: order }, page);
    const permissions = await this.access.rolesOn(result.items, facts);
    const roles = facts === caller ? permissions : await this.access.rolesOn(result.items, caller);
    return {
      ...result,
      items: result.items.map((space) => ({ space, permission: permissions.get(space.id)!, role: roles.get(space.id) ?? null })),
    };
  }
}
