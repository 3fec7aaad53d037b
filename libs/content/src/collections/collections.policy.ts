import { atLeast, forbidden, notFound, Role } from '@docs/kernel';

/**
 * What a caller may do with collections, from their role in the collection's organization (null: a
 * guest). The decider enforces these answers and the Collection object shows them.
 */
export interface CollectionPermissionSet {
  view: boolean;
  admin: boolean;
  viewInviteLinks: boolean;
  create: boolean;
}
export type CollectionPermission = keyof CollectionPermissionSet;

/** The weakest organization role that grants each permission (a guest, with no role, holds none). */
const NEEDED: { readonly [P in CollectionPermission]: Role } = { view: 'read', admin: 'admin', viewInviteLinks: 'admin', create: 'create' };

export function collectionPermissions(orgRole: Role | null): CollectionPermissionSet {
  return {
    view: atLeast(orgRole, NEEDED.view),
    admin: atLeast(orgRole, NEEDED.admin),
    viewInviteLinks: atLeast(orgRole, NEEDED.viewInviteLinks),
    create: atLeast(orgRole, NEEDED.create),
  };
}

/**
 * Refuses a caller without `permission`: 404 when they are not in the organization at all
 * (`undefined`), 403 naming `action` and the role it needs otherwise.
 */
export function requireCollectionPermission(orgRole: Role | null | undefined, permission: CollectionPermission, action: string): void {
  if (orgRole === undefined) throw notFound('collection not found');
  if (!collectionPermissions(orgRole)[permission]) throw forbidden(`${action} needs the ${NEEDED[permission]} role in the organization`);
}
