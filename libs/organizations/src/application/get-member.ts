import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { OrganizationsReadModel } from '../projections/organizations.read-model';
import { GUESTS_CANNOT_SEE_MEMBERS } from './list-members';
import { MemberView, MemberViews } from './member-views';
import { OrganizationQuery } from './organization-scope';

export class GetMember extends OrganizationQuery<{ userId: string }, MemberView> {}

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
