import { applyDecorators, RequestMethod, Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ApiExtraModels, ApiResponse, ApiResponseOptions, getSchemaPath } from '@nestjs/swagger';
import { STATUS_CODES } from 'node:http';
import { PUBLIC_ROUTE } from '../auth/caller';
import { ErrorBodyResponse } from './error-body.response';

export interface AnswersOptions {
  /** The success status; by default the route's @HttpCode, else Nest's default (201 for POST, 200 otherwise). */
  status?: number;
  description?: string;
  /** The answer carries a Location header: the API URL of what was created. */
  location?: boolean;
}

/** What the platform answers on any route: the edge (http-edge.ts), validation (validation.ts), the domain (http-error.filter.ts). */
const EVERY_ROUTE: Record<number, string> = {
  400:
    'Invalid request: a path parameter, query value or body field (the message names it), a body that ' +
    'is not JSON or is nested too deeply, a body on a route that takes none, an unknown page cursor, a ' +
    'malformed Idempotency-Key',
  401: 'Missing, malformed, unknown or revoked API token (send "Authorization: Bearer <token>")',
  403: "The caller's role does not allow this",
  404: 'No such resource, or the caller cannot see it',
  415: 'A request body that is not application/json',
};
/** Writes besides: domain conflicts, Idempotency-Key claims (../idempotency) and read-your-writes (../projections/consistency.ts). */
const WRITES_ALSO: Record<number, string> = {
  409:
    'Conflicts with the current state (the message says how), or a request with the same ' +
    'Idempotency-Key is still being processed: retry once it is answered',
  422: 'The Idempotency-Key was used for a different request (method, route, path, query or body): send a new key for a new request',
  503: 'The change was saved but is not readable yet: read it again shortly',
};
const BODY_TOO_LARGE = 'The request body is larger than the server accepts';
const ANY_OTHER =
  'Any other error, with the same body: 408 (the request took too long to arrive), 414 (a path ' +
  'parameter is too long), 431 (request headers too large), 500 (internal error)';

const WRITES: ReadonlySet<RequestMethod> = new Set([RequestMethod.POST, RequestMethod.PUT, RequestMethod.PATCH, RequestMethod.DELETE]);
const EMPTY: ReadonlySet<number> = new Set([204, 205]);

/**
 * Documents a route's answers: the success (`type`'s schema, or no body for `null`) and the error
 * answers, all with the ErrorBody schema, that the platform gives on such a route (by its method,
 * whether it takes a @Body() and whether it is @Public()). The success status is `status`, else the route's @HttpCode, else
 * Nest's default; a `status` that contradicts @HttpCode is refused.
 *
 *   @Answers(TeamResponse)                                 200 (or the @HttpCode) with a TeamResponse
 *   @Answers(OrganizationResponse, { status: 201, location: true })
 *   @Answers.list(TeamResponse)                            200 with { items: TeamResponse[], count, next? }
 *   @Answers.oneOf([ChangeRequestResponse, ContentUpdateResponse])  200 with either
 *   @Answers.empty(204)                                    204, no body (same as @Answers(null, { status: 204 }))
 *
 * Mistakes throw when the class is defined (just after: see `answering`), so the server does not start.
 */
export function Answers(type: Type<unknown> | null, options: AnswersOptions = {}): MethodDecorator {
  return answering(options, type ? [type] : [], (status) => {
    if (!type && !EMPTY.has(status)) throw new Error(`an answer without a body is 204 or 205, not ${status}`);
    if (type && EMPTY.has(status)) throw new Error(`a ${status} answer has no body: use @Answers.empty(${status})`);
    return type ? { type } : {};
  });
}

/** An answer without a body: 204 No Content or 205 Reset Content. */
Answers.empty = (status?: 204 | 205, options: Omit<AnswersOptions, 'status'> = {}): MethodDecorator =>
  Answers(null, { ...options, status });

/** A page of a list, as pagination.ts's `envelope()` sends it. */
Answers.list = (type: Type<unknown>, options: AnswersOptions = {}): MethodDecorator =>
  answering(options, [type], () => ({
    schema: {
      type: 'object',
      required: ['items', 'count'],
      properties: {
        items: { type: 'array', items: { $ref: getSchemaPath(type) } },
        count: { type: 'integer', minimum: 0, description: 'How many items the whole list has, on every page' },
        next: {
          type: 'object',
          description: 'Absent on the last page',
          required: ['page'],
          properties: { page: { type: 'string', description: 'Send it as `page` to get the next page' } },
        },
      },
    },
  }));

/** One of several bodies, by what the request asked for (say a query flag): `oneOf` their schemas. */
Answers.oneOf = (types: Type<unknown>[], options: AnswersOptions = {}): MethodDecorator =>
  answering(options, types, () => ({ schema: { oneOf: types.map((type) => ({ $ref: getSchemaPath(type) })) } }));

/** Bytes, not JSON (a file's download): any content type, which the answer's Content-Type names. */
Answers.bytes = (options: AnswersOptions = {}): MethodDecorator =>
  answering(options, [], () => ({ content: { '*/*': { schema: { type: 'string', format: 'binary' } } } }) as Partial<ApiResponseOptions>);

function answering(
  options: AnswersOptions,
  models: Type<unknown>[],
  body: (status: number) => Partial<ApiResponseOptions>,
): MethodDecorator {
  // Decorators apply bottom-up, so the route's @Get and @HttpCode, written above, have not run yet:
  // the answers are declared once the class is defined, long before any document is built.
  return (target, key) => queueMicrotask(() => declareAnswers(target, key, options, models, body));
}

function declareAnswers(
  target: object,
  key: string | symbol,
  options: AnswersOptions,
  models: Type<unknown>[],
  body: (status: number) => Partial<ApiResponseOptions>,
): void {
  const name = `${target.constructor.name}.${String(key)}`;
  const descriptor = Object.getOwnPropertyDescriptor(target, key)!;
  const method = Reflect.getMetadata(METHOD_METADATA, descriptor.value) as RequestMethod | undefined;
  if (method === undefined) throw new Error(`@Answers on ${name}: not a route (no @Get, @Post...)`);
  const httpCode = Reflect.getMetadata(HTTP_CODE_METADATA, descriptor.value) as number | undefined;
  if (options.status !== undefined && httpCode !== undefined && options.status !== httpCode) {
    throw new Error(`@Answers on ${name}: status ${options.status}, but the route answers @HttpCode(${httpCode})`);
  }
  const status = options.status ?? httpCode ?? (method === RequestMethod.POST ? 201 : 200);
  let success: Partial<ApiResponseOptions>;
  try {
    success = body(status);
  } catch (error) {
    throw new Error(`@Answers on ${name}: ${(error as Error).message}`);
  }
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, target.constructor, key) ?? {}) as Record<string, unknown>;
  const takesBody = Object.keys(args).some((arg) => arg.split(':')[0] === String(RouteParamtypes.BODY));
  const errors: Record<string, string> = {
    ...EVERY_ROUTE,
    ...(WRITES.has(method) ? WRITES_ALSO : {}),
    ...(takesBody ? { 413: BODY_TOO_LARGE } : {}),
    default: ANY_OTHER,
  };
  if ([descriptor.value, target.constructor].some((on) => Reflect.getMetadata(PUBLIC_ROUTE, on) === true)) delete errors[401];
  const location = options.location
    ? { headers: { Location: { description: 'API URL of what was created', schema: { type: 'string', format: 'uri' } } } }
    : {};
  applyDecorators(
    ApiExtraModels(...models),
    ApiResponse({
      status,
      description: options.description ?? STATUS_CODES[status] ?? 'Success',
      ...location,
      ...success,
    } as ApiResponseOptions),
    ...Object.entries(errors).map(([code, description]) =>
      ApiResponse({ status: code === 'default' ? 'default' : Number(code), description, type: ErrorBodyResponse }),
    ),
  )(target, key, descriptor);
}
