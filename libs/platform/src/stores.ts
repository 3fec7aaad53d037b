import { join } from 'node:path';
import { AppConfig } from './config/app-config';
import { EventStore } from './event-store/event-store';
import { EventStoreDbEventStore } from './event-store/eventstoredb-event-store';
import { SqliteEventStore } from './event-store/sqlite-event-store';
import { UpcasterRegistry } from './event-store/upcasters';
import { IdempotencyStore } from './idempotency/idempotency-store';
import { MongoIdempotencyStore } from './idempotency/mongo-idempotency-store';
import { SqliteIdempotencyStore } from './idempotency/sqlite-idempotency-store';
import { MongoReadStore } from './read-store/mongo-read-store';
import { ReadStore } from './read-store/read-store';
import { SqliteReadStore } from './read-store/sqlite-read-store';

export interface Stores {
  events: EventStore;
  readStore: ReadStore;
  describe: { events: string; readStore: string };
}

/** Picks the adapters from configuration: servers when their URLs are set, embedded SQLite otherwise. */
export async function openStores(config: AppConfig, upcasters: UpcasterRegistry): Promise<Stores> {
  const events: EventStore = config.eventStoreUrl
    ? new EventStoreDbEventStore({ connectionString: config.eventStoreUrl, upcasters })
    : new SqliteEventStore({ file: join(config.dataDir, 'events.sqlite'), upcasters });
  const readStore: ReadStore = config.mongoUrl
    ? await MongoReadStore.connect({ url: config.mongoUrl, dbName: config.mongoDb })
    : new SqliteReadStore({ file: join(config.dataDir, 'read-models.sqlite') });
  await events.headPosition();
  return {
    events,
    readStore,
    describe: {
      events: config.eventStoreUrl ? 'EventStoreDB' : `SQLite ${join(config.dataDir, 'events.sqlite')}`,
      readStore: config.mongoUrl ? `MongoDB ${config.mongoDb}` : `SQLite ${join(config.dataDir, 'read-models.sqlite')}`,
    },
  };
}

/**
 * Idempotency-Key records: MongoDB when MONGO_URL is set, else `idempotency.sqlite` in DATA_DIR.
 * Apart from openStores because only the HTTP server needs them (the CLI opens no such store).
 */
export async function openIdempotencyStore(config: AppConfig): Promise<IdempotencyStore> {
  return config.mongoUrl
    ? MongoIdempotencyStore.connect({ url: config.mongoUrl, dbName: config.mongoDb })
    : new SqliteIdempotencyStore({ file: join(config.dataDir, 'idempotency.sqlite') });
}
