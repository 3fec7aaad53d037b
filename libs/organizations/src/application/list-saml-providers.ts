import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult } from '@docs/platform';
import { SamlReadModel } from '../projections/saml.read-model';
import { TeamsReadModel } from '../projections/teams.read-model';
import { SamlProviderView } from './get-saml-provider';
import { OrganizationQuery } from './organization-scope';

export class ListSamlProviders extends OrganizationQuery<{ page: { after?: string; limit: number } }, FindResult<SamlProviderView>> {}

/** GET /v1/orgs/{organizationId}/saml: admins only, oldest first; the default teams in one read. */
@QueryHandler(ListSamlProviders)
export class ListSamlProvidersHandler implements IQueryHandler<ListSamlProviders> {
  constructor(
    private readonly read: SamlReadModel,
    private readonly teams: TeamsReadModel,
  ) {}

  async execute({ props: { page }, scope }: ListSamlProviders): Promise<FindResult<SamlProviderView>> {
    await scope.requireAdmin();
    const result = await this.read.providers(scope.organizationId, page);
    const teamIds = [...new Set(result.items.flatMap((p) => (p.defaultTeam === undefined ? [] : [p.defaultTeam])))];
    const teams = new Map((await this.teams.teamsById(teamIds)).map((t) => [t.id, t]));
    const items = result.items.map((provider) => ({ provider, defaultTeam: teams.get(provider.defaultTeam ?? '') ?? null }));
    return { ...result, items };
  }
}
