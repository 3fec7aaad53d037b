import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { SamlReadModel } from './saml.read-model';
import { OrganizationQuery } from '../shared/organization-scope';
import { SamlProviderView, SamlProviderViews } from './saml-provider-views';

export class ListSamlProviders extends OrganizationQuery<{ page: Page }, FindResult<SamlProviderView>> {}

/** GET /v1/orgs/{organizationId}/saml: admins only, oldest first; the default teams in one read. */
@QueryHandler(ListSamlProviders)
export class ListSamlProvidersHandler implements IQueryHandler<ListSamlProviders> {
  constructor(
    private readonly read: SamlReadModel,
    private readonly views: SamlProviderViews,
  ) {}

  async execute({ props: { page }, scope }: ListSamlProviders): Promise<FindResult<SamlProviderView>> {
    await scope.requireAdmin();
    const result = await this.read.list(scope.organizationId, page);
    return { ...result, items: await this.views.all(result.items) };
  }
}
