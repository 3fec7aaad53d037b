import { rawHttp } from './raw-http';

/** The parts of an OpenAPI schema object these suites read. */
export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  example?: unknown;
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  additionalProperties?: Schema | boolean;
  required?: string[];
  items?: Schema;
  minItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  description?: string;
}

/** One operation of the served OpenAPI document. */
export interface Operation {
  id: string;
  method: string;
  /** The template, e.g. `/v1/orgs/{organizationId}/teams`. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** The JSON request body schema, $refs resolved at the top level. */
  body?: Schema;
}

export interface ServedApi {
  operations: Operation[];
  resolve(schema: Schema): Schema;
}

/** Reads `GET /v1/openapi.json`, so every route the server declares is covered without listing it here. */
export async function servedApi(baseUrl: string): Promise<ServedApi> {
  const answer = await rawHttp(baseUrl, { method: 'GET', path: '/v1/openapi.json' });
  if (answer.status !== 200) throw new Error(`GET /v1/openapi.json answered ${answer.status}`);
  const document = answer.body as { paths: Record<string, Record<string, any>>; components?: { schemas?: Record<string, Schema> } };
  const resolve = (schema: Schema): Schema => {
    if (!schema.$ref) return schema;
    const name = schema.$ref.replace('#/components/schemas/', '');
    const found = document.components?.schemas?.[name];
    if (!found) throw new Error(`unresolved $ref ${schema.$ref}`);
    return resolve(found);
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const parameters: { in: string; name: string }[] = op.parameters ?? [];
      const bodySchema = op.requestBody?.content?.['application/json']?.schema as Schema | undefined;
      operations.push({
        id: op.operationId ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        ...(bodySchema ? { body: resolve(bodySchema) } : {}),
      });
    }
  }
  return { operations, resolve };
}

/** The path with each `{name}` replaced by `values[name]`, inserted as given (encode beforehand). */
export function fillPath(op: Operation, values: Record<string, string>): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!Object.hasOwn(values, name)) throw new Error(`no value for path parameter ${name} of ${op.id}`);
    return values[name]!;
  });
}

/** Path parameters naming a resource (`teamId`, `userId`), as opposed to values such as `emailDomain`. */
export const isIdParam = (name: string) => /Id$/.test(name);

/**
 * A small value the schema accepts: the required properties (all of them with `allProperties`),
 * the first enum value or `oneOf` branch, strings of the minimum length. Enough to get a body past
 * validation so that what the test changes in it is what the server judges.
 */
export function exampleValue(api: ServedApi, schema: Schema, allProperties = false): unknown {
  const s = api.resolve(schema);
  if (s.example !== undefined) return s.example;
  if (s.enum) return s.enum[0];
  if (s.oneOf?.length) return exampleValue(api, s.oneOf[0]!, allProperties);
  switch (s.type) {
    case 'object': {
      const value: Record<string, unknown> = {};
      const names = allProperties ? Object.keys(s.properties ?? {}) : (s.required ?? []);
      for (const name of names) value[name] = exampleValue(api, s.properties?.[name] ?? {}, allProperties);
      return value;
    }
    case 'array':
      return (s.minItems ?? 0) > 0 && s.items ? [exampleValue(api, s.items, allProperties)] : [];
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      if (s.format === 'email') return 'someone@example.com';
      if (s.format === 'uri') return 'https://example.com/x';
      if (s.format === 'date-time') return new Date().toISOString();
      return 'Example'.padEnd(s.minLength ?? 0, 'x').slice(0, s.maxLength ?? Infinity);
    default:
      return {};
  }
}
