import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';
import { CompiledValidators } from './compiled-validators';

/**
 * Validates response bodies against the schemas of GitBook's published OpenAPI document
 * (`@gitbook/api`, spec/openapi.json), so GitBook API clients can rely on our answers. The
 * validators are compiled once, all together, by jest's global setup (compileGitbookValidators), then
 * loaded by every test file (compiled-validators.ts).
 */
const specText = readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8');
const spec = JSON.parse(specText);

/** OpenAPI 3.0's `nullable` has no JSON Schema meaning; 3.1 documents use type: null, which Ajv knows. */
function compiler(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true, code: { source: true } });
  addFormats(ajv);
  // GitBook's own formats, which only document intent: an emoji (a character or code point) and an icon name.
  ajv.addFormat('emoji', true);
  ajv.addFormat('icon', true);
  ajv.addSchema({ $id: 'gitbook', components: spec.components }, 'gitbook');
  return ajv;
}

const validators = new CompiledValidators('gitbook', [readFileSync(__filename), specText], compiler);

const schemaRef = (name: string) => ({ $ref: `gitbook#/components/schemas/${name}` });

export function gitbookSchemaErrors(schemaName: string, value: unknown): string[] {
  if (!Object.hasOwn(spec.components.schemas, schemaName)) throw new Error(`GitBook's OpenAPI document has no schema ${schemaName}`);
  const validate = validators.validator(schemaName, () => schemaRef(schemaName));
  return validate(value)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

interface GitbookResponse {
  $ref?: string;
  content?: Record<string, { schema?: unknown }>;
}

const gitbookOperations = new Map<string, { method: string; path: string; responses: Record<string, GitbookResponse> }>();
for (const [path, item] of Object.entries(spec.paths as Record<string, Record<string, { operationId?: string; responses?: object }>>)) {
  for (const [method, operation] of Object.entries(item)) {
    if (operation.operationId)
      gitbookOperations.set(operation.operationId, { method, path, responses: (operation.responses ?? {}) as never });
  }
}

const byRoute = new Map([...gitbookOperations].map(([id, op]) => [routeKey(op.method, `/v1${op.path}`), id]));

function routeKey(method: string, template: string): string {
  return `${method.toUpperCase()} ${template.replace(/\{[^}]+\}/g, '{}')}`;
}

/** GitBook's operationId of `method` on the route template `path` (under /v1; parameter names aside), if GitBook has it. */
export function gitbookOperationIdAt(method: string, path: string): string | undefined {
  return byRoute.get(routeKey(method, path));
}

/** GitBook's operation `operationId` (method and path template, under /v1), or undefined when GitBook has none. */
export function gitbookOperation(operationId: string): { method: string; path: string } | undefined {
  const operation = gitbookOperations.get(operationId);
  return operation && { method: operation.method.toUpperCase(), path: `/v1${operation.path}` };
}

/**
 * What is wrong with an answer of GitBook's operation `operationId` under GitBook's document: a
 * status it does not declare, a body where it declares none (or none where it declares one), or a
 * body its schema for that status refuses. The schema is GitBook's, $refs resolved in its document.
 */
export function gitbookAnswerErrors(operationId: string, status: number, body: unknown): string[] {
  const operation = gitbookOperations.get(operationId);
  if (!operation) throw new Error(`GitBook's OpenAPI document has no operation ${operationId}`);
  const key = Object.hasOwn(operation.responses, String(status)) ? String(status) : status >= 400 ? 'default' : undefined;
  if (!key || !Object.hasOwn(operation.responses, key))
    return [`GitBook declares no status ${status} for ${operationId} (it declares ${Object.keys(operation.responses).join(', ')})`];
  const schema = answerSchema(operation.responses[key]!);
  const empty = body === undefined || body === '';
  if (!schema) return empty ? [] : [`GitBook declares no body for ${operationId} ${status}, but the answer has one`];
  const validate = validators.validator(`${operationId} ${key}`, () => answerSchemaForAjv(schema));
  return validate(body)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
}

/** The JSON schema of an answer GitBook declares (its own or a shared response's), if it has a body. */
function answerSchema(declared: GitbookResponse): unknown {
  const response = declared.$ref
    ? (spec.components.responses[declared.$ref.replace('#/components/responses/', '')] as GitbookResponse)
    : declared;
  return response.content?.['application/json']?.schema;
}

/** An answer's schema with its $refs pointing into the document as Ajv knows it. */
const answerSchemaForAjv = (schema: unknown) => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"gitbook#/components/'));

/** The schema of every validator above can ask for: each component schema, and each answer with a body. */
function* everySchema(): Generator<object> {
  for (const name of Object.keys(spec.components.schemas)) yield schemaRef(name);
  for (const operation of gitbookOperations.values()) {
    for (const declared of Object.values(operation.responses)) {
      const schema = answerSchema(declared);
      if (schema) yield answerSchemaForAjv(schema);
    }
  }
}

/** jest's global setup: compiles every validator of GitBook's document into one module, unless it exists. */
export function compileGitbookValidators(): boolean {
  return validators.compileAll(everySchema);
}

/** jest: expect(value) to match GitBook's schema `schemaName`. */
export function expectGitbookSchema(schemaName: string, value: unknown): void {
  expect(gitbookSchemaErrors(schemaName, value)).toEqual([]);
}
