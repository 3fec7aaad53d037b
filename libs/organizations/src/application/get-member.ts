import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { OrganizationsReadModel } from '../projections/organizations.read-model';
import { GUESTS_CANNOT_SEE_MEMBERS } from './list-members';
import { MemberView, MemberViews } from './member-views';
import { OrganizationScope } from './organization-scope';

export class GetMember extends Query<MemberView> {
  constructor(
    readonly props: { userId: string },
    readonly scope: OrganizationScope,
  ) {
    super();
  }
}

/** GET /v1/orgs/{organizationId}/members/{userId}: non-guest members, or a guest about themselves. */
@QueryHandler(GetMember)
export class GetMemberHandler implements IQueryHandler<GetMember> {
  constructor(
    private readonly read: OrganizationsReadModel,
    private readonly views: MemberViews,
  ) {}

  async execute({ props: { userId }, scope }: GetMember): Promise<MemberView> {
    if (userId === scope.actor) return this.views.of(await scope.member());
    await scope.requireRole(GUESTS_CANNOT_SEE_MEMBERS);
    return this.views.of(await this.read.member(scope.organizationId, userId));
  }
}
