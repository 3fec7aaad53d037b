import { Injectable } from '@nestjs/common';
import { ReadModels } from '@docs/platform';

/**
 * The organization context's small query interface over team memberships: how many teams a member
 * belongs to and whether they own one (member `teams` counts, organization `permissions.ownTeam`).
 */
@Injectable()
export class TeamDirectory {
  constructor(private readonly readModels: ReadModels) {}

  async teamsOf(organizationId: string, userId: string): Promise<{ count: number; ownsTeam: boolean }> {
    const base = [
      { field: 'organizationId', op: 'eq' as const, value: organizationId },
      { field: 'userId', op: 'eq' as const, value: userId },
    ];
    const [count, owned] = await Promise.all([
      this.readModels.count('team_members', { where: base }),
      this.readModels.count('team_members', { where: [...base, { field: 'role', op: 'eq', value: 'owner' }] }),
    ]);
    return { count, ownsTeam: owned > 0 };
  }
}
