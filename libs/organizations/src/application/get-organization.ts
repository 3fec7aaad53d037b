import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { MemberDoc, OrganizationDoc } from '../projections/read-model-types';
import { MemberViews } from './member-views';
import { OrganizationAccess } from './organization-access';

export class GetOrganization extends Query<{ organization: OrganizationDoc; member: MemberDoc }> {
  constructor(
    readonly organizationId: string,
    readonly userId: string,
  ) {
    super();
  }
}

/** GET /v1/orgs/{organizationId}: members only; anyone else gets 404. */
@QueryHandler(GetOrganization)
export class GetOrganizationHandler implements IQueryHandler<GetOrganization> {
  constructor(
    private readonly access: OrganizationAccess,
    private readonly views: MemberViews,
  ) {}

  /** The membership carries the caller's team facts (`ownsTeam` makes `permissions.ownTeam`). */
  async execute({ organizationId, userId }: GetOrganization) {
    const { organization, member } = await this.access.requireMember(organizationId, userId);
    return { organization, member: await this.views.of(member) };
  }
}
