import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { notFound, ReadModels } from '@docs/platform';
import { samlProviderStatus } from '../domain/saml';
import { ORGANIZATIONS } from '../projections/organizations.read-model';
import { SamlProviderDoc, SamlReadModel } from '../projections/saml.read-model';
import { OrganizationScope } from './organization-scope';

const MAX_PROVIDERS = 1000;

/** No props: the organization is the scope's. */
export class ListSsoLogins extends Query<SamlProviderDoc[]> {
  constructor(readonly scope: OrganizationScope) {
    super();
  }
}

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
    private readonly readModels: ReadModels,
  ) {}

  async execute({ scope: { organizationId } }: ListSsoLogins): Promise<SamlProviderDoc[]> {
    if (!(await this.readModels.get(ORGANIZATIONS, organizationId))) throw notFound('organization not found');
    const result = await this.read.providers(organizationId, { limit: MAX_PROVIDERS });
    return result.items.filter((p) => samlProviderStatus(p) === 'active');
  }
}
