import { Role } from '@docs/kernel';
import { Injectable } from '@nestjs/common';
import { notFound } from '@docs/platform';
import { GrantChanges } from '../space.decider';
import { GrantKind, SpacesReadModel } from '../reads/spaces.read-model';
import { SpaceScope } from '../space-scope';
import { SpaceWriter } from '../space-writer';

export const CHANGING_ACCESS = 'changing who has access to the space';

const NONE: ReadonlyMap<string, Role | null> = new Map();

/**
 * Changes direct grants of one space (GitBook's space permission routes): space admins only;
 * a role sets the grant, null removes it (GitBook's MemberRoleOrGuest), and what is already so
 * records nothing. Every route ends in the space's one `UpdateSpacePermissions` decision.
 */
@Injectable()
export class SpaceGrants {
  constructor(
    private readonly writer: SpaceWriter,
    private readonly spaces: SpacesReadModel,
  ) {}

  /** Sets (or removes, with null) the grants of `users` and `teams`. */
  async set(scope: SpaceScope, changes: Partial<GrantChanges>): Promise<void> {
    const { space } = await scope.requirePermission('admin', CHANGING_ACCESS);
    await this.writer.execute(
      space.id,
      { type: 'UpdateSpacePermissions', users: changes.users ?? NONE, teams: changes.teams ?? NONE },
      scope,
    );
  }

  /**
   * Changes the existing grant of one user or team: `role` sets it, null removes it, undefined
   * changes nothing. 404 when they hold no direct grant on the space.
   */
  async change(scope: SpaceScope, kind: GrantKind, principalId: string, role: Role | null | undefined): Promise<void> {
    const { space } = await scope.requirePermission('admin', CHANGING_ACCESS);
    if (!(await this.spaces.grant(space.id, kind, principalId)))
      throw notFound(`no such grant: ${kind} ${principalId} has no direct access to the space`);
    if (role === undefined) return;
    const change = new Map([[principalId, role]]);
    await this.set(scope, kind === 'user' ? { users: change } : { teams: change });
  }
}
