import { Injectable } from '@nestjs/common';
import { WriteKit } from '@docs/platform';
import {
  defaultTeamNamedBy,
  SamlFacts,
  samlProviderAggregate,
  SamlProviderCommand,
  SamlProviderEvent,
  SamlProviderState,
} from './saml.decider';
import { TeamsReadModel } from '../teams/teams.read-model';
import { OrganizationResourceWriter } from '../shared/organization-resource-writer';
import { OrganizationScope } from '../shared/organization-scope';

/**
 * Writes SAML providers. A decision needs to know whether the caller is an admin, and whether the default team it names is a team of the
 * organization.
 */
@Injectable()
export class SamlWriter extends OrganizationResourceWriter<SamlProviderState, SamlProviderCommand, SamlProviderEvent, SamlFacts> {
  constructor(
    kit: WriteKit,
    private readonly teams: TeamsReadModel,
  ) {
    super(kit, samlProviderAggregate);
  }

  protected override async facts(_samlProviderId: string, command: SamlProviderCommand, scope: OrganizationScope): Promise<SamlFacts> {
    const actorRole = (await scope.member()).role;
    const defaultTeam = defaultTeamNamedBy(command);
    const [team] = defaultTeam === undefined ? [] : await this.teams.teamsById([defaultTeam]);
    return { actorRole, defaultTeamExists: team?.organizationId === scope.organizationId };
  }
}
