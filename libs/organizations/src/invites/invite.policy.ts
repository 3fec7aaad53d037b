import { atLeast } from '@docs/kernel';
import { RoleOrGuest } from '../shared/roles.domain';

/** Who manages invitations: organization admins invite people and create, change and delete link invites. */
export const invitePermissions = (role: RoleOrGuest | undefined) => ({ manage: role === 'admin' });

/**
 * A link invite is redundant to a member who already holds everything it grants: their role is at
 * least the invite's, or the invite makes guests. `callerRole` undefined: the caller is not a member.
 */
export const linkInviteIsRedundant = (callerRole: RoleOrGuest | undefined, inviteRole: RoleOrGuest): boolean =>
  callerRole !== undefined && (inviteRole === null || atLeast(callerRole, inviteRole));
