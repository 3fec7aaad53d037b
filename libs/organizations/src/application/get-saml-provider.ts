import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { MemberDoc } from '../projections/read-model-types';
import { SamlProviderDoc } from '../projections/saml.projection';
import { TeamDoc } from '../projections/teams.read-model';
import { SamlReadAccess } from './saml-commands';

export class GetSamlProvider extends Query<{ provider: SamlProviderDoc; defaultTeam: TeamDoc | null; caller: MemberDoc }> {
  constructor(
    readonly organizationId: string,
    readonly samlProviderId: string,
    readonly userId: string,
  ) {
    super();
  }
}

/** GET /v1/orgs/{organizationId}/saml/{samlProviderId}: admins only. */
@QueryHandler(GetSamlProvider)
export class GetSamlProviderHandler implements IQueryHandler<GetSamlProvider> {
  constructor(private readonly reads: SamlReadAccess) {}

  async execute({ organizationId, samlProviderId, userId }: GetSamlProvider) {
    const caller = await this.reads.requireAdmin(organizationId, userId);
    const provider = await this.reads.requireProvider(organizationId, samlProviderId);
    const teams = await this.reads.defaultTeams([provider]);
    return { provider, defaultTeam: teams.get(provider.defaultTeam ?? '') ?? null, caller };
  }
}
