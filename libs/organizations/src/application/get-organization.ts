import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { MemberDoc, OrganizationDoc } from '../projections/read-model-types';
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
  constructor(private readonly access: OrganizationAccess) {}

  execute({ organizationId, userId }: GetOrganization) {
    return this.access.requireMember(organizationId, userId);
  }
}
