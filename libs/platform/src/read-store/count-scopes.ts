import { Filter, Scalar } from './query';

/** A declared count scope a query's `where` matches, with the values it fixes (in scope order). */
export interface ScopeMatch {
  scope: string[];
  values: Scalar[];
}

/** The stored name of a count scope: its fields joined by commas. */
export const scopeName = (scope: string[]): string => scope.join(',');

/**
 * The count scope that answers `count` for `where`: `where` must be exactly one equality filter on
 * each of the scope's fields and nothing else. Anything else (a search, a range, an extra filter)
 * is counted from the matching rows instead.
 */
export function matchCountScope(scopes: string[][], where: Filter[] | undefined): ScopeMatch | null {
  const fixed = new Map<string, Scalar>();
  for (const filter of where ?? []) {
    if (filter.op !== 'eq' || fixed.has(filter.field)) return null;
    fixed.set(filter.field, filter.value);
  }
  const scope = scopes.find((s) => s.length === fixed.size && s.every((f) => fixed.has(f)));
  return scope ? { scope, values: scope.map((f) => fixed.get(f)!) } : null;
}
