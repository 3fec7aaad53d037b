import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { MemberAccess } from './member-access';
import { MemberView, MemberViews } from './member-views';

export class GetMember extends Query<MemberView> {
  constructor(
    readonly organizationId: string,
    readonly callerId: string,
    readonly userId: string,
  ) {
    super();
  }
}

/** GET /v1/orgs/{organizationId}/members/{userId}: non-guest members, or a guest about themselves. */
@QueryHandler(GetMember)
export class GetMemberHandler implements IQueryHandler<GetMember> {
  constructor(
    private readonly access: MemberAccess,
    private readonly views: MemberViews,
  ) {}

  async execute({ organizationId, callerId, userId }: GetMember): Promise<MemberView> {
    await this.access.requireMemberReader(organizationId, callerId, userId);
    return this.views.of(await this.access.requireTarget(organizationId, userId));
  }
}
