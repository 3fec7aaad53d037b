import { Role } from '@docs/kernel';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { OrganizationDirectory, TeamView, TeamViews, UserDoc } from '@docs/organizations';
import { GrantKind, SpaceDoc, SpaceGrantDoc, SpacesReadModel } from '../reads/spaces.read-model';
import { SpaceQuery, SpaceScope } from '../space-scope';

/** Who holds each kind of grant, as the permission routes present them beside the grant. */
interface GrantHolders {
  user: { user: UserDoc };
  /** `callerRole`: the caller's organization role (for the team's own permissions). */
  team: { team: TeamView; callerRole: Role | null };
}

export type SpaceGrantView<K extends GrantKind> = { grant: SpaceGrantDoc } & GrantHolders[K];

export class ListSpaceGrants<K extends GrantKind> extends SpaceQuery<{ kind: K; page: Page }, FindResult<SpaceGrantView<K>>> {}

/**
 * GET /v1/spaces/{spaceId}/permissions/users and .../permissions/teams: the users or teams granted
 * access directly, oldest grant first (grants of users or teams no longer found left out); anyone
 * who can see the space.
 */
@QueryHandler(ListSpaceGrants)
export class ListSpaceGrantsHandler implements IQueryHandler<ListSpaceGrants<GrantKind>> {
  constructor(
    private readonly spaces: SpacesReadModel,
    private readonly directory: OrganizationDirectory,
    private readonly teamViews: TeamViews,
  ) {}

  async execute({ props: { kind, page }, scope }: ListSpaceGrants<GrantKind>): Promise<FindResult<SpaceGrantView<GrantKind>>> {
    const space = await scope.space();
    const grants = await this.spaces.grants(space.id, kind, page);
    const holders = await this.holders(
      kind,
      space,
      grants.items.map((g) => g.principalId),
      scope,
    );
    return {
      ...grants,
      items: grants.items.flatMap((grant) => (holders.has(grant.principalId) ? [{ grant, ...holders.get(grant.principalId)! }] : [])),
    };
  }

  /** The holders of these ids that still exist, by id. */
  private async holders(kind: GrantKind, space: SpaceDoc, ids: string[], scope: SpaceScope): Promise<Map<string, GrantHolders[GrantKind]>> {
    if (kind === 'user') return new Map((await this.directory.usersById(ids)).map((user) => [user.id, { user }]));
    const { orgRole } = await scope.callerFacts();
    const teams = await this.teamViews.all(await this.directory.teamsOf(space.organizationId, ids));
    return new Map(teams.map((team) => [team.team.id, { team, callerRole: orgRole ?? null }]));
  }
}
