import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { createdId } from '@docs/platform';
import { SamlProviderSettings } from '../domain/saml';
import { SamlReadModel } from '../projections/saml.read-model';
import { TeamsReadModel } from '../projections/teams.read-model';
import { SamlProviderView } from './get-saml-provider';
import { OrganizationCommand } from './organization-scope';
import { SamlWriter } from './saml-writer';

export class CreateSamlProvider extends OrganizationCommand<SamlProviderSettings, SamlProviderView> {}

/** POST /v1/orgs/{organizationId}/saml: admins only; `defaultTeam` must be a team of the organization. */
@CommandHandler(CreateSamlProvider)
export class CreateSamlProviderHandler implements ICommandHandler<CreateSamlProvider> {
  constructor(
    private readonly saml: SamlWriter,
    private readonly read: SamlReadModel,
    private readonly teams: TeamsReadModel,
  ) {}

  async execute({ props: settings, scope }: CreateSamlProvider): Promise<SamlProviderView> {
    const { organizationId } = scope;
    const samlProviderId = createdId(scope, 'saml', organizationId);
    await this.saml.execute(samlProviderId, { type: 'CreateSamlProvider', organizationId, samlProviderId, settings }, scope);
    const provider = await this.read.provider(organizationId, samlProviderId);
    const [defaultTeam = null] = provider.defaultTeam === undefined ? [] : await this.teams.teamsById([provider.defaultTeam]);
    return { provider, defaultTeam };
  }
}
