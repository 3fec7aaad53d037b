import { BearerTokens, TOKEN_CACHE_TTL_MS } from './bearer-tokens';
import { Authenticator, TokenHolder } from './caller';
import { hashToken } from './tokens';

class FakeAuthenticator extends Authenticator {
  readonly holders = new Map<string, TokenHolder>();
  readonly used: string[] = [];
  lookups = 0;
  throwOnUse = false;

  async tokenHolder(tokenHash: string): Promise<TokenHolder | null> {
    this.lookups += 1;
    return this.holders.get(tokenHash) ?? null;
  }

  override tokenUsed(_hash: string, holder: TokenHolder): void {
    if (this.throwOnUse) throw new Error('usage store down');
    this.used.push(holder.tokenId);
  }
}

describe('BearerTokens', () => {
  let now: number;
  let auth: FakeAuthenticator;
  let tokens: BearerTokens;
  const bearer = (secret: string) => `Bearer ${secret}`;

  beforeEach(() => {
    now = 1_000_000;
    auth = new FakeAuthenticator();
    auth.holders.set(hashToken('s1'), { userId: 'u1', tokenId: 't1' });
    tokens = new BearerTokens(auth, () => now);
  });

  it('resolves a known token to its holder and tells the authenticator it was used', async () => {
    expect(await tokens.authenticate(bearer('s1'))).toEqual({ userId: 'u1', tokenId: 't1' });
    expect(auth.used).toEqual(['t1']);
  });

  it('refuses a missing, malformed or unknown token', async () => {
    expect(await tokens.authenticate(undefined)).toEqual({ refused: expect.stringMatching(/missing Authorization/) });
    expect(await tokens.authenticate('Basic abc')).toEqual({ refused: expect.stringMatching(/Bearer <token>/) });
    expect(await tokens.authenticate(bearer('nope'))).toEqual({ refused: 'invalid or revoked API token' });
  });

  it('remembers a known token for less than a second, so a revocation is seen within it', async () => {
    await tokens.authenticate(bearer('s1'));
    auth.holders.delete(hashToken('s1')); // revoked: the read model resolves it to nobody
    now += TOKEN_CACHE_TTL_MS - 1;
    expect(await tokens.authenticate(bearer('s1'))).toEqual({ userId: 'u1', tokenId: 't1' });
    expect(auth.lookups).toBe(1);
    now += 1;
    expect(await tokens.authenticate(bearer('s1'))).toEqual({ refused: 'invalid or revoked API token' });
    expect(TOKEN_CACHE_TTL_MS).toBeLessThanOrEqual(500);
  });

  it('refuses an expired token from its expiry on, cached or not', async () => {
    auth.holders.set(hashToken('s2'), { userId: 'u2', tokenId: 't2', expiresAt: now + 100 });
    expect(await tokens.authenticate(bearer('s2'))).toEqual({ userId: 'u2', tokenId: 't2' });
    now += 100;
    expect(await tokens.authenticate(bearer('s2'))).toEqual({ refused: 'expired API token' });
    expect(auth.lookups).toBe(1);
    expect(auth.used).toEqual(['t2']);
  });

  it('lets the request in when noting the use fails', async () => {
    auth.throwOnUse = true;
    expect(await tokens.authenticate(bearer('s1'))).toEqual({ userId: 'u1', tokenId: 't1' });
  });

  it('answers a cached token synchronously, and only a lookup with a promise', async () => {
    const first = tokens.authenticate(bearer('s1'));
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toEqual({ userId: 'u1', tokenId: 't1' });
    expect(tokens.authenticate(bearer('s1'))).toEqual({ userId: 'u1', tokenId: 't1' });
    expect(tokens.authenticate('Basic abc')).toEqual({ refused: expect.stringMatching(/Bearer <token>/) });
  });
});
