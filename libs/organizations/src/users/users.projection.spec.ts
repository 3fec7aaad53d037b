import { occurred, projectionSpecPerTest } from '@docs/platform/testing';
import { usersProjection } from './users.projection';
import { API_TOKENS, USERS } from './users.read-model';

const ann = { userId: 'u1', email: 'ann@acme.test', displayName: 'Ann' };
const registered = (data = ann) => ({ type: 'UserRegistered', data });
const issued = (data: { tokenId: string; tokenHash: string; name: string; expiresAt?: string }) => ({
  type: 'ApiTokenIssued',
  data: { userId: 'u1', ...data },
});
const revoked = { type: 'ApiTokenRevoked', data: { userId: 'u1', tokenId: 't1', tokenHash: 'hash-1' } };

describe('users projection', () => {
  const spec = projectionSpecPerTest(usersProjection);

  it('keeps each registered user, created when registered', async () => {
    await spec.given(occurred('2026-02-01T10:00:00.000Z', registered()));
    expect(await spec.readModels.get(USERS, 'u1')).toEqual({
      id: 'u1',
      email: 'ann@acme.test',
      displayName: 'Ann',
      createdAt: '2026-02-01T10:00:00.000Z',
    });
  });

  it('keeps each issued token under its hash, never the secret', async () => {
    await spec.given([
      registered(),
      ...occurred('2026-02-02T10:00:00.000Z', issued({ tokenId: 't1', tokenHash: 'hash-1', name: 'laptop' })),
      issued({ tokenId: 't2', tokenHash: 'hash-2', name: 'ci' }),
    ]);
    expect(await spec.readModels.get(API_TOKENS, 'hash-1')).toEqual({
      id: 'hash-1',
      tokenId: 't1',
      userId: 'u1',
      name: 'laptop',
      createdAt: '2026-02-02T10:00:00.000Z',
      expiresAt: null,
      revokedAt: null,
    });
    const tokens = await spec.readModels.find(API_TOKENS, { where: [{ field: 'userId', op: 'eq', value: 'u1' }], limit: 10 });
    expect(tokens.items.map((t) => t.tokenId).sort()).toEqual(['t1', 't2']);
  });

  it('keeps the expiry of a token, and marks a revoked token without forgetting it', async () => {
    await spec.given([
      registered(),
      issued({ tokenId: 't1', tokenHash: 'hash-1', name: 'ci', expiresAt: '2030-01-01T00:00:00.000Z' }),
      ...occurred('2026-03-01T00:00:00.000Z', revoked),
      ...occurred('2026-04-01T00:00:00.000Z', revoked),
    ]);
    expect(await spec.readModels.get(API_TOKENS, 'hash-1')).toMatchObject({
      tokenId: 't1',
      expiresAt: '2030-01-01T00:00:00.000Z',
      revokedAt: '2026-03-01T00:00:00.000Z',
    });
    const byId = await spec.readModels.find(API_TOKENS, { where: [{ field: 'tokenId', op: 'eq', value: 't1' }], limit: 1 });
    expect(byId.items.map((t) => t.id)).toEqual(['hash-1']);
  });

  it('lists users oldest first', async () => {
    await spec.given([
      ...occurred('2026-02-02T00:00:00.000Z', registered({ userId: 'u2', email: 'bob@acme.test', displayName: 'Bob' })),
      ...occurred('2026-02-01T00:00:00.000Z', registered()),
    ]);
    const users = await spec.readModels.find(USERS, { sort: { field: 'createdAt', direction: 'asc' }, limit: 10 });
    expect(users.items.map((u) => u.id)).toEqual(['u1', 'u2']);
  });
});
