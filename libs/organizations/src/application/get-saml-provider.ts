import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SamlProviderDoc, SamlReadModel } from '../projections/saml.read-model';
import { TeamDoc, TeamsReadModel } from '../projections/teams.read-model';
import { OrganizationQuery } from './organization-scope';

/** A provider and the team it names as `defaultTeam` (null when none). */
export interface SamlProviderView {
  provider: SamlProviderDoc;
  defaultTeam: TeamDoc | null;
}

export class GetSamlProvider extends OrganizationQuery<{ samlProviderId: string }, SamlProviderView> {}

/** GET /v1/orgs/{organizationId}/saml/{samlProviderId}: admins only. */
@QueryHandler(GetSamlProvider)
export class GetSamlProviderHandler implements IQueryHandler<GetSamlProvider> {
  constructor(
    private readonly read: SamlReadModel,
    private readonly teams: TeamsReadModel,
  ) {}

  async execute({ props: { samlProviderId }, scope }: GetSamlProvider): Promise<SamlProviderView> {
    await scope.requireAdmin();
    const provider = await this.read.provider(scope.organizationId, samlProviderId);
    const [defaultTeam = null] = provider.defaultTeam === undefined ? [] : await this.teams.teamsById([provider.defaultTeam]);
    return { provider, defaultTeam };
  }
}
