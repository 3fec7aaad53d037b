import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult } from '@docs/platform';
import { MemberSpaceDoc, MemberSpacesReadModel } from '../projections/member-spaces.read-model';
import { OrganizationsReadModel } from '../projections/organizations.read-model';
import { GUESTS_CANNOT_SEE_MEMBERS } from './list-members';
import { OrganizationQuery } from './organization-scope';

export class ListMemberSpaces extends OrganizationQuery<{ userId: string; order: 'asc' | 'desc'; page: { after?: string; limit: number } }, FindResult<MemberSpaceDoc>> {}

/**
 * GET /v1/orgs/{organizationId}/members/{userId}/spaces: non-guest members, or a guest about
 * themselves. The member's space permissions from the member-spaces projection (empty until the
 * content context publishes spaces), newest grant first by default.
 */
@QueryHandler(ListMemberSpaces)
export class ListMemberSpacesHandler implements IQueryHandler<ListMemberSpaces> {
  constructor(
    private readonly read: OrganizationsReadModel,
    private readonly spaces: MemberSpacesReadModel,
  ) {}

  async execute({ props: { userId, order, page }, scope }: ListMemberSpaces): Promise<FindResult<MemberSpaceDoc>> {
    const { organizationId } = scope;
    if (userId === scope.actor) {
      await scope.member();
    } else {
      await scope.requireRole(GUESTS_CANNOT_SEE_MEMBERS);
      await this.read.member(organizationId, userId);
    }
    return this.spaces.spaces(organizationId, userId, order, page);
  }
}
