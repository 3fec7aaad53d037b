/**
 * Text that arrives from outside (bodies, path parameters, query values) must be well-formed:
 * a lone UTF-16 surrogate crashes URI and e-mail validators and cannot be stored as UTF-8, and a NUL
 * byte truncates strings in C libraries and log pipelines. Both are rejected at the edge.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why `value` is not acceptable text, or null when it is. */
export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(value)) return 'must be well-formed Unicode (it contains a lone surrogate)';
  return null;
}

/**
 * Keys refused anywhere in a body or query: assigning `__proto__` changes an object's prototype, and
 * class-transformer silently drops `constructor` and `prototype` from the objects it copies, so a
 * map keyed by ids would lose them between the client and the handler. No field of the API has
 * these names.
 */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);
