import { Role } from '@docs/kernel';
import { requireSpacePermission, SpacePermission, spacePermissions } from '../spaces/spaces.policy';

/**
 * What a caller may do with a space's change requests, from their effective role in the space: the
 * space permission each action takes (docs/content-design.md, "Roles and permissions"). The decider
 * and the use cases enforce it; no answer shows it yet (GitBook's ChangeRequest has no permissions).
 */
const NEEDED = {
  create: 'edit',
  edit: 'edit',
  updateFromMain: 'edit',
  requestReviews: 'edit',
  merge: 'merge',
} as const satisfies Record<string, SpacePermission>;
export type ChangeRequestAction = keyof typeof NEEDED;
export type ChangeRequestPermissionSet = { [A in ChangeRequestAction]: boolean };

export function changeRequestPermissions(role: Role | null): ChangeRequestPermissionSet {
  const space = spacePermissions(role);
  return {
    create: space[NEEDED.create],
    edit: space[NEEDED.edit],
    updateFromMain: space[NEEDED.updateFromMain],
    requestReviews: space[NEEDED.requestReviews],
    merge: space[NEEDED.merge],
  };
}

/** Refuses a caller who may not do `action` (404 when they cannot see the space, 403 naming `what` otherwise). */
export function requireChangeRequestPermission(role: Role | null, action: ChangeRequestAction, what: string): void {
  requireSpacePermission(role, NEEDED[action], what);
}
