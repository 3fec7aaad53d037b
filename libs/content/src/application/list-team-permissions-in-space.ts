import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { OrganizationDirectory, TeamDoc } from '@docs/organizations';
import { SpaceRole } from '../domain/space-roles';
import { SpaceGrantDoc, SpacesReadModel } from '../projections/spaces.read-model';
import { SpaceQuery } from './space-scope';

export interface TeamPermissionView {
  grant: SpaceGrantDoc;
  team: TeamDoc;
  /** The caller's organization role (for the team's own permissions). */
  callerRole: SpaceRole | null;
}

export class ListTeamPermissionsInSpace extends SpaceQuery<{ page: Page }, FindResult<TeamPermissionView>> {}

/** GET /v1/spaces/{spaceId}/permissions/teams: the teams granted access, oldest grant first; anyone who can see the space. */
@QueryHandler(ListTeamPermissionsInSpace)
export class ListTeamPermissionsInSpaceHandler implements IQueryHandler<ListTeamPermissionsInSpace> {
  constructor(
    private readonly spaces: SpacesReadModel,
    private readonly directory: OrganizationDirectory,
  ) {}

  async execute({ props: { page }, scope }: ListTeamPermissionsInSpace): Promise<FindResult<TeamPermissionView>> {
    const space = await scope.space();
    const { orgRole } = await scope.callerFacts();
    const grants = await this.spaces.grants(space.id, 'team', page);
    const teams = new Map((await this.directory.teamsOf(space.organizationId, grants.items.map((g) => g.principalId))).map((t) => [t.id, t]));
    return {
      ...grants,
      items: grants.items.flatMap((grant) => (teams.has(grant.principalId) ? [{ grant, team: teams.get(grant.principalId)!, callerRole: orgRole ?? null }] : [])),
    };
  }
}
