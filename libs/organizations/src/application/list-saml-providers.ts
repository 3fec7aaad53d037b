import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { FindResult, ReadModels } from '@docs/platform';
import { MemberDoc } from '../projections/read-model-types';
import { SamlProviderDoc } from '../projections/saml.projection';
import { TeamDoc } from '../projections/teams.read-model';
import { SamlReadAccess } from './saml-commands';

export class ListSamlProviders extends Query<{ result: FindResult<SamlProviderDoc>; teams: Map<string, TeamDoc>; caller: MemberDoc }> {
  constructor(
    readonly organizationId: string,
    readonly userId: string,
    readonly page: { after?: string; limit: number },
  ) {
    super();
  }
}

/** GET /v1/orgs/{organizationId}/saml: admins only, oldest first. */
@QueryHandler(ListSamlProviders)
export class ListSamlProvidersHandler implements IQueryHandler<ListSamlProviders> {
  constructor(
    private readonly reads: SamlReadAccess,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ organizationId, userId, page }: ListSamlProviders) {
    const caller = await this.reads.requireAdmin(organizationId, userId);
    const result = await this.readModels.find<SamlProviderDoc>('saml_providers', {
      where: [{ field: 'organizationId', op: 'eq', value: organizationId }],
      sort: { field: 'createdAt', direction: 'asc' },
      ...page,
    });
    return { result, teams: await this.reads.defaultTeams(result.items), caller };
  }
}
