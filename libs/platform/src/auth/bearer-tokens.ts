import { Authenticator, TokenHolder } from './caller';
import { hashToken } from './tokens';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * Known tokens are remembered this long, so a revocation reaches every process within it: a
 * revocation written by the CLI is applied by the server's projection within a poll (250 ms) and
 * then refused within this, well inside a second.
 */
export const TOKEN_CACHE_TTL_MS = 500;
const TOKEN_CACHE_SIZE = 10_000;

export type BearerResult = { userId: string; tokenId: string } | { refused: string };

const INVALID: BearerResult = Object.freeze({ refused: 'invalid or revoked API token' });
const EXPIRED: BearerResult = Object.freeze({ refused: 'expired API token' });

/**
 * Resolves `Authorization: Bearer <token>` to a user id. Token hash -> holder goes through a small
 * bounded cache of known tokens (the read-model lookup is a large part of a small request);
 * unknown and revoked tokens are never cached, so they are looked up each time. Expiry is checked
 * on every request, cached or not, so an expired token is refused from its expiry on.
 */
export class BearerTokens {
  private readonly known = new Map<string, { holder: TokenHolder; until: number }>();

  constructor(
    private readonly authenticator: Authenticator,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A known token is answered synchronously (no promise: this runs on every request); only a
   * token missing from the cache waits for the read model.
   */
  authenticate(header: string | undefined): BearerResult | Promise<BearerResult> {
    if (!header) return { refused: 'missing Authorization header: send "Authorization: Bearer <token>"' };
    const match = BEARER.exec(header);
    if (!match) return { refused: 'Authorization header must be "Bearer <token>"' };
    const hash = hashToken(match[1]!);
    const hit = this.known.get(hash);
    if (hit && hit.until > this.now()) return this.admit(hash, hit.holder);
    return this.lookUp(hash).then((holder) => (holder ? this.admit(hash, holder) : INVALID));
  }

  private admit(hash: string, holder: TokenHolder): BearerResult {
    if (holder.expiresAt !== undefined && holder.expiresAt <= this.now()) return EXPIRED;
    try {
      this.authenticator.tokenUsed(hash, holder);
    } catch {
      // last-use tracking never refuses a request
    }
    return { userId: holder.userId, tokenId: holder.tokenId };
  }

  /** Unknown and revoked tokens are not remembered: they are looked up on every request. */
  private async lookUp(hash: string): Promise<TokenHolder | null> {
    const holder = await this.authenticator.tokenHolder(hash);
    this.known.delete(hash);
    if (holder) {
      if (this.known.size >= TOKEN_CACHE_SIZE) this.known.delete(this.known.keys().next().value!);
      this.known.set(hash, { holder, until: this.now() + TOKEN_CACHE_TTL_MS });
    }
    return holder;
  }
}
