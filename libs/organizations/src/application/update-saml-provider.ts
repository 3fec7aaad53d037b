import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { SamlProviderChanges } from '../domain/saml';
import { SamlReadModel } from '../projections/saml.read-model';
import { TeamsReadModel } from '../projections/teams.read-model';
import { SamlProviderView } from './get-saml-provider';
import { OrganizationCommand } from './organization-scope';
import { SamlWriter } from './saml-writer';

export class UpdateSamlProvider extends OrganizationCommand<{ samlProviderId: string; changes: SamlProviderChanges }, SamlProviderView> {}

/** PATCH /v1/orgs/{organizationId}/saml/{samlProviderId}: admins only; omitted fields stay, a null `defaultTeam` clears it. */
@CommandHandler(UpdateSamlProvider)
export class UpdateSamlProviderHandler implements ICommandHandler<UpdateSamlProvider> {
  constructor(
    private readonly saml: SamlWriter,
    private readonly read: SamlReadModel,
    private readonly teams: TeamsReadModel,
  ) {}

  async execute({ props: { samlProviderId, changes }, scope }: UpdateSamlProvider): Promise<SamlProviderView> {
    const { organizationId } = scope;
    await this.saml.execute(samlProviderId, { type: 'UpdateSamlProvider', organizationId, changes }, scope);
    const provider = await this.read.provider(organizationId, samlProviderId);
    const [defaultTeam = null] = provider.defaultTeam === undefined ? [] : await this.teams.teamsById([provider.defaultTeam]);
    return { provider, defaultTeam };
  }
}
