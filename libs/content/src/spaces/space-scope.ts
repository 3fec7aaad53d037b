import { Role } from '@docs/kernel';
import { Caller, CallerScope, notFound, ScopedCommand, ScopedQuery } from '@docs/platform';
import { CallerFacts } from './space-access.domain';
import { requireSpacePermission, SpacePermission } from './spaces.policy';
import { SpaceDoc, SpacesReadModel } from './reads/spaces.read-model';
import { CallerAware, SpaceAccess } from './space-access';

/** A space as its caller sees it: the document and the caller's effective role in it. */
export interface SpaceView {
  space: SpaceDoc;
  role: Role;
}

interface Resolved {
  space: SpaceDoc | null;
  caller: CallerFacts | null;
  role: Role | null;
}

const NOT_FOUND = 'space not found';

/**
 * The space a request is about (`/v1/spaces/{spaceId}/…`) and its caller. It is the command
 * context of the request's writes, and looks up on first use, then keeps for the request, the
 * space, the caller's facts in its organization (role, teams) and their effective role in the
 * space (organization role, team grants, direct grant, default level: strongest first). A space
 * that does not exist, was purged, is in the trash, or that the caller cannot see is 404, so a
 * space is never revealed; only restoring reaches into the trash.
 */
export class SpaceScope extends CallerScope implements CallerAware {
  private resolved?: Promise<Resolved>;

  constructor(
    readonly spaceId: string,
    caller: Caller,
    private readonly spaces: SpacesReadModel,
    private readonly access: SpaceAccess,
  ) {
    super(caller, spaceId);
  }

  private resolve(): Promise<Resolved> {
    return (this.resolved ??= (async () => {
      const space = await this.spaces.space(this.spaceId);
      if (!space) return { space: null, caller: null, role: null };
      const caller = await this.access.callerFacts(space.organizationId, this.actor);
      const role = (await this.access.rolesOn([space], caller)).get(space.id) ?? null;
      return { space, caller, role };
    })());
  }

  /** The space and the caller's role in it; 404 when it is unknown, purged, in the trash (unless `inTrash`) or invisible to the caller. */
  async view(options: { inTrash?: boolean } = {}): Promise<SpaceView> {
    const { space, role } = await this.resolve();
    if (!space || role === null || (space.status !== 'active' && !options.inTrash)) throw notFound(NOT_FOUND);
    return { space, role };
  }

  async space(): Promise<SpaceDoc> {
    return (await this.view()).space;
  }

  /** The space, when the caller has `permission` in it (spaces.policy.ts): 404 when they cannot see it, 403 (naming `action`) otherwise. */
  async requirePermission(permission: SpacePermission, action: string, options: { inTrash?: boolean } = {}): Promise<SpaceView> {
    const view = await this.view(options);
    requireSpacePermission(view.role, permission, action);
    return view;
  }

  /** The caller's facts in the space's organization (role, teams), for the decisions of writes; 404 like `view`. */
  async callerFacts(): Promise<CallerFacts> {
    await this.view({ inTrash: true });
    return (await this.resolve()).caller!;
  }

  /** Forgets what was looked up, after a write that changed it (a transfer, a restore): the next read looks again. */
  refresh(): void {
    this.resolved = undefined;
  }
}

/** A command about one space: its named props, and the request's space scope as its context. */
export abstract class SpaceCommand<P, R = void> extends ScopedCommand<P, SpaceScope, R> {}

/** A query about one space: its named props, and the request's space scope. */
export abstract class SpaceQuery<P, R> extends ScopedQuery<P, SpaceScope, R> {}
