import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CallerQuery } from '@docs/platform';
import { MemberDoc, OrganizationsReadModel } from './organizations.read-model';
import { UsersReadModel } from '../users/users.read-model';
import { OrganizationView } from './get-organization';
import { MemberViews } from '../members/member-views';

/** An organization of the domain, with the caller's membership there (null: not a member). */
export interface DomainOrganization extends OrganizationView {
  member: MemberDoc | null;
}

export class ListOrganizationsByEmailDomain extends CallerQuery<{ emailDomain: string }, DomainOrganization[]> {}

/**
 * GET /v1/email-domains/{emailDomain}/orgs: organizations that declare the domain, so a user with an
 * address there can find the organization to join. Organizations the caller may not discover
 * (not a member, and the caller's own address is not on that domain) are left out.
 */
@QueryHandler(ListOrganizationsByEmailDomain)
export class ListOrganizationsByEmailDomainHandler implements IQueryHandler<ListOrganizationsByEmailDomain> {
  constructor(
    private readonly read: OrganizationsReadModel,
    private readonly users: UsersReadModel,
    private readonly views: MemberViews,
  ) {}

  async execute({ props: { emailDomain }, caller: { userId } }: ListOrganizationsByEmailDomain): Promise<DomainOrganization[]> {
    const domain = emailDomain.toLowerCase();
    const organizations = await this.read.organizationsWithDomain(domain);
    const ownDomain = (await this.users.user(userId)).email.split('@')[1]?.toLowerCase();
    const members = await this.views.teamFacts(
      await this.read.membershipsIn(
        organizations.map((o) => o.id),
        userId,
      ),
    );
    const memberOf = new Map(members.map((view) => [view.member.organizationId, view]));
    return organizations
      .filter((organization) => memberOf.has(organization.id) || ownDomain === domain)
      .map((organization) => {
        const view = memberOf.get(organization.id);
        return { organization, member: view?.member ?? null, ownsTeam: view?.ownsTeam ?? false };
      });
  }
}
