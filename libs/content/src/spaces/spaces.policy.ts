import { atLeast, forbidden, isRole, notFound, Role } from '@docs/kernel';

/**
 * What a caller may do in a space, from their effective role in it (docs/content-design.md, "Roles
 * and permissions"). The deciders enforce these answers and the Space object shows them, so the
 * `permissions` of an answer never disagree with what a write accepts.
 */
export interface SpacePermissionSet {
  view: boolean;
  access: boolean;
  admin: boolean;
  viewInviteLinks: boolean;
  edit: boolean;
  triggerGitSync: boolean;
  comment: boolean;
  merge: boolean;
  review: boolean;
  installIntegration: boolean;
}
export type SpacePermission = keyof SpacePermissionSet;

/** The weakest role that grants each permission; null: nobody (there is no git sync here). */
const NEEDED: { readonly [P in SpacePermission]: Role | null } = {
  view: 'read',
  access: 'read',
  admin: 'admin',
  viewInviteLinks: 'admin',
  edit: 'edit',
  triggerGitSync: null,
  comment: 'comment',
  merge: 'review',
  review: 'review',
  installIntegration: 'admin',
};

/** A caller's permissions in a space whose effective role is `role` (null or an unknown role: none, every permission false). */
export function spacePermissions(role: string | null): SpacePermissionSet {
  const known = isRole(role) ? role : null;
  const granted = (permission: SpacePermission) => {
    const needed = NEEDED[permission];
    return needed !== null && atLeast(known, needed);
  };
  return {
    view: granted('view'),
    access: granted('access'),
    admin: granted('admin'),
    viewInviteLinks: granted('viewInviteLinks'),
    edit: granted('edit'),
    triggerGitSync: granted('triggerGitSync'),
    comment: granted('comment'),
    merge: granted('merge'),
    review: granted('review'),
    installIntegration: granted('installIntegration'),
  };
}

/**
 * Refuses a caller without `permission` in the space: 404 when they cannot see the space at all
 * (never reveal it), 403 naming `action` and the role it needs when they can but may not do this.
 */
export function requireSpacePermission(role: Role | null, permission: SpacePermission, action: string): void {
  if (role === null) throw notFound('space not found');
  if (!spacePermissions(role)[permission]) throw forbidden(`${action} needs the ${NEEDED[permission] ?? 'admin'} role in the space`);
}
