import { Injectable } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { MemberDoc, OrganizationDirectory, SpaceCounts } from '@docs/organizations';
import { SpacesReadModel } from './spaces.read-model';

/**
 * The content context's answer to organizations' SpaceCounts (the `spaces` of members and teams),
 * by the same rules as the lists: a member with a role sees every active space of the
 * organization (one counter read), a guest those granted to them or their teams (their grants);
 * a team has the active spaces granted to it (kept per team by the spaces projection: a page of
 * teams is one read).
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

  async ofTeams(_organizationId: string, teamIds: readonly string[]): Promise<ReadonlyMap<string, number>> {
    const counted = await this.spaces.teamSpaceCounts(teamIds);
    return new Map(teamIds.map((id) => [id, counted.get(id) ?? 0]));
  }
}
