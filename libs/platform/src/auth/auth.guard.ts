import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthenticatedRequest, PUBLIC_ROUTE } from './caller';

/**
 * The token itself is checked in an onRequest hook (http-edge.ts), before the body is read; this
 * guard makes sure no route that needs a caller runs without one (a route the hook could not map).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    // The caller first: it is there on nearly every request, and the metadata lookup is not free.
    if (context.switchToHttp().getRequest<AuthenticatedRequest>().caller) return true;
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()])) return true;
    throw new UnauthorizedException('missing Authorization header: send "Authorization: Bearer <token>"');
  }
}
