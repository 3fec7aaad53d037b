import { Logger } from '@nestjs/common';
import type { OpenAPIObject, OperationObject } from '@nestjs/swagger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isDeepStrictEqual } from 'node:util';

type Schema = Record<string, unknown>;

/** fast-json-stringify tries each branch of these with a validator per answer: slower than JSON.stringify. */
const BRANCHING = ['oneOf', 'anyOf', 'not', 'if'];

/**
 * Serialises each route's success answers with the schema the served OpenAPI document gives them,
 * so Fastify writes them with fast-json-stringify (an organization: 1.8 µs against 5.1 µs for
 * JSON.stringify) and an answer carries only the properties the document declares.
 *
 * The schemas are loosened for serialising, so that an answer says what JSON.stringify would have
 * said of every declared property: no `required` (fast-json-stringify throws on a missing one, a 500
 * for what should be an absent field), every typed value may be null (it would write "" or 0 for
 * null), and an object declaring no properties keeps whatever it holds (it would write {}).
 * Routes whose answer branches (oneOf, anyOf) keep JSON.stringify.
 *
 * `verify` (the e2e suites turn it on) checks every answer so written against JSON.stringify of the
 * same value and turns a difference into a 500 naming the route: a property the presenter answers
 * but the document does not declare, a number the schema calls an integer, fails the suite.
 */
export function serializeWithDocumentSchemas(
  fastify: FastifyInstance,
  document: Pick<OpenAPIObject, 'paths' | 'components'>,
  options: { verify?: boolean } = {},
): void {
  const components = loosen(document.components ?? {}) as { schemas?: Record<string, Schema> };
  const schemas = components.schemas ?? {};
  const branching = new Map<string, boolean>();
  const branches = (schema: unknown): boolean => reaches(schema, schemas, branching);

  fastify.addHook('onRoute', (route) => {
    if (route.schema?.response) return;
    const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const response: Record<string, unknown> = {};
    for (const method of [route.method].flat()) {
      const operation = (document.paths[path] as Record<string, OperationObject | undefined> | undefined)?.[method.toLowerCase()];
      for (const [status, answer] of Object.entries(operation?.responses ?? {})) {
        const schema = answer && 'content' in answer ? answer.content?.['application/json']?.schema : undefined;
        if (!/^2\d\d$/.test(status) || !schema) continue;
        const loose = loosen(schema);
        if (!branches(loose)) response[status] = selfContained(loose, schemas);
      }
    }
    if (Object.keys(response).length > 0) route.schema = { ...route.schema, response };
  });
  if (options.verify) verifyAnswers(fastify);
}

const ANSWER = Symbol('answer as handed to the serializer');

function verifyAnswers(fastify: FastifyInstance): void {
  const logger = new Logger('ResponseSchemas');
  type Answered = FastifyRequest & { [ANSWER]?: unknown };
  fastify.addHook('preSerialization', (request: Answered, reply, payload, done) => {
    if (reply.routeOptions.schema?.response) request[ANSWER] = payload;
    done(null, payload);
  });
  fastify.addHook('onSend', (request: Answered, reply, payload, done) => {
    const answer = request[ANSWER];
    if (answer === undefined || typeof payload !== 'string') return done(null, payload);
    request[ANSWER] = undefined;
    const expected = JSON.stringify(answer);
    if (isDeepStrictEqual(JSON.parse(payload), JSON.parse(expected))) return done(null, payload);
    const message =
      `${request.method} ${reply.routeOptions.url}: the schema-serialised answer differs from ` +
      `JSON.stringify:\n  schema: ${payload}\n  stringify: ${expected}`;
    logger.error(message);
    done(new Error(message));
  });
}

/** A copy of the schema as described above: no `required`, nullable types, open property-less objects. */
function loosen(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(loosen);
  if (value === null || typeof value !== 'object') return value;
  const out: Schema = {};
  for (const [key, inner] of Object.entries(value)) {
    // `properties` maps names to schemas: its keys are property names, never keywords.
    if (key === 'properties')
      out[key] = Object.fromEntries(Object.entries(inner as Schema).map(([name, schema]) => [name, loosen(schema)]));
    else if (key !== 'required') out[key] = loosen(inner);
  }
  if (typeof out.type === 'string') out.nullable = true;
  if (out.type === 'object' && out.properties === undefined && out.additionalProperties === undefined) out.additionalProperties = true;
  return out;
}

/** Whether the schema, following its references into the components, has a branching keyword. */
function reaches(schema: unknown, schemas: Record<string, Schema>, known: Map<string, boolean>): boolean {
  if (Array.isArray(schema)) return schema.some((item) => reaches(item, schemas, known));
  if (schema === null || typeof schema !== 'object') return false;
  const ref = (schema as Schema).$ref;
  if (typeof ref === 'string') {
    const name = ref.replace(/^#\/components\/schemas\//, '');
    if (!known.has(name)) {
      known.set(name, false); // a cycle adds nothing new
      known.set(name, reaches(Object.hasOwn(schemas, name) ? schemas[name] : undefined, schemas, known));
    }
    if (known.get(name)) return true;
  }
  return Object.entries(schema).some(
    ([key, inner]) =>
      BRANCHING.includes(key) ||
      (key !== 'properties' ? reaches(inner, schemas, known) : Object.values(inner as Schema).some((s) => reaches(s, schemas, known))),
  );
}

/**
 * The route's answer schema carrying the components it reaches, so that its local references
 * (`#/components/schemas/...`) resolve inside it. fast-json-stringify walks, checks and indexes
 * every schema it is handed for every route it compiles: handing it the whole document once per
 * route made compiling the serializers 40% of an application's start.
 */
function selfContained(schema: unknown, schemas: Record<string, Schema>): Schema {
  const reached = new Map<string, Schema>();
  const visit = (value: unknown): void => {
    if (value === null || typeof value !== 'object') return;
    const ref = (value as Schema).$ref;
    if (typeof ref === 'string') {
      const name = ref.replace(/^#\/components\/schemas\//, '');
      if (!reached.has(name) && Object.hasOwn(schemas, name)) {
        reached.set(name, schemas[name]!);
        visit(schemas[name]);
      }
    }
    for (const inner of Object.values(value)) visit(inner);
  };
  visit(schema);
  return { ...(schema as Schema), components: { schemas: Object.fromEntries(reached) } };
}
