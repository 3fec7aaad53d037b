import { STATUS_CODES, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from './error-body';

/**
 * Answers for what goes wrong before a request reaches a route: Node's HTTP parser (headers too
 * large, request timeouts, garbage) and the router (undecodable paths, overlong path parameters).
 * Fastify's own answers have another shape; these keep `{ error: { code, message } }`.
 */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'the request took too long to arrive; send it again'],
  HPE_HEADER_OVERFLOW: [431, 'request headers (the URL and its query string included) are too large'],
};

/** Fastify's `clientErrorHandler`: writes the answer on the raw socket, as Node itself would. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = (error.code && Object.hasOwn(CLIENT_ERRORS, error.code) && CLIENT_ERRORS[error.code]) || [
    400,
    'malformed HTTP request',
  ];
  // A response already under way on this socket (say an early 401) must not be followed by another.
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify(errorBody(status, message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Fastify's `frameworkErrors`: the router's FST_ERR_BAD_URL and FST_ERR_MAX_PARAM_LENGTH. */
export function answerFrameworkError(error: Error & { code?: string }, _request: FastifyRequest, reply: FastifyReply): void {
  const [status, message] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? [414, 'a path parameter is too long'] : [400, 'the request path is not valid URL encoding'];
  void reply.status(status).header('content-type', 'application/json; charset=utf-8').send(errorBody(status, message));
}
