import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SamlProviderSettings } from './saml.decider';
import { OrganizationCommand } from '../shared/organization-scope';
import { SamlProviderView, SamlProviderViews } from './saml-provider-views';
import { SamlWriter } from './saml-writer';

export class CreateSamlProvider extends OrganizationCommand<SamlProviderSettings, SamlProviderView> {}

/** POST /v1/orgs/{organizationId}/saml: admins only; `defaultTeam` must be a team of the organization. */
@CommandHandler(CreateSamlProvider)
export class CreateSamlProviderHandler implements ICommandHandler<CreateSamlProvider> {
  constructor(
    private readonly saml: SamlWriter,
    private readonly views: SamlProviderViews,
  ) {}

  async execute({ props: settings, scope }: CreateSamlProvider): Promise<SamlProviderView> {
    const samlProviderId = scope.createdId('saml');
    await this.saml.executeIn(samlProviderId, { type: 'CreateSamlProvider', samlProviderId, settings }, scope);
    return this.views.get(scope.organizationId, samlProviderId);
  }
}
