import { Injectable, Logger } from '@nestjs/common';
import { Authenticator, Lru, TokenHolder, TokenUsageStore } from '@docs/platform';
import { UsersReadModel } from './users.read-model';

/** A token's last use is noted at most this often per process: lastUsedAt is precise to a minute. */
export const TOKEN_USE_RESOLUTION_MS = 60_000;
/** Tokens whose last noted use this process remembers; beyond this, the least recent are forgotten. */
const NOTED_TOKENS = 10_000;

/**
 * Resolves API token hashes through the users read model: revoked tokens resolve to nobody, and
 * the expiry travels with the holder (the platform checks it on every request, cached or not).
 *
 * Last use is noted in the TokenUsageStore (not the event log: see docs/tokens.md), at most once a
 * minute per token and process, after the request has moved on: a request never waits for it, and
 * a failed note is only logged at debug level.
 */
@Injectable()
export class TokenAuthenticator extends Authenticator {
  private readonly logger = new Logger('Tokens');
  private readonly noted = new Lru<number>(NOTED_TOKENS);

  constructor(
    private readonly users: UsersReadModel,
    private readonly usage: TokenUsageStore,
  ) {
    super();
  }

  async tokenHolder(tokenHash: string): Promise<TokenHolder | null> {
    const token = await this.users.tokenByHash(tokenHash);
    if (!token || token.revokedAt !== null) return null;
    return {
      userId: token.userId,
      tokenId: token.tokenId,
      ...(token.expiresAt !== null ? { expiresAt: Date.parse(token.expiresAt) } : {}),
    };
  }

  override tokenUsed(_tokenHash: string, { tokenId }: TokenHolder): void {
    const now = Date.now();
    // peek: a hit on every request need not reorder the cache; noting the use below does, once a minute.
    const last = this.noted.peek(tokenId);
    if (last !== undefined && now - last < TOKEN_USE_RESOLUTION_MS) return;
    this.noted.set(tokenId, now);
    setImmediate(() => {
      this.usage
        .noteUse(tokenId, new Date(now).toISOString())
        .catch((error: Error) => this.logger.debug(`could not note the use of token ${tokenId}: ${error.message}`));
    });
  }
}
