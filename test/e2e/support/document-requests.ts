import { orgWorld, OrgWorld } from './org-world';
import { rawHttp, RawAnswer } from './raw-http';
import { TestApp } from './test-app';

/** The parts of a served OpenAPI 3.0 schema object the document-driven suites read. */
export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  nullable?: boolean;
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  minProperties?: number;
  maxProperties?: number;
  example?: unknown;
  /** A schema no value satisfies (`not: {}`): a field that is not served. */
  not?: Schema;
  required?: string[];
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  description?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}

/** One operation of the served document, with its parameters and its body schema ($refs resolved at the top). */
export interface DocumentOperation {
  id: string;
  method: string;
  path: string;
  parameters: Parameter[];
  body?: Schema;
  bodyRequired: boolean;
  /** Every description the document gives the operation, its parameters and its body (at any depth). */
  descriptions: string[];
}

export interface ServedDocument {
  operations: DocumentOperation[];
  /** The schema itself: `$ref`s followed and `allOf` merged into it, its own keywords kept. */
  resolve(schema: Schema): Schema;
}

/** Reads `GET /v1/openapi.json`: what the suites generate requests from. */
export async function servedDocument(baseUrl: string): Promise<ServedDocument> {
  const answer = await rawHttp(baseUrl, { method: 'GET', path: '/v1/openapi.json' });
  if (answer.status !== 200) throw new Error(`GET /v1/openapi.json answered ${answer.status}`);
  const document = answer.body as { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, Schema> } };
  const resolve = (schema: Schema): Schema => {
    if (schema.$ref) {
      const found = document.components?.schemas?.[schema.$ref.replace('#/components/schemas/', '')];
      if (!found) throw new Error(`unresolved $ref ${schema.$ref}`);
      const { $ref: _, ...own } = schema;
      return resolve({ ...found, ...own });
    }
    if (!schema.allOf) return schema;
    const { allOf, ...own } = schema;
    return Object.assign({}, ...allOf.map(resolve), own) as Schema;
  };
  const operations: DocumentOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const body = op.requestBody?.content?.['application/json']?.schema as Schema | undefined;
      const descriptions = [
        op.summary,
        op.description,
        ...(op.parameters ?? []).map((p: Parameter & { description?: string }) => p.description),
      ];
      if (body) descriptionsOf(resolve, body, descriptions);
      operations.push({
        id: op.operationId ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: op.parameters ?? [],
        ...(body ? { body: resolve(body) } : {}),
        bodyRequired: op.requestBody?.required === true,
        descriptions: descriptions.filter((d): d is string => typeof d === 'string'),
      });
    }
  }
  return { operations, resolve };
}

function descriptionsOf(resolve: (schema: Schema) => Schema, schema: Schema, into: unknown[], seen = new Set<Schema>()): void {
  const s = resolve(schema);
  if (seen.has(s)) return;
  seen.add(s);
  into.push(schema.description, s.description);
  const parts = [...Object.values(s.properties ?? {}), ...(s.oneOf ?? []), ...(s.items ? [s.items] : [])];
  if (typeof s.additionalProperties === 'object') parts.push(s.additionalProperties);
  for (const part of parts) descriptionsOf(resolve, part, into, seen);
}

/**
 * Whether the document states why `message` refuses a request: a rule no schema keyword can say
 * (one query parameter needing another, two lists naming the same value) is stated in a
 * description, in the words the 400 uses: all of them, or without the field the message starts
 * with (`position.before: ...`, as that field's description says it), or without the value it
 * names last (`... both name 👍`).
 */
export function stated(op: DocumentOperation, message: unknown): boolean {
  if (typeof message !== 'string') return false;
  const rule = message.replace(/^[\w.[\]]+: /, '');
  const words = [message, rule, rule.replace(/ \S+$/, '')].filter((w) => w.split(' ').length >= 3);
  return op.descriptions.some((description) => words.some((w) => description.includes(w)));
}

/** What the document-driven suites send requests to: the shared application, its document, fixtures of every kind of id. */
export interface DocumentWorld {
  app: TestApp;
  document: ServedDocument;
  world: OrgWorld;
}

export async function documentWorld(tag: string): Promise<DocumentWorld> {
  const app = await TestApp.shared();
  return { app, document: await servedDocument(app.url), world: await orgWorld(app, tag) };
}

/** Writes before deletes, so that the fixtures last through every other operation. */
const METHOD_ORDER = ['GET', 'PATCH', 'PUT', 'POST', 'DELETE'];
export const byMethod = (a: DocumentOperation, b: DocumentOperation) => METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method);

/** A request as generated: query values as they go in the URL (a list repeats the key), the body as JSON. */
export interface GeneratedRequest {
  query: [string, string][];
  body?: unknown;
}

/** Sends `request` to `op` as the caller of `token`, with `ids` in the path. */
export function send(
  baseUrl: string,
  op: DocumentOperation,
  ids: Record<string, string>,
  token: string,
  request: GeneratedRequest,
): Promise<RawAnswer> {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!Object.hasOwn(ids, name)) throw new Error(`no fixture for path parameter ${name} of ${op.id}`);
    return encodeURIComponent(ids[name]!);
  });
  const query = new URLSearchParams(request.query).toString();
  return rawHttp(baseUrl, {
    method: op.method,
    path: query ? `${path}?${query}` : path,
    headers: { authorization: `Bearer ${token}`, ...(request.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
  });
}

/** One line of a finding: the operation, the answer and what was sent. */
export function describeExchange(op: DocumentOperation, request: GeneratedRequest, answer: RawAnswer, what?: string): string {
  const sent = JSON.stringify({ query: request.query, body: request.body }, (_, v) =>
    typeof v === 'string' && v.length > 80 ? `${v.slice(0, 80)}… (${v.length} chars)` : v,
  );
  const said = answer.body?.error?.message ?? answer.text.slice(0, 120);
  return `${op.method} ${op.path}${what ? ` [${what}]` : ''}: ${answer.status} ${JSON.stringify(said)} <- ${sent}`;
}
