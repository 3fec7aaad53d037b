import { Injectable } from '@nestjs/common';
import { AggregateWriter, WriteKit } from '@docs/platform';
import { defaultTeamNamedBy, SamlFacts, samlProviderAggregate, SamlProviderCommand, SamlProviderEvent, SamlProviderState } from '../domain/saml';
import { TeamsReadModel } from '../projections/teams.read-model';
import { OrganizationScope } from './organization-scope';

/** Writes SAML providers. A decision needs to know whether the caller is an admin, and whether the default team it names is a team of the organization. */
@Injectable()
export class SamlWriter extends AggregateWriter<SamlProviderState, SamlProviderCommand, SamlProviderEvent, SamlFacts, OrganizationScope> {
  constructor(
    kit: WriteKit,
    private readonly teams: TeamsReadModel,
  ) {
    super(kit, samlProviderAggregate);
  }

  protected override async facts(_samlProviderId: string, command: SamlProviderCommand, scope: OrganizationScope): Promise<SamlFacts> {
    const actor = await scope.member();
    const defaultTeam = defaultTeamNamedBy(command);
    const [team] = defaultTeam === undefined ? [] : await this.teams.teamsById([defaultTeam]);
    return { actorIsAdmin: actor.role === 'admin', defaultTeamExists: team?.organizationId === scope.organizationId };
  }
}
