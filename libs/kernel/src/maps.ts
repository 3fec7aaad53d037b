/**
 * A copy of `map` with `key` set to `value`, or without `key` when `value` is undefined: evolve
 * functions build the next state and never change the one they were given.
 */
export function withEntry<K, V>(map: ReadonlyMap<K, V>, key: K, value: V | undefined): Map<K, V> {
  const next = new Map(map);
  if (value === undefined) next.delete(key);
  else next.set(key, value);
  return next;
}

/**
 * The fields of `changes` that are set and differ from `current`: what an update really changes,
 * so a decider records nothing when nothing changes. Keys come from the command's type, never
 * from request input.
 */
export function changedFields<T extends object>(current: T, changes: Partial<T>): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(changes) as (keyof T)[]) {
    if (changes[key] !== undefined && changes[key] !== current[key]) changed[key] = changes[key];
  }
  return changed;
}
