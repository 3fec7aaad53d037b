import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { CompiledValidators } from './compiled-validators';
import { rawHttp } from './raw-http';

/** The parts of the served OpenAPI (3.0) document read here. */
export interface OpenApiDocument {
  paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, ResponseObject> }>>;
  components?: { schemas?: Record<string, unknown> };
}

interface ResponseObject {
  description?: string;
  content?: Record<string, { schema?: unknown }>;
}

/** An answer as the server gave it: `path` is the route template (`/v1/orgs/{organizationId}`) or a concrete path. */
export interface LiveAnswer {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

type Schema = Record<string, unknown>;

const SERVED = 'served';
const EMPTY_STATUSES = new Set([204, 205]);
const SCHEMA_MAPS = ['properties', 'patternProperties'] as const;
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf'] as const;
const SCHEMA_VALUES = ['items', 'not', 'additionalProperties'] as const;

/**
 * An OpenAPI 3.0 schema as JSON Schema for Ajv: `nullable: true` also accepts null (in `type` and
 * `enum`, or as an anyOf branch beside $ref and compositions), and $refs point into the document
 * registered as `served`. With `closed`, objects that list their properties accept no others, so an
 * answer carrying an undocumented field fails.
 */
export function toJsonSchema(schema: unknown, closed: boolean): unknown {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const { nullable, ...rest } = schema as Schema;
  const out: Schema = { ...rest };
  if (typeof out.$ref === 'string') out.$ref = out.$ref.replace(/^#\//, `${SERVED}#/`);
  for (const key of SCHEMA_MAPS) {
    const map = out[key] as Record<string, unknown> | undefined;
    if (map) out[key] = Object.fromEntries(Object.entries(map).map(([name, s]) => [name, toJsonSchema(s, closed)]));
  }
  for (const key of SCHEMA_LISTS) {
    const list = out[key] as unknown[] | undefined;
    if (list) out[key] = list.map((s) => toJsonSchema(s, closed));
  }
  for (const key of SCHEMA_VALUES) if (out[key] !== undefined) out[key] = toJsonSchema(out[key], closed);
  const composed = SCHEMA_LISTS.some((key) => out[key] !== undefined) || out.$ref !== undefined;
  if (closed && out.properties && out.additionalProperties === undefined && !composed) out.additionalProperties = false;
  if (nullable !== true) return out;
  if (composed || typeof out.type !== 'string') return { anyOf: [out, { type: 'null' }] };
  return { ...out, type: [out.type, 'null'], ...(Array.isArray(out.enum) ? { enum: [...out.enum, null] } : {}) };
}

/**
 * Checks live answers against the response schemas of the served OpenAPI document, so the document
 * says what the server answers: success bodies against their classes (libs/.../http/responses),
 * error bodies against ErrorBody (with `error.code` equal to the status), empty answers empty.
 */
export class AnswerSchemas {
  /** Compiled once per served document (and `closed`), then loaded by every later test file. */
  private readonly validators: CompiledValidators;

  constructor(
    readonly document: OpenApiDocument,
    private readonly options: { closed: boolean } = { closed: true },
  ) {
    const key = [readFileSync(__filename), JSON.stringify(document), String(options.closed)];
    this.validators = new CompiledValidators('served', key, () => {
      const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true, code: { source: true } });
      addFormats(ajv);
      // GitBook's `emoji` format (a character or code point), which the served document uses too: it
      // documents intent, as in gitbook-schema.ts; without it ajv warns and ignores it.
      ajv.addFormat('emoji', true);
      const schemas = Object.fromEntries(
        Object.entries(document.components?.schemas ?? {}).map(([name, s]) => [name, toJsonSchema(s, options.closed)]),
      );
      ajv.addSchema({ $id: SERVED, components: { schemas } });
      return ajv;
    });
  }

  /**
   * Reads `GET /v1/openapi.json` from a running server. The first test file to read a document
   * compiles the validators of all its answers into one module, which later files load.
   */
  static async load(baseUrl: string, options?: { closed: boolean }): Promise<AnswerSchemas> {
    const answer = await rawHttp(baseUrl, { method: 'GET', path: '/v1/openapi.json' });
    if (answer.status !== 200) throw new Error(`GET /v1/openapi.json answered ${answer.status}`);
    const schemas = new AnswerSchemas(answer.body as OpenApiDocument, options);
    schemas.validators.compileAll(() => schemas.everySchema());
    return schemas;
  }

  /**
   * What is wrong with `answer` under the document (empty when nothing is). Throws when the
   * document has no schema for it at all: "no response schema for GET /v1/orgs/{organizationId} (status 200)".
   */
  problems(answer: LiveAnswer): string[] {
    const method = answer.method.toUpperCase();
    const template = this.templateOf(method, answer.path);
    const where = `${method} ${template}`;
    const responses = this.document.paths[template]![method.toLowerCase()]!.responses ?? {};
    const status = String(answer.status);
    const key = responses[status] ? status : answer.status >= 400 && responses.default ? 'default' : undefined;
    const documented = Object.keys(responses).join(', ') || 'none';
    if (!key) throw new Error(`no response schema for ${where} (status ${status}; documented: ${documented})`);
    const content = responses[key]!.content;
    const schema = content?.['application/json']?.schema;
    const empty = answer.body === undefined || answer.body === '';
    if (EMPTY_STATUSES.has(answer.status)) {
      if (content) return [`${where} ${status}: the document declares a body for an empty answer`];
      return empty ? [] : [`${where} ${status}: answered a body, but a ${status} answer has none`];
    }
    if (!schema) throw new Error(`no response schema for ${where} (status ${status}: the document declares no body)`);
    const problems: string[] = [];
    if (answer.status >= 400) {
      const code = (answer.body as { error?: { code?: unknown } } | undefined)?.error?.code;
      if (code !== answer.status) problems.push(`${where} ${status}: error.code is ${JSON.stringify(code)}`);
    }
    const validate = this.validators.validator(`${where} ${key}`, () => this.forAjv(schema));
    if (!validate(answer.body)) {
      for (const e of validate.errors ?? [])
        problems.push(`${where} ${status}: ${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
    }
    return problems;
  }

  /** The route template of a concrete path (the one with the most literal segments wins), or the template itself. */
  templateOf(method: string, path: string): string {
    const bare = path.split('?')[0]!.replace(/(.)\/+$/, '$1'); // the router ignores a trailing slash
    const has = (template: string) => this.document.paths[template]?.[method.toLowerCase()] !== undefined;
    if (has(bare)) return bare;
    const segments = bare.split('/');
    const matches = Object.keys(this.document.paths)
      .filter(has)
      .map((template) => ({ template, parts: template.split('/') }))
      .filter(
        ({ parts }) =>
          parts.length === segments.length && parts.every((p, i) => (/^\{\w+\}$/.test(p) ? segments[i] !== '' : p === segments[i])),
      )
      .sort((a, b) => literals(b.parts) - literals(a.parts));
    if (!matches[0]) throw new Error(`no operation ${method} ${bare} in the served OpenAPI document`);
    return matches[0].template;
  }

  /** The schema of every validator `problems` can ask for: each JSON answer of each operation. */
  private *everySchema(): Generator<Schema> {
    for (const operations of Object.values(this.document.paths)) {
      for (const operation of Object.values(operations)) {
        for (const response of Object.values(operation.responses ?? {})) {
          const schema = response.content?.['application/json']?.schema;
          if (schema) yield this.forAjv(schema);
        }
      }
    }
  }

  private forAjv(schema: unknown): Schema {
    return toJsonSchema(schema, this.options.closed) as Schema;
  }
}

const literals = (parts: string[]) => parts.filter((p) => !p.startsWith('{')).length;

/** jest: the answer is what the served document says `method path` answers. */
export function expectDocumentedAnswer(
  schemas: AnswerSchemas,
  method: string,
  path: string,
  result: { status: number; body: unknown },
): void {
  expect(schemas.problems({ method, path, status: result.status, body: result.body })).toEqual([]);
}
