import { join } from 'node:path';
import { AppConfig } from './config/app-config';
import { EventStore } from './event-store/event-store';
import { SqliteEventStore } from './event-store/sqlite-event-store';
import { UpcasterRegistry } from './event-store/upcasters';
import { IdempotencyStore } from './idempotency/idempotency-store';
import { SqliteIdempotencyStore } from './idempotency/sqlite-idempotency-store';
import { ReadStore } from './read-store/read-store';
import { SqliteReadStore } from './read-store/sqlite-read-store';

export interface Stores {
  events: EventStore;
  readStore: ReadStore;
  describe: { events: string; readStore: string };
}

/**
 * Picks the adapters from configuration: servers when their URLs are set, embedded SQLite otherwise.
 * A server's adapter (and so its driver) is loaded here, only when configured: importing the
 * platform never loads `mongodb` or `@eventstore/db-client`.
 */
export async function openStores(config: AppConfig, upcasters: UpcasterRegistry): Promise<Stores> {
  const events = await openEventStore(config, upcasters);
  const readStore = await openReadStore(config);
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
  if (!config.mongoUrl) return new SqliteIdempotencyStore({ file: join(config.dataDir, 'idempotency.sqlite') });
  const { MongoIdempotencyStore } = await import('./mongodb/mongo-idempotency-store');
  return MongoIdempotencyStore.connect({ url: config.mongoUrl, dbName: config.mongoDb });
}

async function openEventStore(config: AppConfig, upcasters: UpcasterRegistry): Promise<EventStore> {
  if (!config.eventStoreUrl) return new SqliteEventStore({ file: join(config.dataDir, 'events.sqlite'), upcasters });
  const { EventStoreDbEventStore } = await import('./eventstoredb/eventstoredb-event-store');
  return new EventStoreDbEventStore({ connectionString: config.eventStoreUrl, upcasters });
}

async function openReadStore(config: AppConfig): Promise<ReadStore> {
  if (!config.mongoUrl) return new SqliteReadStore({ file: join(config.dataDir, 'read-models.sqlite') });
  const { MongoReadStore } = await import('./mongodb/mongo-read-store');
  return MongoReadStore.connect({ url: config.mongoUrl, dbName: config.mongoDb });
}
