import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { OrganizationQuery } from '../shared/organization-scope';
import { SamlProviderView, SamlProviderViews } from './saml-provider-views';

export class GetSamlProvider extends OrganizationQuery<{ samlProviderId: string }, SamlProviderView> {}

/** GET /v1/orgs/{organizationId}/saml/{samlProviderId}: admins only. */
@QueryHandler(GetSamlProvider)
export class GetSamlProviderHandler implements IQueryHandler<GetSamlProvider> {
  constructor(private readonly views: SamlProviderViews) {}

  async execute({ props: { samlProviderId }, scope }: GetSamlProvider): Promise<SamlProviderView> {
    await scope.requireAdmin();
    return this.views.get(scope.organizationId, samlProviderId);
  }
}
