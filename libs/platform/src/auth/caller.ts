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

/** Resolves a token hash to a user id. Implemented by the context that owns users. */
export abstract class Authenticator {
  abstract userIdForTokenHash(tokenHash: string): Promise<string | null>;
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
