import { randomUUID } from 'node:crypto';
import type { Collection, MongoClient } from 'mongodb';
import { ClaimResult, IdempotencyClaim, IdempotencyStore, StoredAnswer } from '../idempotency/idempotency-store';
import { mongoDriver, MongoStoreOptions, openMongoStore } from './mongo-driver';

export type MongoIdempotencyStoreOptions = MongoStoreOptions;

interface KeyDoc {
  caller: string;
  key: string;
  fingerprint: string;
  token: string;
  lockedUntil: Date;
  /** The TTL index deletes the record (within a minute or so) once this has passed. */
  expiresAt: Date;
  /** Absent while the request runs. */
  answer?: StoredAnswer;
}

const COLLECTION = 'idempotency_keys';
const DUPLICATE_KEY = 11000;

/**
 * Idempotency records in MongoDB (chosen with MONGO_URL): one document per (caller, key) under a
 * unique index, so the first insert is the atomic claim; an expired or abandoned record is taken
 * over with a compare-and-set on its token. A TTL index on `expiresAt` purges expired records.
 * It has its own client: the read store keeps its client to itself.
 */
export class MongoIdempotencyStore extends IdempotencyStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly keys: Collection<KeyDoc>,
  ) {
    super();
  }

  static connect(options: MongoIdempotencyStoreOptions): Promise<MongoIdempotencyStore> {
    return openMongoStore(
      options,
      'idempotency store',
      async (client) => {
        const keys = client.db(options.dbName).collection<KeyDoc>(COLLECTION);
        await keys.createIndex({ caller: 1, key: 1 }, { unique: true, name: 'caller_key' });
        await keys.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expires_at_ttl' });
        return new MongoIdempotencyStore(client, keys);
      },
      { ignoreUndefined: true },
    );
  }

  async claim(claim: IdempotencyClaim): Promise<ClaimResult> {
    const { caller, key, fingerprint, now } = claim;
    const fresh = (): KeyDoc => ({
      caller,
      key,
      fingerprint,
      token: randomUUID(),
      lockedUntil: new Date(claim.lockedUntil),
      expiresAt: new Date(claim.expiresAt),
    });
    // Each turn either decides or loses a race to another claim (or to the TTL monitor) and looks again.
    for (;;) {
      const found = await this.keys.findOne({ caller, key });
      if (!found) {
        const doc = fresh();
        try {
          await this.keys.insertOne(doc);
          return { outcome: 'claimed', token: doc.token };
        } catch (error) {
          if (error instanceof mongoDriver().MongoServerError && error.code === DUPLICATE_KEY) continue;
          throw error;
        }
      }
      const free = found.expiresAt.getTime() <= now || (!found.answer && found.lockedUntil.getTime() <= now);
      if (free) {
        const doc = fresh();
        const taken = await this.keys.replaceOne({ caller, key, token: found.token }, doc);
        if (taken.modifiedCount === 1) return { outcome: 'claimed', token: doc.token };
        continue;
      }
      if (found.fingerprint !== fingerprint) return { outcome: 'mismatch' };
      if (!found.answer) return { outcome: 'in_flight' };
      return { outcome: 'replay', answer: found.answer };
    }
  }

  async complete(caller: string, key: string, token: string, answer: StoredAnswer, expiresAt: number): Promise<void> {
    await this.keys.updateOne({ caller, key, token, answer: { $exists: false } }, { $set: { answer, expiresAt: new Date(expiresAt) } });
  }

  async release(caller: string, key: string, token: string): Promise<void> {
    await this.keys.deleteOne({ caller, key, token, answer: { $exists: false } });
  }

  async purgeExpired(now: number): Promise<number> {
    return (await this.keys.deleteMany({ expiresAt: { $lte: new Date(now) } })).deletedCount;
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
