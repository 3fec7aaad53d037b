import { Authenticator } from './caller';
import { hashToken } from './tokens';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** Known tokens are remembered this long, so a revocation reaches every process within it. */
export const TOKEN_CACHE_TTL_MS = 1000;
const TOKEN_CACHE_SIZE = 10_000;

export type BearerResult = { userId: string } | { refused: string };

/**
 * Resolves `Authorization: Bearer <token>` to a user id. Token hash -> user id goes through a small
 * bounded cache of known tokens (the read-model lookup is a large part of a small request);
 * unknown tokens are never cached, so they are looked up each time.
 */
export class BearerTokens {
  private readonly known = new Map<string, { userId: string; until: number }>();

  constructor(private readonly authenticator: Authenticator) {}

  async authenticate(header: string | undefined): Promise<BearerResult> {
    if (!header) return { refused: 'missing Authorization header: send "Authorization: Bearer <token>"' };
    const match = BEARER.exec(header);
    if (!match) return { refused: 'Authorization header must be "Bearer <token>"' };
    const userId = await this.userIdFor(match[1]!);
    return userId ? { userId } : { refused: 'invalid or revoked API token' };
  }

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
