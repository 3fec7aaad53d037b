/**
 * Contract of the IdempotencyStore port (DESIGN.md, "Events > Idempotency"): every adapter must
 * pass it. SQLite always runs (a fresh file per test); MongoDB runs when MONGO_URL is set, in a
 * database of its own for this run that is dropped at the end. Callers are unique per test.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropMongoDatabase, freshMongoDbName } from './support/mongo';
import { IdempotencyClaim, IdempotencyStore, StoredAnswer } from '../../libs/platform/src/idempotency/idempotency-store';
import { MongoIdempotencyStore } from '../../libs/platform/src/mongodb/mongo-idempotency-store';
import { SqliteIdempotencyStore } from '../../libs/platform/src/idempotency/sqlite-idempotency-store';
import { skippedWithout } from '../support/server-suites';

interface Harness {
  /** `file` reopens the same storage (a restart) when given back. */
  open(file?: string): Promise<{ store: IdempotencyStore; file: string; dispose: () => Promise<void> }>;
  teardown?: () => Promise<void>;
}

const dirs: string[] = [];
const harnesses: [string, Harness][] = [
  [
    'sqlite',
    {
      open: async (file) => {
        if (!file) {
          const dir = mkdtempSync(join(tmpdir(), 'idempotency-contract-'));
          dirs.push(dir);
          file = join(dir, 'idempotency.sqlite');
        }
        const store = new SqliteIdempotencyStore({ file });
        return { store, file, dispose: () => store.close() };
      },
      teardown: async () => {
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
      },
    },
  ],
];
if (process.env.MONGO_URL) {
  const url = process.env.MONGO_URL;
  const dbName = freshMongoDbName();
  harnesses.push([
    'mongodb',
    {
      open: async () => {
        const store = await MongoIdempotencyStore.connect({ url, dbName });
        return { store, file: dbName, dispose: () => store.close() };
      },
      teardown: () => dropMongoDatabase(url, dbName),
    },
  ]);
} else {
  skippedWithout('MONGO_URL', 'idempotency store contract: the MongoDB adapter');
}

const HOUR = 3_600_000;
const answer: StoredAnswer = {
  status: 201,
  headers: { 'content-type': 'application/json; charset=utf-8', location: 'http://api.test/v1/orgs/x' },
  body: '{"id":"x"}',
};

describe.each(harnesses)('IdempotencyStore contract: %s', (_name, harness) => {
  let store: IdempotencyStore;
  let file: string;
  let dispose: () => Promise<void>;
  let caller: string;
  // Real time: MongoDB's TTL monitor works on the clock.
  let now: number;

  beforeEach(async () => {
    ({ store, file, dispose } = await harness.open());
    caller = `user-${randomUUID()}`;
    now = Date.now();
  });
  afterEach(() => dispose());
  afterAll(() => harness.teardown?.());

  const claimOf = (overrides: Partial<IdempotencyClaim> = {}): IdempotencyClaim => ({
    caller,
    key: 'k1',
    fingerprint: 'fp1',
    now,
    lockedUntil: now + 60_000,
    expiresAt: now + HOUR,
    ...overrides,
  });

  async function claimed(overrides: Partial<IdempotencyClaim> = {}): Promise<string> {
    const result = await store.claim(claimOf(overrides));
    if (result.outcome !== 'claimed') throw new Error(`expected a claim, got ${result.outcome}`);
    return result.token;
  }

  it('lets the first request claim a key, then reports it in flight to the same request', async () => {
    await claimed();
    expect(await store.claim(claimOf())).toEqual({ outcome: 'in_flight' });
  });

  it('replays the stored answer to the same request, and refuses a different one', async () => {
    const token = await claimed();
    await store.complete(caller, 'k1', token, answer, now + HOUR);
    expect(await store.claim(claimOf())).toEqual({ outcome: 'replay', answer });
    expect(await store.claim(claimOf({ fingerprint: 'fp2' }))).toEqual({ outcome: 'mismatch' });
  });

  it('refuses a different request while the first is still in flight', async () => {
    await claimed();
    expect(await store.claim(claimOf({ fingerprint: 'fp2' }))).toEqual({ outcome: 'mismatch' });
  });

  it('keeps an empty body without headers', async () => {
    const token = await claimed();
    const empty: StoredAnswer = { status: 204, headers: {}, body: '' };
    await store.complete(caller, 'k1', token, empty, now + HOUR);
    expect(await store.claim(claimOf())).toEqual({ outcome: 'replay', answer: empty });
  });

  it('scopes keys to the caller', async () => {
    await claimed();
    expect((await store.claim(claimOf({ caller: `${caller}-other`, fingerprint: 'fp2' }))).outcome).toBe('claimed');
    expect((await store.claim(claimOf({ key: 'k2', fingerprint: 'fp2' }))).outcome).toBe('claimed');
  });

  it('frees a released key for any request', async () => {
    const token = await claimed();
    await store.release(caller, 'k1', token);
    expect((await store.claim(claimOf({ fingerprint: 'fp2' }))).outcome).toBe('claimed');
  });

  it('lets exactly one of many simultaneous claims win', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => store.claim(claimOf())));
    expect(results.filter((r) => r.outcome === 'claimed')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'in_flight')).toHaveLength(7);
  });

  it('treats an in-flight claim past its lock timeout as abandoned, and ignores the stale claim after', async () => {
    const stale = await claimed({ lockedUntil: now + 1000 });
    const later = now + 2000;
    const token = await claimed({ now: later, lockedUntil: later + 60_000, fingerprint: 'fp2' });
    expect(token).not.toBe(stale);
    // The abandoned request finishing late must neither overwrite nor free the new claim.
    await store.complete(caller, 'k1', stale, answer, now + HOUR);
    await store.release(caller, 'k1', stale);
    expect(await store.claim(claimOf({ now: later, fingerprint: 'fp2' }))).toEqual({ outcome: 'in_flight' });
    await store.complete(caller, 'k1', token, { ...answer, status: 200 }, later + HOUR);
    expect(await store.claim(claimOf({ now: later, fingerprint: 'fp2' }))).toEqual({
      outcome: 'replay',
      answer: { ...answer, status: 200 },
    });
  });

  it('never treats an answered record as abandoned, nor releases it', async () => {
    const token = await claimed({ lockedUntil: now + 1000 });
    await store.complete(caller, 'k1', token, answer, now + HOUR);
    await store.release(caller, 'k1', token);
    expect(await store.claim(claimOf({ now: now + 5000 }))).toEqual({ outcome: 'replay', answer });
  });

  it('forgets a key once it has expired, purged or not', async () => {
    const token = await claimed();
    await store.complete(caller, 'k1', token, answer, now + 1000);
    const later = now + 2000;
    expect(
      (await store.claim(claimOf({ now: later, lockedUntil: later + 60_000, expiresAt: later + HOUR, fingerprint: 'fp2' }))).outcome,
    ).toBe('claimed');
  });

  it('purges expired records only', async () => {
    const gone = await claimed({ key: 'old' });
    await store.complete(caller, 'old', gone, answer, now + 1000);
    const kept = await claimed({ key: 'new' });
    await store.complete(caller, 'new', kept, answer, now + HOUR);
    expect(await store.purgeExpired(now + 2000)).toBeGreaterThanOrEqual(1);
    expect(await store.claim(claimOf({ key: 'new' }))).toEqual({ outcome: 'replay', answer });
    expect((await store.claim(claimOf({ key: 'old', fingerprint: 'fp2' }))).outcome).toBe('claimed');
  });

  it('keeps records across a reopen (a restart)', async () => {
    const token = await claimed();
    await store.complete(caller, 'k1', token, answer, now + HOUR);
    await dispose();
    ({ store, dispose } = await harness.open(file));
    expect(await store.claim(claimOf())).toEqual({ outcome: 'replay', answer });
  });
});
