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
