import { applyDecorators, Controller, Delete, Get, HttpCode, Patch, Post, Put, Type } from '@nestjs/common';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppConfig } from '../config/app-config';
import { Public } from '../auth/caller';
import { Answers } from './answers';
import { Located } from './located';

/** The configuration keys that hold a body limit in bytes (`bodyLimitBytes`, `contentEditBodyLimitBytes`, ...). */
export type BodyLimitConfigKey = {
  [K in keyof AppConfig]: K extends 'bodyLimitBytes' | `${string}BodyLimitBytes` ? (AppConfig[K] extends number ? K : never) : never;
}[keyof AppConfig];

/** A route's body limit: bytes, or the configuration key that holds it (so it stays an environment setting). */
export type BodyLimitSetting = number | BodyLimitConfigKey;

const isBodyLimit = (bytes: unknown): bytes is number => Number.isInteger(bytes) && (bytes as number) > 0;

/**
 * Gives one route a body limit of its own instead of BODY_LIMIT_BYTES (larger or smaller):
 *
 *   @BodyLimit('contentEditBodyLimitBytes')
 *
 * It travels as Fastify route config (`config.bodyLimit`, the channel of @nestjs/platform-fastify's
 * @RouteConfig, merged with whatever config the route already has), and installHttpEdge's
 * `onRoute` hook turns it into Fastify's own per-route `bodyLimit` option, which Fastify enforces
 * while reading the body (413 with the error body, like the global limit).
 */
export function BodyLimit(limit: BodyLimitSetting): MethodDecorator {
  if (typeof limit === 'number' && !isBodyLimit(limit))
    throw new Error(`@BodyLimit(${limit}): a body limit is a positive integer of bytes`);
  return (_target, _key, descriptor) => {
    const handler = descriptor.value as object;
    const routeConfig = (Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler) ?? {}) as Record<string, unknown>;
    Reflect.defineMetadata(FASTIFY_ROUTE_CONFIG_METADATA, { ...routeConfig, bodyLimit: limit }, handler);
    return descriptor;
  };
}

/** The bytes a route's @BodyLimit stands for under `config`; throws (at start-up) when it is not a positive integer. */
export function resolveBodyLimit(limit: BodyLimitSetting, config: AppConfig): number {
  const bytes = typeof limit === 'number' ? limit : config[limit];
  if (!isBodyLimit(bytes)) throw new Error(`body limit ${String(limit)} must be a positive integer of bytes, got ${String(bytes)}`);
  return bytes;
}

const ROUTES = { GET: Get, POST: Post, PUT: Put, PATCH: Patch, DELETE: Delete } as const;

/** What names a route in the OpenAPI document (see @Operation). */
interface OperationName {
  operationId: string;
  summary: string;
}

const OPERATION = Symbol('operation');

export interface EndpointOptions {
  /**
   * The success answer: a response class, `[Class]` for a page of a list, `{ oneOf: [A, B] }` for
   * one of several bodies (chosen by the request, say a query flag), `'bytes'` for a file's bytes
   * (not JSON), `null` for no body.
   */
  answers: Type<unknown> | [Type<unknown>] | { oneOf: Type<unknown>[] } | 'bytes' | null;
  /** The success status. Defaults: 204 without a body, 201 for POST, 200 otherwise. */
  status?: number;
  /** The route creates something: the answer's `urls.location` becomes the `Location` header. */
  located?: boolean;
  deprecated?: boolean;
  /** No bearer token: the route's own credential (a signed URL) or none. Documented with `security: []`. */
  public?: true;
  /** This route's body limit instead of BODY_LIMIT_BYTES (see @BodyLimit), e.g. `'contentEditBodyLimitBytes'`. */
  bodyLimit?: BodyLimitSetting;
}

/**
 * Names a route's operation: GitBook's operationId (so GitBook clients and our document agree) and
 * a one-line summary of what the route does. Every @Endpoint has exactly one, written under it.
 */
export function Operation(operationId: string, summary: string): MethodDecorator {
  return (_target, _key, descriptor) => {
    Reflect.defineMetadata(OPERATION, { operationId, summary } satisfies OperationName, descriptor.value as object);
    return descriptor;
  };
}

/**
 * One route, declared once: method and path, what it answers (the success body and, through
 * @Answers, the error answers), and under it, its @Operation, so the served OpenAPI document says
 * what the route does.
 *
 *   @Endpoint('PUT', 'teams', { status: 201, answers: TeamResponse })
 *   @Operation('createOrganizationTeam', 'Create a team')
 */
export function Endpoint(method: keyof typeof ROUTES, path: string, options: EndpointOptions): MethodDecorator {
  const { answers, located = false } = options;
  const status = options.status ?? (answers === null ? 204 : method === 'POST' ? 201 : 200);
  const nestDefault = method === 'POST' ? 201 : 200;
  return applyDecorators(
    ROUTES[method](path),
    ...(status !== nestDefault ? [HttpCode(status)] : []),
    documentedOperation(`@Endpoint('${method}', '${path}')`, options),
    ...(options.public ? [Public()] : []),
    answers === null
      ? Answers.empty(status as 204 | 205)
      : answers === 'bytes'
        ? Answers.bytes({ status })
        : Array.isArray(answers)
          ? Answers.list(answers[0], { status })
          : 'oneOf' in answers
            ? Answers.oneOf(answers.oneOf, { status, location: located })
            : Answers(answers, { status, location: located }),
    ...(located ? [Located()] : []),
    ...(options.bodyLimit !== undefined ? [BodyLimit(options.bodyLimit)] : []),
  );
}

/**
 * The route's ApiOperation, from its @Operation. Decorators apply bottom-up and @Operation may sit
 * on either side of @Endpoint, so it is read once the class is defined (like @Answers): a route
 * without a name stops the server from starting.
 */
function documentedOperation(route: string, options: EndpointOptions): MethodDecorator {
  return (target, key) =>
    queueMicrotask(() => {
      const descriptor = Object.getOwnPropertyDescriptor(target, key)!;
      const operation = Reflect.getMetadata(OPERATION, descriptor.value as object) as OperationName | undefined;
      if (!operation) {
        throw new Error(`${route} on ${target.constructor.name}.${String(key)}: name its operation with @Operation(operationId, summary)`);
      }
      ApiOperation({
        operationId: operation.operationId,
        summary: operation.summary,
        ...(options.deprecated ? { deprecated: true } : {}),
        ...(options.public ? { security: [] } : {}),
      })(target, key, descriptor);
    });
}

/** A controller of authenticated routes under `path`, grouped under `tag` in the OpenAPI document. */
export const ApiController = (path: string, tag: string) => applyDecorators(Controller(path), ApiTags(tag), ApiBearerAuth());
