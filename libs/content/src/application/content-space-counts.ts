import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { MemberDoc, OrganizationDirectory, SpaceCounts } from '@docs/organizations';
import { SpacesReadModel } from '../projections/spaces.read-model';

/**
 * The content context's answer to organizations' SpaceCounts (the `spaces` of members and teams),
 * by the same rules as the lists: a member with a role sees every active space of the
 * organization (one counter read), a guest those granted to them or their teams (their grants);
 * a team has the active spaces granted to it.
 */
@Injectable()
export class ContentSpaceCounts extends SpaceCounts {
  constructor(
    private readonly spaces: SpacesReadModel,
    private readonly modules: ModuleRef,
  ) {
    super();
  }

  /**
   * Looked up on first use, not injected: the directory presents members through MemberViews,
   * which asks this class, so constructing each with the other would be a cycle.
   */
  private directory?: OrganizationDirectory;
  private teamIdsOf(organizationId: string, userId: string): Promise<string[]> {
    this.directory ??= this.modules.get(OrganizationDirectory, { strict: false });
    return this.directory.teamIdsOf(organizationId, userId);
  }

  async ofMembers(organizationId: string, members: readonly Pick<MemberDoc, 'userId' | 'role'>[]): Promise<ReadonlyMap<string, number>> {
    const counts = new Map<string, number>();
    let everySpace: number | undefined;
    for (const { userId, role } of members) {
      if (role !== null) {
        counts.set(userId, (everySpace ??= await this.spaces.activeSpaceCount(organizationId)));
      } else {
        const teamIds = new Set(await this.teamIdsOf(organizationId, userId));
        counts.set(userId, (await this.spaces.grantedSpaces(organizationId, userId, teamIds)).length);
      }
    }
    return counts;
  }

  async ofTeams(organizationId: string, teamIds: readonly string[]): Promise<ReadonlyMap<string, number>> {
    const counts = new Map(teamIds.map((id) => [id, 0]));
    // One grant per (space, team): counting a team's grants on active spaces counts its spaces.
    const grants = (await this.spaces.grantsTo(organizationId, [...counts.keys()])).filter((g) => g.kind === 'team' && counts.has(g.principalId));
    const spaces = await this.spaces.spacesById([...new Set(grants.map((g) => g.spaceId))]);
    const active = new Set(spaces.filter((s) => s.status === 'active' && s.organizationId === organizationId).map((s) => s.id));
    for (const grant of grants) if (active.has(grant.spaceId)) counts.set(grant.principalId, counts.get(grant.principalId)! + 1);
    return counts;
  }
}
