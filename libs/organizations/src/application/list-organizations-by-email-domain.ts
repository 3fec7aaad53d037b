import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { ReadModels } from '@docs/platform';
import { MemberDoc, memberDocId, OrganizationDoc, OrganizationDomainDoc } from '../projections/read-model-types';
import { MemberViews } from './member-views';

export interface OrganizationForCaller {
  organization: OrganizationDoc;
  member: MemberDoc | null;
}

export class ListOrganizationsByEmailDomain extends Query<OrganizationForCaller[]> {
  constructor(
    readonly emailDomain: string,
    readonly userId: string,
  ) {
    super();
  }
}

const MAX_ORGANIZATIONS = 1000;

/**
 * GET /v1/email-domains/{emailDomain}/orgs: organizations that declare the domain, so a user with an
 * address there can find the organization to join. Organizations the caller may not discover
 * (not a member, and the caller's own address is not on that domain) are left out.
 */
@QueryHandler(ListOrganizationsByEmailDomain)
export class ListOrganizationsByEmailDomainHandler implements IQueryHandler<ListOrganizationsByEmailDomain> {
  constructor(
    private readonly readModels: ReadModels,
    private readonly views: MemberViews,
  ) {}

  async execute({ emailDomain, userId }: ListOrganizationsByEmailDomain): Promise<OrganizationForCaller[]> {
    const domain = emailDomain.toLowerCase();
    const declared = await this.readModels.find<OrganizationDomainDoc>('organization_domains', {
      where: [{ field: 'domain', op: 'eq', value: domain }],
      sort: { field: 'createdAt', direction: 'asc' },
      limit: MAX_ORGANIZATIONS,
    });
    const found = { items: await this.readModels.getMany<OrganizationDoc>('organizations', declared.items.map((d) => d.organizationId)) };
    const user = await this.readModels.get<{ id: string; email: string }>('users', userId);
    const ownDomain = user?.email.split('@')[1]?.toLowerCase();
    const members = await this.views.all(await this.readModels.getMany<MemberDoc>('members', found.items.map((o) => memberDocId(o.id, userId))));
    const memberOf = new Map(members.map((m) => [m.organizationId, m]));
    return found.items
      .filter((organization) => memberOf.has(organization.id) || ownDomain === domain)
      .map((organization) => ({ organization, member: memberOf.get(organization.id) ?? null }));
  }
}
