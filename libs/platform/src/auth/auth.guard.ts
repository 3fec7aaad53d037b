import { BadRequestException, CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthenticatedRequest, Authenticator, PUBLIC_ROUTE } from './caller';
import { hashToken } from './tokens';

const BEARER = /^Bearer\s+(\S+)\s*$/i;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** Known tokens are remembered this long, so a revocation reaches every process within it. */
export const TOKEN_CACHE_TTL_MS = 1000;
const TOKEN_CACHE_SIZE = 10_000;

/** `Authorization: Bearer <token>` on every route not marked @Public(); 401 when missing or unknown. */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authenticator: Authenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, [context.getHandler(), context.getClass()])) return true;
    const request = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const header = request.headers.authorization;
    if (!header) throw new UnauthorizedException('missing Authorization header: send "Authorization: Bearer <token>"');
    const match = BEARER.exec(header);
    if (!match) throw new UnauthorizedException('Authorization header must be "Bearer <token>"');
    const userId = await this.userIdFor(match[1]!);
    if (!userId) throw new UnauthorizedException('invalid or revoked API token');
    const key = request.headers['idempotency-key'];
    if (key !== undefined && (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))) {
      throw new BadRequestException('Idempotency-Key must be 1 to 255 printable ASCII characters');
    }
    request.caller = { userId, requestId: String(request.id), ...(key ? { idempotencyKey: key } : {}) };
    return true;
  }

  /**
   * Token hash -> user id, through a small bounded cache of known tokens (the read-model lookup is
   * a large part of a small request). Unknown tokens are never cached: they are looked up each time.
   */
  private readonly known = new Map<string, { userId: string; until: number }>();

  private async userIdFor(token: string): Promise<string | null> {
    const hash = hashToken(token);
    const now = Date.now();
    const hit = this.known.get(hash);
    if (hit && hit.until > now) return hit.userId;
    const userId = await this.authenticator.userIdForTokenHash(hash);
    if (hit) this.known.delete(hash);
    if (userId) {
      if (this.known.size >= TOKEN_CACHE_SIZE) this.known.delete(this.known.keys().next().value!);
      this.known.set(hash, { userId, until: now + TOKEN_CACHE_TTL_MS });
    }
    return userId;
  }
}
