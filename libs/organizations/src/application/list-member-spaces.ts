import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { MemberSpaceDoc, MemberSpacesReadModel } from '../projections/member-spaces.read-model';
import { GUESTS_CANNOT_SEE_MEMBERS } from './guests';
import { OrganizationQuery } from './organization-scope';

export class ListMemberSpaces extends OrganizationQuery<{ userId: string; order: 'asc' | 'desc'; page: Page }, FindResult<MemberSpaceDoc>> {}

/**
 * GET /v1/orgs/{organizationId}/members/{userId}/spaces: non-guest members, or a guest about
 * themselves. The member's space permissions from the member-spaces projection (empty until the
 * content context publishes spaces), newest grant first by default.
 */
@QueryHandler(ListMemberSpaces)
export class ListMemberSpacesHandler implements IQueryHandler<ListMemberSpaces> {
  constructor(private readonly spaces: MemberSpacesReadModel) {}

  async execute({ props: { userId, order, page }, scope }: ListMemberSpaces): Promise<FindResult<MemberSpaceDoc>> {
    await scope.visibleMember(userId, GUESTS_CANNOT_SEE_MEMBERS);
    return this.spaces.spaces(scope.organizationId, userId, order, page);
  }
}
