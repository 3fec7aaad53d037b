import { BadRequestException, CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthenticatedRequest, PUBLIC_ROUTE } from './caller';
import { SAFE_METHODS } from '../idempotency/idempotency.interceptor';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * The token itself is checked in an onRequest hook (http-edge.ts), before the body is read; this
 * guard makes sure no route that needs a caller runs without one (a route the hook could not map,
 * say) and adds the request's Idempotency-Key to the caller.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    if (!request.caller) throw new UnauthorizedException('missing Authorization header: send "Authorization: Bearer <token>"');
    // Safe methods change nothing, so they ignore the header altogether (IdempotencyInterceptor).
    const key = SAFE_METHODS.has(request.method) ? undefined : request.headers['idempotency-key'];
    if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
      throw new BadRequestException('Idempotency-Key must be 1 to 255 printable ASCII characters');
    }
    if (key) request.caller = { ...request.caller, idempotencyKey: key };
    return true;
  }
}
