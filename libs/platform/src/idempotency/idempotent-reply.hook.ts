import { Logger } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IdempotencyStore, StoredAnswer } from './idempotency-store';

/** What the claim hook decided for a request, for the onSend hook to finish. */
export type IdempotencyMark = { kind: 'claimed'; caller: string; key: string; token: string } | { kind: 'replay'; answer: StoredAnswer };

export const IDEMPOTENCY_MARK = Symbol('docs:idempotency');
export type MarkedRequest = FastifyRequest & { [IDEMPOTENCY_MARK]?: IdempotencyMark };

/**
 * Answers stored for replay: 2xx, and 4xx since client errors are deterministic. Not 5xx (the 503
 * of read-your-writes included): the key is freed so the client can retry. Not the 4xx answers
 * that themselves say "retry": 408, 409 (the resource changed under a concurrent write) and 429.
 */
export function isFinalAnswer(status: number): boolean {
  if (status >= 200 && status < 300) return true;
  return status >= 400 && status < 500 && status !== 408 && status !== 409 && status !== 429;
}

/** Response headers that are part of the answer (the rest, such as x-request-id, belong to each response). */
export const REPLAYED_HEADERS = ['content-type', 'location'] as const;

/**
 * Fastify onSend hook: the one place that sees a request's final answer whoever produced it (the
 * handler with its @HttpCode, the exception filter, validation), as the bytes that go out with
 * their status and headers, before they go out, so a retry right after the answer finds it.
 * A claimed request stores its final answer or frees the key; a replayed one is answered with the
 * stored answer in place of the empty one Nest sends for it.
 */
export function idempotentReplyHook(store: IdempotencyStore, ttlMs: number, logger = new Logger('Idempotency')) {
  const settle = settleWith(store, ttlMs, logger);
  // Callback style, so the answers without a key (nearly all) cost no promise.
  return function settleIdempotencyKey(
    request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: Error | null, payload?: unknown) => void,
  ): void {
    const mark = (request as MarkedRequest)[IDEMPOTENCY_MARK];
    if (!mark) {
      done(null, payload);
      return;
    }
    settle(request as MarkedRequest, mark, reply, payload).then(
      (body) => done(null, body),
      (error: Error) => done(error),
    );
  };
}

function settleWith(store: IdempotencyStore, ttlMs: number, logger: Logger) {
  return async function settle(request: MarkedRequest, mark: IdempotencyMark, reply: FastifyReply, payload: unknown): Promise<unknown> {
    request[IDEMPOTENCY_MARK] = undefined; // settled once, even if sending fails and an error answer follows
    if (mark.kind === 'replay') {
      const { status, headers, body } = mark.answer;
      void reply.code(status);
      for (const name of REPLAYED_HEADERS) {
        if (headers[name] !== undefined) void reply.header(name, headers[name]);
        else void reply.removeHeader(name);
      }
      return body;
    }
    // Streams and buffers cannot be kept as text: such an answer is not replayed (no write route sends one).
    const storable = payload === undefined || payload === null || typeof payload === 'string';
    try {
      if (storable && isFinalAnswer(reply.statusCode)) {
        const headers: Record<string, string> = {};
        for (const name of REPLAYED_HEADERS) {
          const value = reply.getHeader(name);
          if (value !== undefined) headers[name] = String(value);
        }
        await store.complete(
          mark.caller,
          mark.key,
          mark.token,
          { status: reply.statusCode, headers, body: (payload as string | null | undefined) ?? '' },
          Date.now() + ttlMs,
        );
      } else {
        await store.release(mark.caller, mark.key, mark.token);
      }
    } catch (error) {
      // The answer still goes out; the key stays claimed until its lock times out.
      logger.error(
        `could not settle Idempotency-Key of request ${String(request.id)}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return payload;
  };
}
