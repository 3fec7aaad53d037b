/** Organization member roles, strongest first; null means guest. */
export const ROLES = ['admin', 'create', 'review', 'edit', 'comment', 'read'] as const;
export type Role = (typeof ROLES)[number];
export type RoleOrGuest = Role | null;

/** True when `role` grants at least what `needed` grants. Guests (null) hold no role. */
export function atLeast(role: RoleOrGuest | undefined, needed: Role): boolean {
  if (!role) return false;
  return ROLES.indexOf(role) <= ROLES.indexOf(needed);
}
