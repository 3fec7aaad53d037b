import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthenticatedRequest } from '../auth/caller';
import { errorBody } from '../http/error-body';
import { IdempotencyStore } from './idempotency-store';
import { answersWithoutWriting } from './answers-without-writing';
import { IDEMPOTENCY_MARK, MarkedRequest } from './idempotent-reply.hook';
import { requestFingerprint } from './request-fingerprint';

/** Methods that change nothing: they ignore Idempotency-Key. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/** Beyond the longest a write may legitimately take (its read-your-writes wait), a claim is abandoned. */
const LOCK_MARGIN_MS = 60_000;

const refuse = (reply: FastifyReply, status: number, message: string) =>
  reply.status(status).header('content-type', 'application/json; charset=utf-8').send(errorBody(status, message));

/**
 * Idempotency-Key on every write (IETF draft "The Idempotency-Key HTTP Header Field"; DESIGN.md,
 * "Events > Idempotency"). Keys are scoped to the caller and bound to the request's fingerprint:
 * the first request claims the key and runs; the same request again gets the first answer without
 * running; a different request under the key gets 422 and a retry while the first still runs 409,
 * both before any handler.
 *
 * Two Fastify hooks: this preHandler claims the key once the body is parsed (the edge's onRequest
 * hook has authenticated the caller and checked the header), and the onSend hook stores the final
 * answer or replays the stored one (idempotent-reply.hook.ts). Hooks rather than a Nest
 * interceptor: with no interceptor at all, Nest runs a route without its rxjs pipeline, which was
 * a sixth of every read's cost.
 */
export function idempotencyClaimHook(store: IdempotencyStore, options: { ttlMs: number; readYourWritesTimeoutMs: number }) {
  const lockMs = options.readYourWritesTimeoutMs + LOCK_MARGIN_MS;
  return async function claimIdempotencyKey(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const marked = request as AuthenticatedRequest & MarkedRequest;
    const caller = marked.caller;
    const key = caller?.idempotencyKey;
    // Public routes have no caller to scope a key to (none of them writes); reads ignore keys.
    if (!caller || !key || SAFE_METHODS.has(request.method) || answersWithoutWriting(request)) return;

    const fingerprint = requestFingerprint({
      method: request.method,
      route: request.routeOptions.url ?? request.url,
      params: request.params,
      query: request.query,
      body: request.body,
    });
    const now = Date.now();
    const claim = await store.claim({
      caller: caller.userId,
      key,
      fingerprint,
      now,
      lockedUntil: now + lockMs,
      // Never forgotten while it may still be running; the answer is then kept for the TTL.
      expiresAt: now + Math.max(options.ttlMs, lockMs),
    });
    switch (claim.outcome) {
      case 'mismatch':
        return refuse(
          reply,
          422,
          `Idempotency-Key ${JSON.stringify(key)} was used for a different request (method, route, path, ` +
            `query or body); send a new key for a new request`,
        );
      case 'in_flight':
        return refuse(
          reply,
          409,
          `a request with Idempotency-Key ${JSON.stringify(key)} is still being processed; retry after it has been answered`,
        );
      case 'replay':
        marked[IDEMPOTENCY_MARK] = { kind: 'replay', answer: claim.answer };
        return reply.send('');
      case 'claimed':
        marked[IDEMPOTENCY_MARK] = { kind: 'claimed', caller: caller.userId, key, token: claim.token };
        // Commands derive event and aggregate ids from the key (the second line of defence against a
        // double append); binding it to the fingerprint keeps a different request under the same key,
        // once the record has expired, from colliding with the first request's ids.
        marked.caller = { ...caller, idempotencyKey: `${key}\u0000${fingerprint}` };
        return;
    }
  };
}
