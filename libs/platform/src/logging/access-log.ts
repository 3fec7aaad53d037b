import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import pino from 'pino';
import type { AuthenticatedRequest } from '../auth/caller';

export type LogFormat = 'json' | 'pretty';

/** One access log entry: what was asked, how it ended, and who asked. Never tokens, headers or bodies. */
export interface AccessEntry {
  method: string;
  /** The route's pattern (`/v1/orgs/:organizationId`), so ids do not scatter the log; the raw path when no route matched. */
  route: string;
  status: number;
  durationMs: number;
  requestId: string;
  /** The caller's user id; absent on public routes and refused requests. */
  caller?: string;
}

export function accessEntry(request: FastifyRequest, reply: FastifyReply): AccessEntry {
  const caller = (request as AuthenticatedRequest).caller?.userId;
  return {
    method: request.method,
    route: request.routeOptions.url ?? request.url.split('?')[0]!,
    status: reply.statusCode,
    durationMs: Math.round(reply.elapsedTime * 100) / 100,
    requestId: String(request.id),
    ...(caller !== undefined ? { caller } : {}),
  };
}

/** The human form of an entry (LOG_FORMAT=pretty): `GET /v1/orgs/:organizationId 200 3.12 ms req=… caller=…`. */
export function prettyEntry(entry: AccessEntry, at: Date = new Date()): string {
  const caller = entry.caller !== undefined ? ` caller=${entry.caller}` : '';
  return `${at.toISOString()} ${entry.method} ${entry.route} ${entry.status} ${entry.durationMs} ms req=${entry.requestId}${caller}`;
}

export interface AccessLogOptions {
  format: LogFormat;
  /** Where lines go (stdout by default); tests pass their own. */
  destination?: NodeJS.WritableStream;
}

/**
 * One access log line per answered request (issue #14): JSON lines written by pino through an
 * asynchronous destination (the request never waits for the write), or one human line per request
 * with LOG_FORMAT=pretty.
 */
export function installAccessLog(fastify: FastifyInstance, options: AccessLogOptions): void {
  const out = options.destination ?? pino.destination({ sync: false });
  if (options.format === 'pretty') {
    fastify.addHook('onResponse', (request, reply, done) => {
      out.write(`${prettyEntry(accessEntry(request, reply))}\n`);
      done();
    });
    return;
  }
  const logger = pino({ base: undefined, timestamp: pino.stdTimeFunctions.isoTime, messageKey: 'msg' }, out);
  fastify.addHook('onResponse', (request, reply, done) => {
    logger.info(accessEntry(request, reply), 'request');
    done();
  });
}
