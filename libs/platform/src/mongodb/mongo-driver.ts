import type * as Mongo from 'mongodb';
import { StoreUnavailableError } from '../event-store/event-store';

/**
 * The MongoDB driver, required on first use rather than on import: `@docs/platform` exports some
 * MongoDB adapters by name, and a process without MONGO_URL (every test, the default server) must
 * not pay for loading the driver it never opens.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const mongoDriver = (): typeof Mongo => require('mongodb') as typeof Mongo;

export interface MongoStoreOptions {
  /** MONGO_URL */
  url: string;
  dbName: string;
  serverSelectionTimeoutMS?: number;
}

/**
 * Connects a client of the store's own and prepares the store on it (indexes...). Any failure closes
 * the client and becomes a StoreUnavailableError naming the store (`blob store`, `idempotency store`).
 */
export async function openMongoStore<T>(
  options: MongoStoreOptions,
  store: string,
  prepare: (client: Mongo.MongoClient) => Promise<T>,
  clientOptions: Mongo.MongoClientOptions = {},
): Promise<T> {
  const client = new (mongoDriver().MongoClient)(options.url, {
    ...clientOptions,
    serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 5000,
  });
  try {
    await client.connect();
    return await prepare(client);
  } catch (error) {
    await client.close().catch(() => undefined);
    const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new StoreUnavailableError(`MongoDB ${store} is unavailable: ${message}`);
  }
}
