import { Injectable } from '@nestjs/common';
import { SamlProviderDoc, SamlReadModel } from './saml.read-model';
import { TeamsReadModel } from '../teams/teams.read-model';
import { TeamView, TeamViews } from '../teams/team-views';

/** A provider and the team it names as `defaultTeam` (null when none). */
export interface SamlProviderView {
  provider: SamlProviderDoc;
  defaultTeam: TeamView | null;
}

/** Adds what a provider document only names: its default team, from the teams read model. */
@Injectable()
export class SamlProviderViews {
  constructor(
    private readonly saml: SamlReadModel,
    private readonly teams: TeamsReadModel,
    private readonly teamViews: TeamViews,
  ) {}

  /** The organization's provider; 404 when it is not one of the organization's. */
  async get(organizationId: string, samlProviderId: string): Promise<SamlProviderView> {
    const [view] = await this.all([await this.saml.get(organizationId, samlProviderId)]);
    return view!;
  }

  /** Providers, with their default teams in one read. */
  async all(providers: SamlProviderDoc[]): Promise<SamlProviderView[]> {
    const teamIds = [...new Set(providers.flatMap((p) => (p.defaultTeam === undefined ? [] : [p.defaultTeam])))];
    const teams = new Map((await this.teamViews.all(await this.teams.teamsById(teamIds))).map((view) => [view.team.id, view]));
    return providers.map((provider) => ({ provider, defaultTeam: teams.get(provider.defaultTeam ?? '') ?? null }));
  }
}
