import { readFileSync } from 'node:fs';

/** The parts of a JSON schema (GitBook's document or ours) that `sample` reads. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  nullable?: boolean;
}

/** An OpenAPI document: operations by operationId, and `$ref` resolution inside it. */
export interface ApiDocument {
  resolve<T extends object>(value: T): T;
  /** Each operation's query parameters (name and schema) and JSON body schema, by operationId. */
  operations: Map<
    string,
    { method: string; path: string; query: { name: string; schema: JsonSchema; required: boolean }[]; body?: JsonSchema }
  >;
}

export function apiDocument(document: any, pathPrefix = ''): ApiDocument {
  const resolve = <T extends object>(value: T): T => {
    let v: any = value;
    for (let hops = 0; v && typeof v.$ref === 'string' && hops < 32; hops++) {
      v = v.$ref
        .slice(2)
        .split('/')
        .reduce((at: any, key: string) => at?.[key], document);
    }
    return v;
  };
  const operations: ApiDocument['operations'] = new Map();
  for (const [path, item] of Object.entries<any>(document.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (!op?.operationId) continue;
      const parameters = (op.parameters ?? []).map((p: object) => resolve(p));
      const body = op.requestBody && resolve(op.requestBody).content?.['application/json']?.schema;
      operations.set(op.operationId, {
        method: method.toUpperCase(),
        path: `${pathPrefix}${path}`,
        query: parameters
          .filter((p: any) => p.in === 'query')
          .map((p: any) => ({ name: p.name, schema: p.schema ?? {}, required: p.required === true })),
        ...(body ? { body } : {}),
      });
    }
  }
  return { resolve, operations };
}

/** GitBook's published OpenAPI document (`@gitbook/api`); its paths lack our `/v1` prefix. */
export const gitbookDocument = (): ApiDocument =>
  apiDocument(JSON.parse(readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8')), '/v1');

/** The top-level properties of a body schema, through `allOf`, `oneOf` and `anyOf` branches. */
export function topLevelProperties(doc: ApiDocument, schema: JsonSchema | undefined): Map<string, JsonSchema> {
  const found = new Map<string, JsonSchema>();
  const walk = (s: JsonSchema | undefined, depth: number) => {
    if (!s || depth > 8) return;
    const r = doc.resolve(s);
    for (const [name, property] of Object.entries(r.properties ?? {})) if (!found.has(name)) found.set(name, property);
    for (const branch of [...(r.allOf ?? []), ...(r.oneOf ?? []), ...(r.anyOf ?? [])]) walk(branch, depth + 1);
  };
  walk(schema, 0);
  return found;
}

/** Values the fixtures hold, by the name of the field or parameter that takes them (a real id rather than a made-up one). */
export type RealValues = (name: string) => unknown;

/**
 * Values valid by `schema`: every enum value and both booleans where `all` (query parameters),
 * else one small value: the named real value, the schema's example or default, the first `oneOf`
 * branch, objects with their required properties, lists of one item, strings of the lengths and
 * formats asked.
 */
export function samples(doc: ApiDocument, schema: JsonSchema, real: RealValues, name = '', all = false): unknown[] {
  const s = doc.resolve(schema);
  const known = name ? real(name) : undefined;
  if (known !== undefined) return [known];
  if (s.allOf?.length) return samples(doc, mergeAll(doc, s), real, name, all);
  if (s.const !== undefined) return [s.const];
  if (s.enum) return all ? s.enum.filter((v) => v !== null) : [s.enum.find((v) => v !== null)];
  const branches = s.oneOf ?? s.anyOf;
  if (branches?.length) {
    const values = (all ? branches : branches.slice(0, 1)).flatMap((b) => samples(doc, b, real, name, all));
    return all ? values : values.slice(0, 1);
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type ?? (s.properties ? 'object' : undefined)) {
    case 'boolean':
      return all ? [true, false] : [true];
    case 'integer':
    case 'number':
      return [s.example ?? s.default ?? s.minimum ?? Math.min(1, s.maximum ?? 1)];
    case 'string':
      return [s.example ?? s.default ?? text(s)];
    case 'array': {
      const item = s.items ? samples(doc, s.items, () => undefined, '', false)[0] : 'Example';
      return [Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => item)];
    }
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const required of s.required ?? []) {
        value[required] = samples(doc, s.properties?.[required] ?? {}, real, required)[0];
      }
      return [value];
    }
    default:
      return [s.example ?? s.default ?? 'Example'];
  }
}

/** A string of the schema's format, within its lengths. */
function text(s: JsonSchema): string {
  if (s.format === 'date-time') return new Date().toISOString();
  if (s.format === 'date') return new Date().toISOString().slice(0, 10);
  if (s.format === 'email') return 'someone@example.com';
  if (s.format === 'uri' || s.format === 'url') return 'https://example.com/x';
  if (s.pattern === '^[a-zA-Z0-9-_.]+$') return 'example';
  return 'Example'.padEnd(s.minLength ?? 0, 'x').slice(0, s.maxLength ?? Infinity);
}

/** One schema from an `allOf` (its branches' properties and required names together). */
function mergeAll(doc: ApiDocument, s: JsonSchema): JsonSchema {
  const { allOf = [], ...own } = s;
  const parts = allOf.map((b) => doc.resolve(b));
  const merged: JsonSchema = { ...Object.assign({}, ...parts), ...own };
  const properties = Object.assign({}, ...parts.map((p) => p.properties ?? {}), own.properties ?? {});
  const required = [...new Set([...parts.flatMap((p) => p.required ?? []), ...(own.required ?? [])])];
  return { ...merged, ...(Object.keys(properties).length ? { properties, type: 'object' } : {}), required };
}
