import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { DomainError, DomainErrorKind } from '@docs/kernel';
import { InvalidCursorError } from '../read-store/query';
import { ProjectionLagError } from '../projections/projection-runner';
import { WorkError } from '../work/work-errors';
import { errorBody, excerpt } from './error-body';

const STATUS: Record<DomainErrorKind, number> = {
  invalid: 400,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unavailable: 503,
};

/** Fastify's own errors (body parsing, limits) carry a statusCode; their messages are safe to show. */
interface FastifyLikeError {
  statusCode?: number;
  code?: string;
  message: string;
}

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported content type: send application/json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'body must not be empty when content-type is application/json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'body is not valid JSON',
};

/** Maps whatever was thrown to a status and the `{ error: { code, message } }` body. */
export function toHttpError(exception: unknown): { status: number; message: string; internal: boolean } {
  if (exception instanceof DomainError) return { status: STATUS[exception.kind], message: exception.message, internal: false };
  if (exception instanceof InvalidCursorError) return { status: 400, message: exception.message, internal: false };
  if (exception instanceof ProjectionLagError) {
    return { status: 503, message: 'the change was saved but is not readable yet; retry the read shortly', internal: false };
  }
  if (exception instanceof WorkError) {
    // Bounded work (libs/platform/src/work): a full queue is the server's state, retry later; work past
    // its time or memory budget is the input's size, and retrying the same input fails the same way.
    if (exception.kind === 'busy')
      return { status: 503, message: `the server is busy: ${exception.message}; retry later`, internal: false };
    if (exception.kind !== 'failed')
      return { status: 422, message: `the content is too large to process: ${exception.message}`, internal: false };
  }
  if (exception instanceof HttpException) {
    const response = exception.getResponse();
    const message =
      typeof response === 'string'
        ? response
        : Array.isArray((response as { message?: unknown }).message)
          ? (response as { message: string[] }).message.join('; ')
          : String((response as { message?: unknown }).message ?? exception.message);
    // Nest's answer for unknown routes quotes the whole URL; quote a short excerpt instead.
    const unrouted = /^Cannot ([A-Z]+) (.*)$/s.exec(message);
    if (exception.getStatus() === 404 && unrouted)
      return { status: 404, message: `no route for ${unrouted[1]} ${excerpt(unrouted[2]!)}`, internal: false };
    return { status: exception.getStatus(), message, internal: false };
  }
  const fastifyError = exception as FastifyLikeError;
  if (fastifyError && typeof fastifyError.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    const message =
      (fastifyError.code && FASTIFY_MESSAGES[fastifyError.code]) ||
      (exception instanceof SyntaxError ? 'body is not valid JSON' : fastifyError.message);
    return { status: fastifyError.statusCode, message, internal: false };
  }
  return { status: 500, message: 'internal error', internal: true };
}

@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const { status, message, internal } = toHttpError(exception);
    if (internal) this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(errorBody(status, message));
  }
}
