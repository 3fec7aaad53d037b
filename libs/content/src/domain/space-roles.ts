/** Space roles, weakest first: each grants everything the ones before it grant. */
export const SPACE_ROLES = ['read', 'comment', 'edit', 'review', 'create', 'admin'] as const;
export type SpaceRole = (typeof SPACE_ROLES)[number];

const RANK = new Map<SpaceRole, number>(SPACE_ROLES.map((role, i) => [role, i]));

export const isSpaceRole = (value: unknown): value is SpaceRole => typeof value === 'string' && RANK.has(value as SpaceRole);

/** True when `role` grants at least what `needed` grants (no role grants nothing). */
export function atLeast(role: SpaceRole | null | undefined, needed: SpaceRole): boolean {
  return role != null && RANK.get(role)! >= RANK.get(needed)!;
}

/** The strongest of some roles, or null when there is none. */
export function strongest(roles: Iterable<SpaceRole | null | undefined>): SpaceRole | null {
  let best: SpaceRole | null = null;
  for (const role of roles) if (role != null && (best === null || RANK.get(role)! > RANK.get(best)!)) best = role;
  return best;
}
