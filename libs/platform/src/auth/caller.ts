import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CommandContext } from '../commands/command-context';

/** The authenticated user behind a request. */
export interface Caller {
  userId: string;
  requestId: string;
  idempotencyKey?: string;
}

export type AuthenticatedRequest = FastifyRequest & { caller?: Caller };

/** Who holds a live API token, and until when it works. */
export interface TokenHolder {
  userId: string;
  tokenId: string;
  /** Epoch milliseconds after which the token is refused; absent: never. */
  expiresAt?: number;
}

/** Resolves token hashes to their holders. Implemented by the context that owns users and tokens. */
export abstract class Authenticator {
  /** The holder of the token with this hash; null when it was never issued or is revoked. */
  abstract tokenHolder(tokenHash: string): Promise<TokenHolder | null>;

  /**
   * Told each time a token let a request in, for last-use tracking. Called without waiting: it
   * must return at once, never throw, and do its writing (if any) in the background.
   */
  tokenUsed(_tokenHash: string, _holder: TokenHolder): void {}
}

export const PUBLIC_ROUTE = 'docs:public-route';
/** Marks a route that needs no token (health checks, the OpenAPI document). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);

/** The caller of an authenticated route. */
export const CurrentCaller = createParamDecorator((_: unknown, ctx: ExecutionContext): Caller => {
  const request = ctx.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!request.caller) throw new Error('CurrentCaller used on a public route');
  return request.caller;
});

export function commandContext(caller: Caller): CommandContext {
  return { actor: caller.userId, correlationId: caller.requestId, idempotencyKey: caller.idempotencyKey };
}
