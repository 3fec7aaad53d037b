import { ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Authenticator, AuthenticatedRequest } from '../auth/caller';
import { BearerResult, BearerTokens } from '../auth/bearer-tokens';
import { AppConfig } from '../config/app-config';
import { allowedMethods } from './allowed-methods';
import { idempotencyClaimHook, SAFE_METHODS } from '../idempotency/idempotency-claim.hook';
import { IdempotencyStore } from '../idempotency/idempotency-store';
import { idempotentReplyHook } from '../idempotency/idempotent-reply.hook';
import { BodyLimitSetting, resolveBodyLimit } from './endpoint';
import { errorBody, excerpt } from './error-body';
import { parseJsonBody } from './json-body';
import { firstQueryName, pathOf, queryEncodingProblem, queryOf } from './query-string';
import { EventLoopBudget } from '../projections/event-loop-budget';
import { RouteTable, RouteTraits } from './route-table';
import { RAW_BODY_TYPES } from './raw-body';
import { FORBIDDEN_KEYS, textProblem } from './text-input';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;
/**
 * Cheap, and what operators and orchestrators poll: never queued behind other requests. They read
 * no query, and ignore one rather than refuse it: a monitor's cache-buster (`/health?t=...`) must
 * not make a live server look down.
 */
const HEALTH_CHECKS = new Set(['/health', '/ready']);

const hasBody = (request: FastifyRequest) =>
  Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;

/** An answer before the body was read: the connection closes, rather than wait for a body nobody reads. */
function refuse(reply: FastifyReply, status: number, message: string) {
  if (hasBody(reply.request)) void reply.header('connection', 'close');
  return reply.status(status).header('content-type', 'application/json; charset=utf-8').send(errorBody(status, message));
}

/** 405 for a method the path does not serve, with the methods it does in `Allow`. */
function refuseMethod(reply: FastifyReply, allowed: string[]) {
  const { method, url } = reply.request;
  void reply.header('allow', allowed.join(', '));
  return refuse(reply, 405, `method ${excerpt(method)} is not allowed on ${excerpt(pathOf(url))}: it serves ${allowed.join(', ')}`);
}

/** The first problem with the path parameters or query, as a 400 message naming the field. */
function inputProblem(request: FastifyRequest): string | null {
  for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, unknown>)) {
    const problem = typeof value === 'string' ? textProblem(value) : null;
    if (problem) return `${name}: ${problem}`;
  }
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    if (FORBIDDEN_KEYS.has(name)) return `property ${name} should not exist`;
    const keyProblem = textProblem(name);
    if (keyProblem) return `query parameter names ${keyProblem}`;
    for (const item of Array.isArray(value) ? value : [value]) {
      const problem = typeof item === 'string' ? textProblem(item) : null;
      if (problem) return `${name}: ${problem}`;
    }
  }
  return null;
}

/**
 * What every request meets before a guard, pipe or handler runs, in this order:
 *   1. a projector process answers only the health checks;
 *   2. the request takes its turn on the event loop (EventLoopBudget): once requests have run for
 *      5 ms in one pass of the loop, the next ones wait for the following passes, so a burst of
 *      them cannot hold timers, new connections and the health checks (never queued) for long;
 *   3. a body must be JSON, or the type of a @RawBody route (415);
 *   4. the query string must be well-formed percent-encoded UTF-8 (400), as the path must be (the
 *      router answers 400 for a badly encoded path before any hook): a malformed URL is refused
 *      before the token is looked at, on every route (unknown ones and /v1/openapi.json included);
 *      then a method the path does not serve answers 405 with `Allow` (unknown paths 404), with
 *      or without a token: the served document lists the routes anyway;
 *   5. the token is checked (401) as soon as the headers are in, so an anonymous client cannot
 *      hold a socket by sending its body slowly;
 *   6. a route whose handler takes no @Body() refuses one (400) before reading it, and a route
 *      whose handler takes no @Query() refuses any query parameter (400; the health checks
 *      ignore theirs); routes with a query class refuse the parameters it does not declare
 *      (validation.ts). So an unknown parameter is a 401 for a caller without a token, and a 400
 *      before any lookup (never a 404) for one with a token;
 *   7. path parameters and query values must be well-formed text (400).
 * JSON bodies are parsed with a nesting limit and the same text checks (json-body.ts), up to
 * BODY_LIMIT_BYTES or the route's own @BodyLimit (413 beyond it). Writes with
 * an Idempotency-Key are claimed in preHandler and settled in onSend (../idempotency).
 */
export function installHttpEdge(app: NestFastifyApplication, config: AppConfig): void {
  const fastify = app.getHttpAdapter().getInstance();
  const routes = RouteTable.fromNest(app.get(ModulesContainer));
  let tokens: BearerTokens | undefined;
  const bearerTokens = () => (tokens ??= new BearerTokens(app.get(Authenticator, { strict: false })));

  app.useBodyParser('application/json', { bodyLimit: config.bodyLimitBytes }, async (_request: unknown, body: Buffer) =>
    parseJsonBody(body),
  );
  for (const type of RAW_BODY_TYPES) {
    fastify.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: config.bodyLimitBytes }, (_request, body, done) => done(null, body));
  }
  // A route's @BodyLimit (endpoint.ts) becomes Fastify's per-route bodyLimit, which takes precedence
  // over the parser's; every other route keeps BODY_LIMIT_BYTES. Routes register at app.init(), after this.
  fastify.addHook('onRoute', (route) => {
    const limit = (route.config as { bodyLimit?: BodyLimitSetting } | undefined)?.bodyLimit;
    if (limit !== undefined) route.bodyLimit = resolveBodyLimit(limit, config);
  });

  const budget = app.get(EventLoopBudget, { strict: false });
  /** Steps 3 to 7 of the list above; a promise only when the token is not cached (every step is synchronous otherwise). */
  const check = (request: AuthenticatedRequest, reply: FastifyReply): Promise<void> | void => {
    const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const route = routes.lookup(method, request.routeOptions.url);
    // A @RawBody route takes its own type (and only it); every other route JSON.
    const wanted = route?.rawBody ?? 'application/json';
    if (hasBody(request) && type !== wanted) return void refuse(reply, 415, `unsupported content type: send ${wanted}`);
    const encoding = queryEncodingProblem(queryOf(request.url));
    if (encoding) return void refuse(reply, 400, encoding);

    if (!route) {
      // The router matched nothing: a known path with another method is 405, an unknown path 404.
      const allowed = request.routeOptions.url === undefined ? allowedMethods(fastify, request.url) : [];
      if (allowed.length > 0) refuseMethod(reply, allowed);
      return; // routes outside Nest (the OpenAPI document) are public
    }
    if (route.public) return checkInput(request, reply, route);
    const result = bearerTokens().authenticate(request.headers.authorization);
    if (result instanceof Promise) return result.then((settled) => admit(request, reply, route, settled));
    return admit(request, reply, route, result);
  };
  const admit = (request: AuthenticatedRequest, reply: FastifyReply, route: RouteTraits, result: BearerResult): void => {
    if ('refused' in result) return void refuse(reply, 401, result.refused);
    // Safe methods change nothing, so they ignore Idempotency-Key altogether.
    const key = SAFE_METHODS.has(request.method) ? undefined : request.headers['idempotency-key'];
    if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
      return void refuse(reply, 400, 'Idempotency-Key must be 1 to 255 printable ASCII characters');
    }
    const requestId = String(request.id);
    request.caller = key ? { userId: result.userId, requestId, idempotencyKey: key } : { userId: result.userId, requestId };
    checkInput(request, reply, route);
  };
  const checkInput = (request: FastifyRequest, reply: FastifyReply, route: RouteTraits): void => {
    if (!route.takesBody && hasBody(request)) return void refuse(reply, 400, `${request.method} ${request.routeOptions.url} takes no body`);
    const unwanted = route.takesQuery || HEALTH_CHECKS.has(request.routeOptions.url ?? '') ? null : firstQueryName(queryOf(request.url));
    if (unwanted !== null)
      return void refuse(
        reply,
        400,
        `query parameter ${unwanted} should not exist: ${request.method} ${request.routeOptions.url} takes none`,
      );
    const problem = inputProblem(request);
    if (problem) refuse(reply, 400, problem);
  };
  // Callback style: a request that need not wait (its turn is now and its token cached) costs no promise.
  fastify.addHook('onRequest', (request: AuthenticatedRequest, reply, done) => {
    const healthCheck = HEALTH_CHECKS.has(pathOf(request.url));
    if (config.role === 'projector' && !healthCheck) {
      refuse(reply, 404, 'this process runs projections only (ROLE=projector)');
      return done();
    }
    const turn = healthCheck ? undefined : budget.turn();
    const pending = turn ? turn.then(() => check(request, reply)) : check(request, reply);
    if (pending) pending.then(() => done(), done);
    else done();
  });

  // Idempotency-Key applies to writes only, so only write routes carry its hooks: reads skip them.
  const idempotency = app.get(IdempotencyStore, { strict: false });
  const ttlMs = config.idempotencyKeyTtlSeconds * 1000;
  const claimKey = idempotencyClaimHook(idempotency, { ttlMs, readYourWritesTimeoutMs: config.readYourWritesTimeoutMs });
  const settleKey = idempotentReplyHook(idempotency, ttlMs);
  fastify.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => SAFE_METHODS.has(method))) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), claimKey];
    route.onSend = [...[route.onSend ?? []].flat(), settleKey];
  });
}
