import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { GUESTS_CANNOT_SEE_MEMBERS } from '../shared/guests';
import { MemberView, MemberViews } from './member-views';
import { OrganizationQuery } from '../shared/organization-scope';

export class GetMember extends OrganizationQuery<{ userId: string }, MemberView> {}

/** GET /v1/orgs/{organizationId}/members/{userId}: non-guest members, or a guest about themselves. */
@QueryHandler(GetMember)
export class GetMemberHandler implements IQueryHandler<GetMember> {
  constructor(private readonly views: MemberViews) {}

  async execute({ props: { userId }, scope }: GetMember): Promise<MemberView> {
    return this.views.of(await scope.visibleMember(userId, GUESTS_CANNOT_SEE_MEMBERS));
  }
}
