import { getMetadataStorage } from 'class-validator';

// class-transformer's @Type metadata has no public accessor; its storage module has been stable since 0.3.
const { defaultMetadataStorage } = require('class-transformer/cjs/storage') as typeof import('class-transformer/types/storage');

export type Class = new (...args: never[]) => unknown;

const declared = new WeakMap<Class, ReadonlySet<string>>();

/** Properties a request class declares rules for (its parents' included). */
function declaredProperties(type: Class): ReadonlySet<string> {
  let names = declared.get(type);
  if (!names) {
    const rules = getMetadataStorage().getTargetValidationMetadatas(type, '', true, false);
    names = new Set(rules.map((rule) => rule.propertyName));
    declared.set(type, names);
  }
  return names;
}

/** The request class of a nested property (its @Type), if it has one. */
export function nestedType(type: Class, property: string): Class | undefined {
  const meta = defaultMetadataStorage.findTypeMetadata(type, property) as { typeFunction?: () => unknown } | undefined;
  const nested = meta?.typeFunction?.();
  return typeof nested === 'function' && nested !== Object ? (nested as Class) : undefined;
}

/**
 * The properties of `input` (at any depth of nested request classes) that `type` does not
 * declare, as `parent.child`.
 *
 * class-validator's own whitelist cannot be trusted with every name: class-transformer drops
 * input keys that shadow an inherited function (`toString`, `constructor`, `hasOwnProperty`), so
 * they never reach the whitelist and a request carrying them passed as if they were not there.
 * This check reads the raw input, before any transformation.
 */
export function unknownProperties(input: unknown, type: Class, path = ''): string[] {
  if (input === null || typeof input !== 'object') return [];
  if (Array.isArray(input)) return input.flatMap((item, i) => unknownProperties(item, type, `${path}[${i}]`));
  const known = declaredProperties(type);
  if (known.size === 0) return []; // not a request class: nothing to check against
  return Object.keys(input).flatMap((key) => {
    const at = path ? `${path}.${key}` : key;
    if (!known.has(key)) return [at];
    const nested = nestedType(type, key);
    return nested ? unknownProperties((input as Record<string, unknown>)[key], nested, at) : [];
  });
}
