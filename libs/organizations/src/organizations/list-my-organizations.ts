import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CallerQuery, FindResult, Page } from '@docs/platform';
import { MemberDoc, OrganizationsReadModel } from './organizations.read-model';
import { OrganizationView } from './get-organization';
import { MemberViews } from '../members/member-views';

/** One of the caller's organizations, with their membership there. */
export interface MyOrganization extends OrganizationView {
  id: string;
  member: MemberDoc;
}

export class ListMyOrganizations extends CallerQuery<{ page: Page }, FindResult<MyOrganization>> {}

/** GET /v1/orgs: the caller's organizations, oldest membership first. */
@QueryHandler(ListMyOrganizations)
export class ListMyOrganizationsHandler implements IQueryHandler<ListMyOrganizations> {
  constructor(
    private readonly read: OrganizationsReadModel,
    private readonly views: MemberViews,
  ) {}

  async execute({ props: { page }, caller }: ListMyOrganizations): Promise<FindResult<MyOrganization>> {
    const memberships = await this.read.membershipsOf(caller.userId, page);
    const organizations = await this.read.organizations(memberships.items.map((m) => m.organizationId));
    const byId = new Map(organizations.map((o) => [o.id, o]));
    const items = (await this.views.teamFacts(memberships.items)).flatMap(({ member, ownsTeam }) => {
      const organization = byId.get(member.organizationId);
      return organization ? [{ id: organization.id, organization, member, ownsTeam }] : [];
    });
    return { ...memberships, items };
  }
}
