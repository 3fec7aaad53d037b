import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DomainError,
  loadConfig,
  openStores,
  openTokenUsageStore,
  ProjectionRegistry,
  ProjectionRunner,
  Stores,
  TokenUsageStore,
  UpcasterRegistry,
} from '@docs/platform';
import { usersProjection } from '../users.projection';
import { listApiTokens, MAX_TOKEN_LIFETIME_MS, parseTokenLifetime, revokeApiToken, TokenStores } from './api-tokens';
import { issueApiToken } from './standalone-tokens';

const ctx = { actor: 'cli:ops@host', correlationId: 'test' };
const quiet = { log: () => undefined, error: () => undefined };

describe('the token lifecycle on the stores (the CLI side)', () => {
  let dir: string;
  let stores: Stores;
  let usage: TokenUsageStore;
  let on: TokenStores;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'docs-tokens-'));
    const config = loadConfig({ DATA_DIR: dir });
    stores = await openStores(config, new UpcasterRegistry());
    usage = await openTokenUsageStore(config);
    on = { events: stores.events, readStore: stores.readStore, tokenUsage: usage };
  });
  afterEach(async () => {
    await stores.events.close();
    await stores.readStore.close();
    await usage.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the users projection to the head of the log, as a server would, then stops. */
  async function project(): Promise<void> {
    const runner = new ProjectionRunner(stores.events, stores.readStore, new ProjectionRegistry([usersProjection]), quiet);
    await runner.start();
    const head = await stores.events.headPosition();
    if (head !== null) await runner.waitFor(head);
    await runner.stop();
  }

  it('lists tokens with owner, creation, expiry and status, never a secret, with no projection run yet', async () => {
    const ann = await issueApiToken(stores.events, { email: 'ann@acme.test', tokenName: 'laptop' }, ctx);
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const ci = await issueApiToken(stores.events, { email: 'bob@acme.test', tokenName: 'ci', expiresAt }, ctx);
    const tokens = await listApiTokens(on);
    expect(tokens).toEqual([
      {
        id: ann.tokenId,
        name: 'laptop',
        userId: ann.userId,
        email: 'ann@acme.test',
        createdAt: expect.any(String),
        lastUsedAt: null,
        expiresAt: null,
        revokedAt: null,
        status: 'active',
      },
      {
        id: ci.tokenId,
        name: 'ci',
        userId: ci.userId,
        email: 'bob@acme.test',
        createdAt: expect.any(String),
        lastUsedAt: null,
        expiresAt,
        revokedAt: null,
        status: 'active',
      },
    ]);
    expect(JSON.stringify(tokens)).not.toContain(ann.token);
    expect((await listApiTokens(on, { now: new Date(Date.parse(expiresAt) + 1) }))[1]!.status).toBe('expired');
  });

  it('reads the read model up to its checkpoint and the log after it', async () => {
    const first = await issueApiToken(stores.events, { email: 'ann@acme.test', tokenName: 'one' }, ctx);
    await project();
    const second = await issueApiToken(stores.events, { email: 'cid@acme.test', tokenName: 'two' }, ctx);
    await revokeApiToken(on, first.tokenId, ctx);
    const tokens = await listApiTokens(on);
    expect(tokens.map((t) => [t.name, t.email, t.status])).toEqual([
      ['one', 'ann@acme.test', 'revoked'],
      ['two', 'cid@acme.test', 'active'],
    ]);
    await project();
    expect(await listApiTokens(on)).toEqual(tokens);
    expect(second.tokenId).toBeDefined();
  });

  it('revokes a token by id once, as an event with the operator as actor', async () => {
    const issued = await issueApiToken(stores.events, { email: 'ann@acme.test', tokenName: 'laptop' }, ctx);
    const first = await revokeApiToken(on, issued.tokenId, ctx);
    expect(first).toMatchObject({ revoked: true, token: { id: issued.tokenId, status: 'revoked', revokedAt: expect.any(String) } });
    const again = await revokeApiToken(on, issued.tokenId, ctx);
    expect(again).toMatchObject({ revoked: false, position: null, token: { revokedAt: first.token.revokedAt } });
    const stream = await stores.events.readStream(`user-${issued.userId}`);
    expect(stream.filter((e) => e.type === 'ApiTokenRevoked')).toEqual([
      expect.objectContaining({
        data: { userId: issued.userId, tokenId: issued.tokenId, tokenHash: expect.any(String) },
        metadata: expect.objectContaining({ actor: 'cli:ops@host' }),
      }),
    ]);
  });

  it('refuses to revoke an unknown token', async () => {
    await expect(revokeApiToken(on, 'nosuchtoken', ctx)).rejects.toThrow(DomainError);
    await expect(revokeApiToken(on, 'nosuchtoken', ctx)).rejects.toThrow(/token nosuchtoken not found/);
  });

  it('shows the last use noted by a server', async () => {
    const issued = await issueApiToken(stores.events, { email: 'ann@acme.test' }, ctx);
    await usage.noteUse(issued.tokenId, '2026-05-01T12:00:00.000Z');
    expect((await listApiTokens(on))[0]!.lastUsedAt).toBe('2026-05-01T12:00:00.000Z');
    expect((await listApiTokens({ events: stores.events, readStore: stores.readStore }))[0]!.lastUsedAt).toBeNull();
  });

  it('refuses an expiry that is not in the future', async () => {
    await expect(
      issueApiToken(stores.events, { email: 'ann@acme.test', expiresAt: new Date(Date.now() - 1000).toISOString() }, ctx),
    ).rejects.toThrow(/future/);
    await expect(issueApiToken(stores.events, { email: 'ann@acme.test', expiresAt: 'soon' }, ctx)).rejects.toThrow(/future/);
  });
});

describe('parseTokenLifetime', () => {
  it('takes a number and a unit, or several', () => {
    expect(parseTokenLifetime('90s')).toBe(90_000);
    expect(parseTokenLifetime('30m')).toBe(1_800_000);
    expect(parseTokenLifetime('12h')).toBe(43_200_000);
    expect(parseTokenLifetime('30d')).toBe(30 * 86_400_000);
    expect(parseTokenLifetime('2w')).toBe(14 * 86_400_000);
    expect(parseTokenLifetime('1d12h')).toBe(36 * 3_600_000);
    expect(parseTokenLifetime(' 1D ')).toBe(86_400_000);
  });

  it('refuses anything else, zero, and more than ten years', () => {
    for (const bad of ['', '30', 'd', '1y', '1.5h', '-1d', '1d 2h', 'soon'])
      expect(() => parseTokenLifetime(bad)).toThrow(/not a duration/);
    expect(() => parseTokenLifetime('0d')).toThrow(/longer than zero/);
    expect(() => parseTokenLifetime(`${MAX_TOKEN_LIFETIME_MS / 1000 + 1}s`)).toThrow(/ten years/);
  });
});
