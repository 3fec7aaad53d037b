import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SamlProviderChanges } from './saml.decider';
import { OrganizationCommand } from '../shared/organization-scope';
import { SamlProviderView, SamlProviderViews } from './saml-provider-views';
import { SamlWriter } from './saml-writer';

export class UpdateSamlProvider extends OrganizationCommand<{ samlProviderId: string; changes: SamlProviderChanges }, SamlProviderView> {}

/** PATCH /v1/orgs/{organizationId}/saml/{samlProviderId}: admins only; omitted fields stay, a null `defaultTeam` clears it. */
@CommandHandler(UpdateSamlProvider)
export class UpdateSamlProviderHandler implements ICommandHandler<UpdateSamlProvider> {
  constructor(
    private readonly saml: SamlWriter,
    private readonly views: SamlProviderViews,
  ) {}

  async execute({ props: { samlProviderId, changes }, scope }: UpdateSamlProvider): Promise<SamlProviderView> {
    await this.saml.executeIn(samlProviderId, { type: 'UpdateSamlProvider', changes }, scope);
    return this.views.get(scope.organizationId, samlProviderId);
  }
}
