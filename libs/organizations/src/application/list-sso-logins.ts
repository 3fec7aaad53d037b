import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { samlProviderStatus } from '../domain/saml';
import { OrganizationsReadModel } from '../projections/organizations.read-model';
import { SamlProviderDoc, SamlReadModel } from '../projections/saml.read-model';
import { ScopeQuery } from './organization-scope';

const MAX_PROVIDERS = 1000;

export class ListSsoLogins extends ScopeQuery<SamlProviderDoc[]> {}

/**
 * GET /v1/orgs/{organizationId}/sso: the sign-in options of an organization's login page. GitBook
 * serves it to anyone (people sign in before they are members), so every authenticated caller may
 * read it (the scope's membership is never asked); only providers ready for sign-in (`active`) are
 * listed. Unknown organizations are 404.
 */
@QueryHandler(ListSsoLogins)
export class ListSsoLoginsHandler implements IQueryHandler<ListSsoLogins> {
  constructor(
    private readonly read: SamlReadModel,
    private readonly organizations: OrganizationsReadModel,
  ) {}

  async execute({ scope: { organizationId } }: ListSsoLogins): Promise<SamlProviderDoc[]> {
    await this.organizations.organization(organizationId); // 404 for an unknown organization
    const result = await this.read.providers(organizationId, { limit: MAX_PROVIDERS });
    return result.items.filter((p) => samlProviderStatus(p) === 'active');
  }
}
