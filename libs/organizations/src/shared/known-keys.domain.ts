/**
 * The set entries (not undefined) of `source` under the named keys only. Commands that carry
 * settings come from request bodies; picking known keys keeps any other key (`__proto__`,
 * `constructor`, a field the validation missed) out of the events, which are published facts
 * that projections copy key by key.
 */
export function pickKnown<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const picked: Partial<Pick<T, K>> = {};
  for (const key of keys) {
    if (Object.hasOwn(source, key) && source[key] !== undefined) picked[key] = source[key];
  }
  return picked;
}
