import { Role } from '@docs/kernel';
import { Injectable } from '@nestjs/common';
import { CommandContext, FindResult, Page, pageInMemory, Sort } from '@docs/platform';
import { OrganizationDirectory, OrganizationScope } from '@docs/organizations';
import { CallerFacts, effectiveRole } from './space-access.domain';
import { CollectionsReadModel } from '../collections/collections.read-model';
import { grantId, SpaceDoc, SpacesReadModel } from './reads/spaces.read-model';

const NO_TEAMS: ReadonlySet<string> = new Set();

/** A command context that knows its caller's facts already (a space scope, or a request that looked them up): writers reuse them. */
export interface CallerAware extends CommandContext {
  callerFacts(): Promise<CallerFacts>;
}

export const isCallerAware = (ctx: CommandContext): ctx is CallerAware => typeof (ctx as Partial<CallerAware>).callerFacts === 'function';

/** `scope` (an organization's) as a command context whose caller facts are `caller`. */
export function withCaller(scope: OrganizationScope, caller: CallerFacts): CallerAware {
  return { actor: scope.actor, correlationId: scope.correlationId, idempotencyKey: scope.idempotencyKey, callerFacts: async () => caller };
}

/**
 * Who sees which spaces, with which role (docs/content-design.md, "Roles and permissions"): the
 * facts about a person in an organization (role, teams) are looked up once, then their roles in
 * any number of spaces of that organization come from one batched read of the grants that can
 * concern them. The decision itself is the domain's `effectiveRole`.
 *
 * A person who is not (or no longer) a member of the space's organization has no access, whatever
 * grants they hold: grants are given to members only, and outlive a membership that ends (they
 * apply again if the person rejoins).
 */
@Injectable()
export class SpaceAccess {
  constructor(
    private readonly directory: OrganizationDirectory,
    private readonly spaces: SpacesReadModel,
    private readonly collections: CollectionsReadModel,
  ) {}

  /** What the decisions need to know about `userId` in the organization: role (undefined: not a member) and teams. */
  async callerFacts(organizationId: string, userId: string): Promise<CallerFacts> {
    const orgRole = await this.directory.roleOf(organizationId, userId);
    return orgRole === undefined ? { actorId: userId, orgRole, teamIds: NO_TEAMS } : this.memberFacts(organizationId, userId, orgRole);
  }

  /** The caller of an organization's request: their membership (404 for non-members, resolved by the scope) and teams. */
  async callerIn(scope: OrganizationScope): Promise<CallerFacts> {
    const member = await scope.member();
    return this.memberFacts(scope.organizationId, member.userId, member.role);
  }

  /** The facts of a known member (`role` null: a guest). */
  async memberFacts(organizationId: string, userId: string, role: Role | null): Promise<CallerFacts> {
    // An organization admin administers every space: their teams cannot add anything.
    const teamIds = role === 'admin' ? NO_TEAMS : new Set(await this.directory.teamIdsOf(organizationId, userId));
    return { actorId: userId, orgRole: role, teamIds };
  }

  /** The level a space with `defaultLevel: inherit` takes: its collection's (null outside one). */
  async inheritedLevel(space: Pick<SpaceDoc, 'parent'>): Promise<Role | null> {
    return space.parent === null ? null : ((await this.collections.collectionById(space.parent))?.defaultLevel ?? null);
  }

  /** The default level of each parent collection of these spaces that inherit it, by collection id. */
  private async inheritedLevels(spaces: readonly Pick<SpaceDoc, 'parent' | 'defaultLevel'>[]): Promise<Map<string, Role | null>> {
    const parents = [...new Set(spaces.filter((s) => s.defaultLevel === 'inherit' && s.parent !== null).map((s) => s.parent!))];
    if (parents.length === 0) return new Map();
    return new Map((await this.collections.collectionsById(parents)).map((c) => [c.id, c.defaultLevel]));
  }

  /**
   * The role of the person `who` describes in each of `spaces` (all of the organization `who` was
   * looked up in), null where they cannot see it. One read of grants, one of collections.
   */
  async rolesOn(spaces: readonly SpaceDoc[], who: CallerFacts): Promise<Map<string, Role | null>> {
    if (who.orgRole === undefined) return new Map(spaces.map((s) => [s.id, null]));
    if (who.orgRole === 'admin') return new Map(spaces.map((s) => [s.id, 'admin']));
    const ids = spaces.flatMap((s) => [grantId(s.id, 'user', who.actorId), ...[...who.teamIds].map((t) => grantId(s.id, 'team', t))]);
    const grants = new Map((await this.spaces.grantsById(ids)).map((g) => [g.id, g.role]));
    const levels = await this.inheritedLevels(spaces);
    return new Map(
      spaces.map((space) => {
        const user = grants.get(grantId(space.id, 'user', who.actorId));
        const teams = new Map<string, Role>();
        for (const teamId of who.teamIds) {
          const role = grants.get(grantId(space.id, 'team', teamId));
          if (role) teams.set(teamId, role);
        }
        const defaultLevel = space.defaultLevel === 'inherit' ? (levels.get(space.parent ?? '') ?? null) : space.defaultLevel;
        return [space.id, effectiveRole({ defaultLevel, users: new Map(user ? [[who.actorId, user]] : []), teams }, who)];
      }),
    );
  }

  /**
   * A page of the active spaces of the organization that `who` can see, in `sort` order. Members
   * with a role see every space (their role reaches them all); guests see the spaces granted to
   * them or to their teams; anyone else none.
   */
  async visibleSpaces(organizationId: string, who: CallerFacts, sort: Sort, page: Page): Promise<FindResult<SpaceDoc>> {
    const seen = await this.seenSpaces(organizationId, who);
    return seen === 'every' ? this.spaces.spaces(organizationId, sort, page) : pageInMemory(seen, sort, page);
  }

  /**
   * The active spaces of the organization that `who` can see: `every` one (members with a role), or
   * those granted to them or their teams (guests); none for anyone else.
   */
  async seenSpaces(organizationId: string, who: CallerFacts): Promise<'every' | SpaceDoc[]> {
    if (who.orgRole === undefined) return [];
    if (who.orgRole !== null) return 'every';
    return this.spaces.grantedSpaces(organizationId, who.actorId, who.teamIds);
  }
}
