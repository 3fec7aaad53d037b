import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthenticatedRequest } from '../auth/caller';
import { LogFormat, LogWriter, stdoutLog } from './log-line';

/** The context of access lines in the log. */
export const ACCESS_LOG_CONTEXT = 'AccessLog';

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

/** The line's `msg`: `GET /v1/orgs/:organizationId 200 3.12 ms`, readable on its own in either format. */
export function accessMessage(entry: AccessEntry): string {
  return `${entry.method} ${entry.route} ${entry.status} ${entry.durationMs} ms`;
}

/** What a pretty access line adds to its message. */
const PRETTY_FIELDS = ['requestId', 'caller'];

export interface AccessLogOptions {
  format: LogFormat;
  /** Where lines go: the process's stdout log (shared with Nest's lines) unless a test passes its own. */
  destination?: NodeJS.WritableStream;
}

/**
 * One access log line per answered request (issue #14), in the log's one shape (log-line.ts):
 * `{ level, time, context: "AccessLog", method, route, status, durationMs, requestId, caller?, msg }`,
 * written asynchronously (the request never waits for the write).
 */
export function installAccessLog(fastify: FastifyInstance, options: AccessLogOptions): void {
  const log = options.destination ? new LogWriter({ format: options.format, destination: options.destination }) : stdoutLog(options.format);
  fastify.addHook('onResponse', (request, reply, done) => {
    const entry = accessEntry(request, reply);
    log.write('info', ACCESS_LOG_CONTEXT, accessMessage(entry), entry as unknown as Record<string, unknown>, PRETTY_FIELDS);
    done();
  });
}
