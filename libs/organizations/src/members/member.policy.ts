import { RoleOrGuest } from '../shared/roles.domain';

/**
 * What a member (`callerId`, with `role`) may do to a member (`memberId`): anyone with a role sees
 * the others and everyone sees themselves; admins change roles and SSO; members may leave on their
 * own, removing someone else takes an admin.
 */
export function memberPermissions(callerId: string, role: RoleOrGuest, memberId: string) {
  const self = callerId === memberId;
  const admin = role === 'admin';
  return { view: self || role !== null, edit: admin, enableSso: admin, remove: self || admin };
}
