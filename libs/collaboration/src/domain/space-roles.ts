/**
 * Space roles as collaboration decides on them, weakest first (GitBook's Role; the content context
 * resolves a caller's effective role, docs/content-design.md). Repeated here because domain code
 * imports no other context: the names are the published API's.
 */
export const SPACE_ROLES = ['read', 'comment', 'edit', 'review', 'create', 'admin'] as const;
export type SpaceRole = (typeof SPACE_ROLES)[number];

const RANK: ReadonlyMap<string, number> = new Map(SPACE_ROLES.map((role, i) => [role, i]));

/** True when `role` grants at least what `needed` grants (no role grants nothing). */
export function atLeast(role: SpaceRole | null | undefined, needed: SpaceRole): boolean {
  return role != null && (RANK.get(role) ?? -1) >= RANK.get(needed)!;
}
