/**
 * JSON text of `base` (an object) with one more entry written as raw text. Built by hand because
 * some of what the suites send cannot come out of JSON.stringify: a `__proto__` key (an object
 * literal would set the prototype), `1e999`, nesting deeper than the stack.
 */
export function withRawEntry(base: object, key: string, rawValue: string): string {
  const entries = Object.entries(base)
    .filter(([k]) => k !== key)
    .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
  return `{${[...entries, `${JSON.stringify(key)}:${rawValue}`].join(',')}}`;
}

/** `depth` nested arrays or objects, as JSON text. */
export const deeplyNested = (depth: number, kind: 'array' | 'object' = 'array'): string =>
  kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
