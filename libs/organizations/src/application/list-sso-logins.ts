import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { notFound, ReadModels } from '@docs/platform';
import { samlProviderStatus } from '../domain/saml';
import { OrganizationDoc } from '../projections/read-model-types';
import { SamlProviderDoc } from '../projections/saml.projection';

const MAX_PROVIDERS = 1000;

export class ListSsoLogins extends Query<SamlProviderDoc[]> {
  constructor(readonly organizationId: string) {
    super();
  }
}

/**
 * GET /v1/orgs/{organizationId}/sso: the sign-in options of an organization's login page. GitBook
 * serves it to anyone (people sign in before they are members), so every authenticated caller may
 * read it; only providers ready for sign-in (`active`) are listed. Unknown organizations are 404.
 */
@QueryHandler(ListSsoLogins)
export class ListSsoLoginsHandler implements IQueryHandler<ListSsoLogins> {
  constructor(private readonly readModels: ReadModels) {}

  async execute({ organizationId }: ListSsoLogins): Promise<SamlProviderDoc[]> {
    if (!(await this.readModels.get<OrganizationDoc>('organizations', organizationId))) throw notFound('organization not found');
    const result = await this.readModels.find<SamlProviderDoc>('saml_providers', {
      where: [{ field: 'organizationId', op: 'eq', value: organizationId }],
      sort: { field: 'createdAt', direction: 'asc' },
      limit: MAX_PROVIDERS,
    });
    return result.items.filter((p) => samlProviderStatus(p) === 'active');
  }
}
