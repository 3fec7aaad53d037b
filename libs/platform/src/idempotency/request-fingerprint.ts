import { createHash } from 'node:crypto';

/** What identifies a request for Idempotency-Key purposes. */
export interface FingerprintedRequest {
  method: string;
  /** The route pattern, e.g. `/v1/orgs/:organizationId/invites`. */
  route: string;
  params: unknown;
  query: unknown;
  body: unknown;
}

/**
 * JSON with object keys sorted at every level, so `{"a":1,"b":2}` and `{"b":2,"a":1}` are one
 * request. Array order is kept (it can mean something); undefined members are left out, as
 * JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  const entries = Object.keys(value)
    .sort()
    .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
    .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
  return `{${entries.join(',')}}`;
}

/** SHA-256 (hex) of the request's method, route pattern, path and query parameters and body, as canonical JSON. */
export function requestFingerprint(request: FingerprintedRequest): string {
  const { method, route, params, query, body } = request;
  return createHash('sha256')
    .update(canonicalJson({ method: method.toUpperCase(), route, params: params ?? {}, query: query ?? {}, body: body ?? null }))
    .digest('hex');
}
