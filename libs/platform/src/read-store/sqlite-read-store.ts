import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { encodeCursor } from './cursor';
import { Doc, FindQuery, FindResult, Scalar } from './query';
import { CheckpointMovedError, CollectionSpec, ProjectionState, ReadModelWriter, ReadStore } from './read-store';
import { compilePage, compileWhere, jsonPath } from './sqlite-query';

export interface SqliteReadStoreOptions {
  /** Database file; `:memory:` is not supported (two connections must share it). */
  file: string;
}

interface StateRow {
  name: string;
  version: number;
  generation: number;
  checkpoint: string | null;
  status: ProjectionState['status'];
  error: string | null;
  updated_at: string;
}

interface QueuedBatch {
  expected: Pick<ProjectionState, 'name' | 'generation' | 'checkpoint'>;
  newCheckpoint: bigint;
  apply: (writer: ReadModelWriter) => Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const statementCache = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** Prepared statements are cached per connection: preparing is a large part of a point read's cost. */
function sql(db: Database.Database, text: string): Database.Statement {
  let cache = statementCache.get(db);
  if (!cache) statementCache.set(db, (cache = new Map()));
  let statement = cache.get(text);
  if (!statement) {
    if (cache.size > 2000) cache.clear();
    cache.set(text, (statement = db.prepare(text)));
  }
  return statement;
}

function table(collection: string): string {
  if (!/^[A-Za-z0-9_]+$/.test(collection)) throw new Error(`invalid collection name: ${collection}`);
  return `"rm_${collection}"`;
}

function valueAt(doc: Doc, field: string): Scalar {
  let value: unknown = doc;
  for (const key of field.split('.')) value = (value as Record<string, unknown> | undefined)?.[key];
  return (value ?? null) as Scalar;
}

/**
 * The embedded read store: one SQLite file, a table per collection holding JSON documents.
 * Projections write through a second connection inside one transaction per batch, so readers never
 * see half a batch and the checkpoint commits with the documents.
 */
export class SqliteReadStore extends ReadStore {
  private readonly reader: Database.Database;
  private readonly writer: Database.Database;
  /** Batches share the writer connection, so they run one at a time. */
  private writeQueue: Promise<unknown> = Promise.resolve();
  private readonly known = new Set<string>();

  constructor(options: SqliteReadStoreOptions) {
    super();
    mkdirSync(dirname(options.file), { recursive: true });
    this.writer = SqliteReadStore.open(options.file);
    this.writer.exec(`
      CREATE TABLE IF NOT EXISTS projections (
        name TEXT PRIMARY KEY, version INTEGER NOT NULL, generation INTEGER NOT NULL,
        checkpoint TEXT, status TEXT NOT NULL, error TEXT, updated_at TEXT NOT NULL
      );
    `);
    this.reader = SqliteReadStore.open(options.file);
  }

  /**
   * WAL with synchronous=NORMAL: a commit does not wait for fsync (the WAL is synced at checkpoints).
   * A power loss may drop the last commits, never half of one: documents and their checkpoint
   * commit together, so the projection resumes from the older checkpoint and re-applies those
   * events from the event log, which stays synchronous=FULL. Read models are rebuildable by design.
   */
  /**
   * Reads share one read transaction per turn of the event loop: in WAL mode every statement
   * outside a transaction takes and releases a shared lock (two fcntl calls), which costs more than
   * a point read itself. The snapshot ends when the turn ends and whenever this store commits a
   * write, so a read after our own write always sees it; a commit by another process becomes
   * visible from the next turn (reads in one turn see one consistent state).
   */
  private snapshotOpen = false;

  private read(): Database.Database {
    if (!this.snapshotOpen) {
      this.reader.exec('BEGIN');
      this.snapshotOpen = true;
      setImmediate(this.endSnapshot);
    }
    return this.reader;
  }

  private readonly endSnapshot = (): void => {
    if (!this.snapshotOpen) return;
    this.snapshotOpen = false;
    if (this.reader.open && this.reader.inTransaction) this.reader.exec('COMMIT');
  };

  private static open(file: string): Database.Database {
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
    // Case-insensitive matching (`ilike`) folds the whole of Unicode, as MongoDB's /i does.
    db.function('unicode_lower', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value));
    return db;
  }

  async ensureCollections(specs: CollectionSpec[]): Promise<void> {
    await this.serialized(async () => {
      for (const spec of specs) this.ensureTable(this.writer, spec.name, spec.indexes ?? []);
    });
  }

  private ensureTable(db: Database.Database, collection: string, indexes: string[] = []): void {
    if (this.known.has(collection) && indexes.length === 0) return;
    db.exec(`CREATE TABLE IF NOT EXISTS ${table(collection)} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
    for (const field of indexes) {
      const name = `"ix_${collection}_${field.replace(/\./g, '_')}"`;
      db.exec(`CREATE INDEX IF NOT EXISTS ${name} ON ${table(collection)} (${jsonPath(field)}, id)`);
    }
    this.known.add(collection);
  }

  /** Reads of a collection nobody has written yet answer empty rather than failing. */
  private exists(db: Database.Database, collection: string): boolean {
    if (this.known.has(collection)) return true;
    const row = sql(db, "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(`rm_${collection}`);
    if (row) this.known.add(collection);
    return row !== undefined;
  }

  async get<T extends Doc>(collection: string, id: string): Promise<T | null> {
    return getSync<T>(this, this.read(), collection, id);
  }

  /** @internal */
  has(db: Database.Database, collection: string): boolean {
    return this.exists(db, collection);
  }

  async getMany<T extends Doc>(collection: string, ids: string[]): Promise<T[]> {
    if (ids.length === 0 || !this.exists(this.read(), collection)) return [];
    const rows = sql(this.read(), `SELECT doc FROM ${table(collection)} WHERE id IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify(ids)) as { doc: string }[];
    const byId = new Map(rows.map((r) => {
      const doc = JSON.parse(r.doc) as T;
      return [doc.id, doc];
    }));
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }

  async find<T extends Doc>(collection: string, query: FindQuery): Promise<FindResult<T>> {
    return findSync<T>(this, this.read(), collection, query);
  }

  async count(collection: string, query: Pick<FindQuery, 'where'>): Promise<number> {
    return countSync(this, this.read(), collection, query);
  }

  async getProjectionState(name: string): Promise<ProjectionState | null> {
    const row = sql(this.read(), 'SELECT * FROM projections WHERE name = ?').get(name) as StateRow | undefined;
    return row ? toState(row) : null;
  }

  async listProjectionStates(): Promise<ProjectionState[]> {
    return (sql(this.read(), 'SELECT * FROM projections ORDER BY name').all() as StateRow[]).map(toState);
  }

  async saveProjectionState(state: ProjectionState): Promise<void> {
    await this.serialized(async () => {
      sql(this.writer, 
          `INSERT INTO projections (name, version, generation, checkpoint, status, error, updated_at)
           VALUES (@name, @version, @generation, @checkpoint, @status, @error, @updatedAt)
           ON CONFLICT (name) DO UPDATE SET version = @version, generation = @generation, checkpoint = @checkpoint,
             status = @status, error = @error, updated_at = @updatedAt`,
        )
        .run({ ...state, checkpoint: state.checkpoint === null ? null : state.checkpoint.toString() });
    });
  }

  async commitBatch(
    expected: Pick<ProjectionState, 'name' | 'generation' | 'checkpoint'>,
    newCheckpoint: bigint,
    apply: (writer: ReadModelWriter) => Promise<void>,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.batches.push({ expected, newCheckpoint, apply, resolve, reject });
      if (!this.batchRunScheduled) {
        this.batchRunScheduled = true;
        void this.serialized(this.commitQueuedBatches);
      }
    });
  }

  /**
   * Batches of several projections that arrive together (every projection follows the same log, so
   * after an append they all have a batch) commit in one transaction, each in its own savepoint:
   * one batch failing (moved checkpoint, throwing projection) undoes only its own writes. Each
   * batch's documents still commit with its checkpoint, and nobody hears of a batch before COMMIT.
   */
  private readonly batches: QueuedBatch[] = [];
  private batchRunScheduled = false;

  private readonly commitQueuedBatches = async (): Promise<void> => {
    this.batchRunScheduled = false;
    const group = this.batches.splice(0);
    if (group.length === 0) return;
    const db = this.writer;
    const knownBefore = new Set(this.known);
    const failures: (unknown | undefined)[] = [];
    try {
      db.exec('BEGIN IMMEDIATE');
      for (const batch of group) {
        const knownBeforeBatch = new Set(this.known);
        db.exec('SAVEPOINT batch');
        try {
          await this.applyBatch(db, batch);
          db.exec('RELEASE batch');
          failures.push(undefined);
        } catch (error) {
          db.exec('ROLLBACK TO batch');
          db.exec('RELEASE batch');
          // Tables created inside the rolled-back batch are gone again.
          for (const name of [...this.known]) if (!knownBeforeBatch.has(name)) this.known.delete(name);
          failures.push(error ?? new Error('projection batch failed'));
        }
      }
      db.exec('COMMIT');
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      for (const name of [...this.known]) if (!knownBefore.has(name)) this.known.delete(name);
      group.forEach((batch) => batch.reject(error));
      return;
    }
    this.endSnapshot();
    group.forEach((batch, i) => (failures[i] === undefined ? batch.resolve() : batch.reject(failures[i])));
  };

  private async applyBatch(db: Database.Database, { expected, newCheckpoint, apply }: QueuedBatch): Promise<void> {
    const row = sql(db, 'SELECT generation, checkpoint FROM projections WHERE name = ?').get(expected.name) as
      | Pick<StateRow, 'generation' | 'checkpoint'>
      | undefined;
    const stored = row?.checkpoint ?? null;
    const wanted = expected.checkpoint === null ? null : expected.checkpoint.toString();
    if (!row || row.generation !== expected.generation || stored !== wanted) {
      throw new CheckpointMovedError(expected.name);
    }
    const writer = this.transactionWriter(db);
    await apply(writer);
    writer.flush();
    sql(db, 'UPDATE projections SET checkpoint = ?, updated_at = ? WHERE name = ?').run(
      newCheckpoint.toString(),
      new Date().toISOString(),
      expected.name,
    );
  }

  /**
   * The batch's writes stay in memory until the batch ends (`flush`), one upsert or delete per
   * document however many events of the batch touched it; reads of the batch see them first.
   * Documents are kept serialised, so later changes to an object passed to `put` do not leak in.
   */
  private transactionWriter(db: Database.Database): ReadModelWriter & { flush(): void } {
    const pending = new Map<string, Map<string, string | null>>();
    const pendingIn = (collection: string) => {
      let docs = pending.get(collection);
      if (!docs) {
        table(collection);
        pending.set(collection, (docs = new Map()));
      }
      return docs;
    };
    const flush = () => {
      for (const [collection, docs] of pending) {
        if ([...docs.values()].some((json) => json !== null)) this.ensureTable(db, collection);
        if (!this.exists(db, collection)) continue;
        const upsert = sql(db, `INSERT INTO ${table(collection)} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`);
        const remove = sql(db, `DELETE FROM ${table(collection)} WHERE id = ?`);
        for (const [id, json] of docs) {
          if (json === null) remove.run(id);
          else upsert.run(id, json);
        }
      }
      pending.clear();
    };
    return {
      get: async <T extends Doc>(collection: string, id: string) => {
        const json = pending.get(collection)?.get(id);
        if (json !== undefined) return json === null ? null : (JSON.parse(json) as T);
        return getSync<T>(this, db, collection, id);
      },
      find: async <T extends Doc>(collection: string, query: FindQuery) => {
        flush();
        return findSync<T>(this, db, collection, query);
      },
      put: (collection, doc) => {
        pendingIn(collection).set(doc.id, JSON.stringify(doc));
      },
      delete: (collection, id) => {
        pendingIn(collection).set(id, null);
      },
      flush,
    };
  }

  async dropCollection(collection: string): Promise<void> {
    await this.serialized(async () => {
      this.writer.exec(`DROP TABLE IF EXISTS ${table(collection)}`);
      this.known.delete(collection);
      statementCache.get(this.writer)?.clear();
      statementCache.get(this.reader)?.clear();
    });
  }

  async close(): Promise<void> {
    await this.writeQueue.catch(() => undefined);
    this.endSnapshot();
    if (this.reader.open) this.reader.close();
    if (this.writer.open) this.writer.close();
  }

  /** Writes run one at a time; after each, reads start a fresh snapshot, so they see it. */
  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const write = async () => {
      try {
        return await work();
      } finally {
        this.endSnapshot();
      }
    };
    const run = this.writeQueue.then(write, write);
    this.writeQueue = run.catch(() => undefined);
    return run;
  }
}

function toState(row: StateRow): ProjectionState {
  return {
    name: row.name,
    version: row.version,
    generation: row.generation,
    checkpoint: row.checkpoint === null ? null : BigInt(row.checkpoint),
    status: row.status,
    error: row.error,
    updatedAt: row.updated_at,
  };
}

function getSync<T extends Doc>(store: SqliteReadStore, db: Database.Database, collection: string, id: string): T | null {
  if (!store.has(db, collection)) return null;
  const row = sql(db, `SELECT doc FROM ${table(collection)} WHERE id = ?`).get(id) as { doc: string } | undefined;
  return row ? (JSON.parse(row.doc) as T) : null;
}

function countSync(store: SqliteReadStore, db: Database.Database, collection: string, query: Pick<FindQuery, 'where'>): number {
  if (!store.has(db, collection)) return 0;
  const where = compileWhere(query);
  const row = sql(db, `SELECT COUNT(*) AS n FROM ${table(collection)} WHERE ${where.sql}`).get(...where.params) as { n: number };
  return row.n;
}

function findSync<T extends Doc>(store: SqliteReadStore, db: Database.Database, collection: string, query: FindQuery): FindResult<T> {
  if (!store.has(db, collection)) return { items: [], count: 0 };
  const { where, orderBy, sort } = compilePage(query);
  const rows = sql(db, `SELECT doc FROM ${table(collection)} WHERE ${where.sql} ORDER BY ${orderBy} LIMIT ?`)
    .all(...where.params, query.limit + 1) as { doc: string }[];
  const items = rows.slice(0, query.limit).map((r) => JSON.parse(r.doc) as T);
  const last = items[items.length - 1];
  const next = rows.length > query.limit && last ? encodeCursor({ value: valueAt(last, sort.field), id: last.id }) : undefined;
  return { items, count: countSync(store, db, collection, query), ...(next ? { next } : {}) };
}
