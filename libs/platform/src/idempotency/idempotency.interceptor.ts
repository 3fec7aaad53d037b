import {
  CallHandler,
  ConflictException,
  ExecutionContext,
  Inject,
  Injectable,
  NestInterceptor,
  OnModuleInit,
  UnprocessableEntityException,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { Observable, of } from 'rxjs';
import { AuthenticatedRequest } from '../auth/caller';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { IdempotencyStore } from './idempotency-store';
import { IDEMPOTENCY_MARK, idempotentReplyHook, MarkedRequest } from './idempotent-reply.hook';
import { requestFingerprint } from './request-fingerprint';

/** Methods that change nothing: they ignore Idempotency-Key. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

/** Beyond the longest a write may legitimately take (its read-your-writes wait), a claim is abandoned. */
const LOCK_MARGIN_MS = 60_000;

/**
 * Idempotency-Key on every write (IETF draft "The Idempotency-Key HTTP Header Field"; DESIGN.md,
 * "Events > Idempotency"). Keys are scoped to the caller and bound to the request's fingerprint:
 * the first request claims the key and runs; the same request again gets the first answer without
 * running; a different request under the key gets 422 and a retry while the first still runs 409,
 * both before any handler.
 *
 * Two halves: this interceptor claims the key before the handler, as the first place that has the
 * caller with its validated key (the auth guard adds it, and guards run inside Nest's route handler,
 * after every Fastify hook); the onSend hook it installs on Fastify stores the final answer, or
 * replays the stored one (see idempotent-reply.hook).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor, OnModuleInit {
  private readonly ttlMs: number;
  private readonly lockMs: number;

  constructor(
    private readonly store: IdempotencyStore,
    private readonly adapterHost: HttpAdapterHost,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.ttlMs = config.idempotencyKeyTtlSeconds * 1000;
    this.lockMs = config.readYourWritesTimeoutMs + LOCK_MARGIN_MS;
  }

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (typeof fastify?.addHook === 'function') fastify.addHook('onSend', idempotentReplyHook(this.store, this.ttlMs));
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> | Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<AuthenticatedRequest & MarkedRequest>();
    const caller = request.caller;
    const key = caller?.idempotencyKey;
    // Public routes have no caller to scope a key to (none of them writes). Reads pass straight through.
    if (!caller || !key || SAFE_METHODS.has(request.method)) return next.handle();
    return this.claimAndRun(request, caller, key, next);
  }

  private async claimAndRun(
    request: AuthenticatedRequest & MarkedRequest,
    caller: NonNullable<AuthenticatedRequest['caller']>,
    key: string,
    next: CallHandler,
  ): Promise<Observable<unknown>> {

    const fingerprint = requestFingerprint({
      method: request.method,
      route: request.routeOptions.url ?? request.url,
      params: request.params,
      query: request.query,
      body: request.body,
    });
    const now = Date.now();
    const claim = await this.store.claim({
      caller: caller.userId,
      key,
      fingerprint,
      now,
      lockedUntil: now + this.lockMs,
      // Never forgotten while it may still be running; the answer is then kept for the TTL.
      expiresAt: now + Math.max(this.ttlMs, this.lockMs),
    });
    switch (claim.outcome) {
      case 'mismatch':
        throw new UnprocessableEntityException(
          `Idempotency-Key ${JSON.stringify(key)} was used for a different request (method, route, path, query or body); send a new key for a new request`,
        );
      case 'in_flight':
        throw new ConflictException(`a request with Idempotency-Key ${JSON.stringify(key)} is still being processed; retry after it has been answered`);
      case 'replay':
        request[IDEMPOTENCY_MARK] = { kind: 'replay', answer: claim.answer };
        return of(undefined);
      case 'claimed':
        request[IDEMPOTENCY_MARK] = { kind: 'claimed', caller: caller.userId, key, token: claim.token };
        // Commands derive event and aggregate ids from the key (the second line of defence against a
        // double append); binding it to the fingerprint keeps a different request under the same key,
        // once the record has expired, from colliding with the first request's ids.
        request.caller = { ...caller, idempotencyKey: `${key}\u0000${fingerprint}` };
        return next.handle();
    }
  }
}
