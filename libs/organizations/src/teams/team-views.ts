import { Injectable } from '@nestjs/common';
import { TeamDoc } from './teams.read-model';
import { SpaceCounts } from '../shared/space-counts';

/** A team with what its document does not hold: how many spaces it has (SpaceCounts). */
export interface TeamView {
  team: TeamDoc;
  spaces: number;
}

/** Adds the space counts to team documents, one SpaceCounts call per organization. */
@Injectable()
export class TeamViews {
  constructor(private readonly spaceCounts: SpaceCounts) {}

  async of(team: TeamDoc): Promise<TeamView> {
    const [view] = await this.all([team]);
    return view!;
  }

  async all(teams: readonly TeamDoc[]): Promise<TeamView[]> {
    const byOrganization = new Map<string, string[]>();
    for (const team of teams) {
      const ids = byOrganization.get(team.organizationId);
      if (ids) ids.push(team.id);
      else byOrganization.set(team.organizationId, [team.id]);
    }
    const counts = new Map<string, ReadonlyMap<string, number>>();
    for (const [organizationId, ids] of byOrganization) counts.set(organizationId, await this.spaceCounts.ofTeams(organizationId, ids));
    return teams.map((team) => ({ team, spaces: counts.get(team.organizationId)!.get(team.id) ?? 0 }));
  }
}
