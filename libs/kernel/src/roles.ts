/**
 * GitBook's roles (`MemberRole`), defined once for every context: an organization member's role and
 * a caller's effective role in a space are the same scale. Weakest first: each role grants
 * everything the ones before it grant.
 */
export const ROLES = ['read', 'comment', 'edit', 'review', 'create', 'admin'] as const;
export type Role = (typeof ROLES)[number];
/** A role, or null for a caller who holds none (a guest, or someone outside the space). */
export type RoleOrNone = Role | null;

const RANK: ReadonlyMap<string, number> = new Map(ROLES.map((role, i) => [role, i]));

export const isRole = (value: unknown): value is Role => typeof value === 'string' && RANK.has(value);

/** True when `role` grants at least what `needed` grants; no role grants nothing. */
export function atLeast(role: Role | null | undefined, needed: Role): boolean {
  return role != null && (RANK.get(role) ?? -1) >= RANK.get(needed)!;
}

/** The strongest of some roles, or null when there is none. */
export function strongest(roles: Iterable<Role | null | undefined>): RoleOrNone {
  let best: RoleOrNone = null;
  for (const role of roles) if (role != null && (best === null || RANK.get(role)! > RANK.get(best)!)) best = role;
  return best;
}
