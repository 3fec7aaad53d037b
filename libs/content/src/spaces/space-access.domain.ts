import { Role, strongest } from '@docs/kernel';

/**
 * What the application knows about the caller, outside the space's stream: their role in the
 * space's organization (`null` for a guest, `undefined` when not a member) and the teams they are in.
 */
export interface CallerFacts {
  actorId: string;
  orgRole: Role | null | undefined;
  teamIds: ReadonlySet<string>;
}

/** The grants a space holds itself, and its default level (for organization members). */
export interface SpaceGrants {
  defaultLevel: Role | null;
  users: ReadonlyMap<string, Role>;
  teams: ReadonlyMap<string, Role>;
}

/**
 * The caller's effective role in a space: the strongest of their organization role, their teams'
 * grants, their direct grant, and (for organization members, guests excluded) the space's default
 * level. Null: the caller cannot see the space.
 */
export function effectiveRole(space: SpaceGrants, caller: CallerFacts): Role | null {
  const isMember = caller.orgRole !== undefined;
  const teamGrants = [...caller.teamIds].map((teamId) => space.teams.get(teamId));
  return strongest([
    caller.orgRole,
    ...teamGrants,
    space.users.get(caller.actorId),
    isMember && caller.orgRole !== null ? space.defaultLevel : null,
  ]);
}
