import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { FindResult, ReadModels } from '@docs/platform';
import { MemberDoc, OrganizationDoc } from '../projections/read-model-types';
import { MemberViews } from './member-views';

export interface OrganizationWithMembership {
  id: string;
  organization: OrganizationDoc;
  member: MemberDoc;
}

export class ListMyOrganizations extends Query<FindResult<OrganizationWithMembership>> {
  constructor(
    readonly userId: string,
    readonly page: { after?: string; limit: number },
  ) {
    super();
  }
}

/** GET /v1/orgs: the caller's organizations, oldest membership first. */
@QueryHandler(ListMyOrganizations)
export class ListMyOrganizationsHandler implements IQueryHandler<ListMyOrganizations> {
  constructor(
    private readonly readModels: ReadModels,
    private readonly views: MemberViews,
  ) {}

  async execute({ userId, page }: ListMyOrganizations): Promise<FindResult<OrganizationWithMembership>> {
    const members = await this.readModels.find<MemberDoc>('members', {
      where: [{ field: 'userId', op: 'eq', value: userId }, { field: 'disabled', op: 'eq', value: false }],
      sort: { field: 'joinedAt', direction: 'asc' },
      ...page,
    });
    const organizations = await this.readModels.getMany<OrganizationDoc>('organizations', members.items.map((m) => m.organizationId));
    const byId = new Map(organizations.map((o) => [o.id, o]));
    const items = (await this.views.all(members.items)).flatMap((member) => {
      const organization = byId.get(member.organizationId);
      return organization ? [{ id: organization.id, organization, member }] : [];
    });
    return { ...members, items };
  }
}
