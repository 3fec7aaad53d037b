import type Database from 'better-sqlite3';
import { openSqlite } from '../sqlite/open-sqlite';
import { projectionState, storedCheckpoint, StoredProjectionState, storedState } from './projection-states';
import { Doc, FindQuery, FindResult } from './query';
import {
  CheckpointMovedError,
  CollectionSpec,
  ParkedChanges,
  ParkedEvent,
  ParkedGeneration,
  ParkedGenerationKey,
  ParkedQuery,
  ProjectionState,
  ReadModelWriter,
  ReadStore,
} from './read-store';
import { batchWriter } from './sqlite-batch-writer';
import { SqliteCheckpointer } from './sqlite-checkpointer';
import { applyLayout, countersTable, EMPTY_LAYOUT, ensureLayoutTable, Layout, layoutOf, loadLayout, table } from './sqlite-layout';
import { ChangedDocs, DocCache } from './doc-cache';
import { countDocs, countSql, findDocs, getDoc, getDocs, pageSql } from './sqlite-reads';
import { applyParkedChanges, discardParked, ensureParkedTables, listParked, parkedGenerations } from './sqlite-parked-events';
import { forgetStatements, sql } from '../sqlite/sqlite-statements';
import { dropTextIndex, searchDocs, TextRankings } from './sqlite-text';
import { decodeTextCursor, TextSearchQuery, TextSearchResult } from './text-search';

/** The writer's page cache while collections and indexes are created (PRAGMA cache_size: negative is KiB). */
const INDEX_BUILD_CACHE_SIZE = -65536;

export interface SqliteReadStoreOptions {
  /** Database file; `:memory:` is not supported (two connections must share it). */
  file: string;
}

const STATE_COLUMNS = 'name, version, generation, checkpoint, status, error, updated_at AS updatedAt, parked';
const SAVE_STATE = `INSERT INTO projections (name, version, generation, checkpoint, status, error, updated_at, parked)
  VALUES (@name, @version, @generation, @checkpoint, @status, @error, @updatedAt, @parked)
  ON CONFLICT (name) DO UPDATE SET version = @version, generation = @generation, checkpoint = @checkpoint,
    status = @status, error = @error, updated_at = @updatedAt, parked = @parked`;

interface QueuedBatch {
  expected: Pick<ProjectionState, 'name' | 'generation' | 'checkpoint'>;
  newCheckpoint: bigint;
  apply: (writer: ReadModelWriter) => Promise<void>;
  parked?: ParkedChanges;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * The embedded read store: one SQLite file, a table per collection holding JSON documents, plus
 * the columns, indexes and counters its layout declares (sqlite-layout.ts, docs/read-models.md).
 * Projections write through a second connection inside one transaction per batch, so readers never
 * see half a batch and the checkpoint commits with the documents.
 */
export class SqliteReadStore extends ReadStore {
  private readonly reader: Database.Database;
  private readonly writer: Database.Database;
  /** Batches share the writer connection, so they run one at a time. */
  private writeQueue: Promise<unknown> = Promise.resolve();
  /** Layouts of the collections whose tables exist, as far as this process has seen them. */
  private readonly known = new Map<string, Layout>();
  private readonly checkpointer: SqliteCheckpointer;

  constructor(options: SqliteReadStoreOptions) {
    super();
    this.writer = SqliteReadStore.open(options.file);
    this.writer.exec(`
      CREATE TABLE IF NOT EXISTS projections (
        name TEXT PRIMARY KEY, version INTEGER NOT NULL, generation INTEGER NOT NULL,
        checkpoint TEXT, status TEXT NOT NULL, error TEXT, updated_at TEXT NOT NULL
      );
    `);
    ensureLayoutTable(this.writer);
    ensureParkedTables(this.writer);
    // Checkpoints run on their own thread (sqlite-checkpointer.ts), not inside our COMMITs.
    this.writer.pragma('wal_autocheckpoint = 0');
    this.checkpointer = new SqliteCheckpointer(options.file, () => {
      if (this.writer.open) this.writer.pragma('wal_autocheckpoint = 1000');
    });
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
      // Reading data_version starts the snapshot; it changes whenever another connection committed.
      const version = sql(this.reader, 'PRAGMA data_version').pluck().get() as number;
      if (version !== this.readerVersion) {
        this.readerVersion = version;
        this.cache.sync(version, this.onlyOwnCommitsSinceLastSnapshot() ? this.ownChanges : null);
        this.ownChanges.clear();
      }
      this.rankings.sync(version);
      this.snapshotOpen = true;
      setImmediate(this.endSnapshot);
    }
    return this.reader;
  }

  private readerVersion: number | null = null;
  /** What this store's writer changed since the reader's last snapshot began. */
  private readonly ownChanges = new ChangedDocs();
  /**
   * The writer connection's data_version when this store's last write transaction began. It moves
   * only when some other connection (another process) commits; null when one may have.
   */
  private writerVersion: number | null = null;

  /**
   * True when nobody but this store's writer can have committed since the writer's last
   * transaction began: the writer's data_version has not moved (it moves only when other
   * connections commit). Read after the reader's snapshot began, so a commit before it is seen; a
   * commit after it, which the snapshot does not hold, is seen too and the cache forgets
   * everything. Then this store vouches for nothing until its next write transaction.
   */
  private onlyOwnCommitsSinceLastSnapshot(): boolean {
    if (this.writerVersion === null) return false;
    const now = sql(this.writer, 'PRAGMA data_version').pluck().get() as number;
    if (now === this.writerVersion) return true;
    this.writerVersion = null;
    return false;
  }

  /** Parsed documents of this reader, exact per snapshot (doc-cache.ts). */
  private readonly cache = new DocCache();
  /** Full-text rankings of this reader, exact per snapshot like the documents (sqlite-text.ts). */
  private readonly rankings = new TextRankings();

  private readonly endSnapshot = (): void => {
    if (!this.snapshotOpen) return;
    this.snapshotOpen = false;
    if (this.reader.open && this.reader.inTransaction) this.reader.exec('COMMIT');
  };

  private static open(file: string): Database.Database {
    const db = openSqlite(file, 'NORMAL');
    // A projection batch runs in a savepoint, whose sub-journal holds every page the batch touches.
    // On disk (the default) it spills to a new temp file past 64 KiB: open, unlink, writes and
    // close inside the COMMIT path, on the main thread. In memory it is a copy.
    db.pragma('temp_store = MEMORY');
    // Case-insensitive matching (`ilike`) folds the whole of Unicode, as MongoDB's /i does.
    db.function('unicode_lower', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value));
    return db;
  }

  async ensureCollections(specs: CollectionSpec[]): Promise<void> {
    await this.serialized(async () => {
      // Building an index sorts the whole table, and SQLite's sorter keeps up to cache_size of it in
      // memory before merging runs: a replay's late index builds (40,000 members) take 15% less time
      // with a larger cache. The cache goes back to its usual size afterwards.
      const usual = sql(this.writer, 'PRAGMA cache_size').pluck().get() as number;
      this.writer.pragma(`cache_size = ${INDEX_BUILD_CACHE_SIZE}`);
      try {
        for (const spec of specs) this.known.set(spec.name, applyLayout(this.writer, spec.name, layoutOf(spec)));
      } finally {
        this.writer.pragma(`cache_size = ${usual}`);
      }
    });
  }

  /** The collection's layout, or undefined while its table does not exist (reads then answer empty). */
  private layoutIn(db: Database.Database, collection: string): Layout | undefined {
    const cached = this.known.get(collection);
    if (cached) return cached;
    table(collection);
    const layout = loadLayout(db, collection);
    if (layout) this.known.set(collection, layout);
    return layout;
  }

  async get<T extends Doc>(collection: string, id: string): Promise<T | null> {
    const db = this.read();
    return this.layoutIn(db, collection) ? getDoc<T>(db, collection, id, this.cache) : null;
  }

  async getMany<T extends Doc>(collection: string, ids: string[]): Promise<T[]> {
    const db = this.read();
    return ids.length > 0 && this.layoutIn(db, collection) ? getDocs<T>(db, collection, ids, this.cache) : [];
  }

  async find<T extends Doc>(collection: string, query: FindQuery): Promise<FindResult<T>> {
    const db = this.read();
    const layout = this.layoutIn(db, collection);
    return layout ? findDocs<T>(db, collection, layout, query, this.cache) : { items: [], count: 0 };
  }

  async count(collection: string, query: Pick<FindQuery, 'where'>): Promise<number> {
    const db = this.read();
    const layout = this.layoutIn(db, collection);
    return layout ? countDocs(db, collection, layout, query) : 0;
  }

  async search<T extends Doc>(collection: string, query: TextSearchQuery): Promise<TextSearchResult<T>> {
    const db = this.read();
    const layout = this.layoutIn(db, collection);
    if (!layout) {
      decodeTextCursor(query.after);
      return { items: [], count: 0 };
    }
    return searchDocs<T>(db, collection, layout, query, this.cache, this.rankings);
  }

  /** @internal The query plan of a page (tests and diagnosis: is it one index range?). */
  /** The query plan of a page as `find` runs it (ids only: documents come from the cache). */
  explainFind(collection: string, query: FindQuery): string[] {
    const layout = this.layoutIn(this.read(), collection);
    if (!layout) return [];
    const page = pageSql(collection, layout, query, 'id');
    return (
      this.read()
        .prepare(`EXPLAIN QUERY PLAN ${page.text}`)
        .all(...page.params) as { detail: string }[]
    ).map((r) => r.detail);
  }

  /** The query plan of the count `find` and `count` run for a `where` no counter answers. */
  explainCount(collection: string, query: Pick<FindQuery, 'where'>): string[] {
    const layout = this.layoutIn(this.read(), collection);
    if (!layout) return [];
    const count = countSql(collection, layout, query);
    return (
      this.read()
        .prepare(`EXPLAIN QUERY PLAN ${count.text}`)
        .all(...count.params) as { detail: string }[]
    ).map((r) => r.detail);
  }

  async getProjectionState(name: string): Promise<ProjectionState | null> {
    const row = sql(this.read(), `SELECT ${STATE_COLUMNS} FROM projections WHERE name = ?`).get(name) as StoredProjectionState | undefined;
    return row ? projectionState(row) : null;
  }

  async listProjectionStates(): Promise<ProjectionState[]> {
    return (sql(this.read(), `SELECT ${STATE_COLUMNS} FROM projections ORDER BY name`).all() as StoredProjectionState[]).map(
      projectionState,
    );
  }

  async saveProjectionState(state: ProjectionState): Promise<void> {
    await this.serialized(async () => {
      sql(this.writer, SAVE_STATE).run(storedState(state));
    });
  }

  async replaceProjectionState(expected: ProjectionState | null, next: ProjectionState): Promise<boolean> {
    return this.serialized(async () =>
      this.writer
        .transaction(() => {
          const row = sql(this.writer, 'SELECT version, generation, checkpoint, status FROM projections WHERE name = ?').get(next.name) as
            | Pick<StoredProjectionState, 'version' | 'generation' | 'checkpoint' | 'status'>
            | undefined;
          const matches =
            expected === null
              ? row === undefined
              : row !== undefined &&
                row.version === expected.version &&
                row.generation === expected.generation &&
                (row.checkpoint ?? null) === storedCheckpoint(expected.checkpoint) &&
                row.status === expected.status;
          if (!matches) return false;
          sql(this.writer, SAVE_STATE).run(storedState(next));
          return true;
        })
        .immediate(),
    );
  }

  async setProjectionStatus(name: string, status: ProjectionState['status'], error: string | null): Promise<boolean> {
    return this.serialized(async () => {
      const result = sql(this.writer, 'UPDATE projections SET status = ?, error = ?, updated_at = ? WHERE name = ?').run(
        status,
        error,
        new Date().toISOString(),
        name,
      );
      return result.changes > 0;
    });
  }

  async commitBatch(
    expected: Pick<ProjectionState, 'name' | 'generation' | 'checkpoint'>,
    newCheckpoint: bigint,
    apply: (writer: ReadModelWriter) => Promise<void>,
    parked?: ParkedChanges,
  ): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.batches.push({ expected, newCheckpoint, apply, parked, resolve, reject });
      if (!this.batchRunScheduled) {
        this.batchRunScheduled = true;
        void this.serialized(this.commitQueuedBatches, true);
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
    const knownBefore = new Map(this.known);
    const failures: (unknown | undefined)[] = [];
    // What the batches change counts as this store's own change only once committed: a reader
    // snapshot that begins before the COMMIT (while a batch's apply awaits) clears ownChanges and
    // reads the old documents into its cache, so changes noted before the COMMIT would be lost and
    // the old documents kept.
    const changed = new ChangedDocs();
    try {
      db.exec('BEGIN IMMEDIATE');
      // Inside the write transaction nobody else can commit: if the writer's data_version moved
      // since our last transaction, another connection committed in between, and the reader's
      // cache must forget everything at its next snapshot.
      const version = sql(db, 'PRAGMA data_version').pluck().get() as number;
      if (version !== this.writerVersion) this.ownChanges.addEverything();
      this.writerVersion = version;
      for (const batch of group) {
        const knownBeforeBatch = new Map(this.known);
        db.exec('SAVEPOINT batch');
        try {
          await this.applyBatch(db, batch, changed);
          db.exec('RELEASE batch');
          failures.push(undefined);
        } catch (error) {
          db.exec('ROLLBACK TO batch');
          db.exec('RELEASE batch');
          // Tables created inside the rolled-back batch are gone again.
          this.restoreKnown(knownBeforeBatch);
          failures.push(error ?? new Error('projection batch failed'));
        }
      }
      db.exec('COMMIT');
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      this.restoreKnown(knownBefore);
      for (const batch of group) batch.reject(error);
      return;
    }
    this.ownChanges.addAll(changed);
    this.endSnapshot();
    for (const [i, batch] of group.entries()) {
      if (failures[i] === undefined) batch.resolve();
      else batch.reject(failures[i]);
    }
  };

  private restoreKnown(before: Map<string, Layout>): void {
    this.known.clear();
    for (const [name, layout] of before) this.known.set(name, layout);
  }

  private async applyBatch(
    db: Database.Database,
    { expected, newCheckpoint, apply, parked }: QueuedBatch,
    changed: ChangedDocs,
  ): Promise<void> {
    const row = sql(db, 'SELECT generation, checkpoint FROM projections WHERE name = ?').get(expected.name) as
      | Pick<StoredProjectionState, 'generation' | 'checkpoint'>
      | undefined;
    const stored = row?.checkpoint ?? null;
    if (!row || row.generation !== expected.generation || stored !== storedCheckpoint(expected.checkpoint)) {
      throw new CheckpointMovedError(expected.name);
    }
    const writer = batchWriter(db, changed, {
      layoutOf: (collection) => this.layoutIn(db, collection),
      // A collection nobody declared gets a plain table (the savepoint undoes it if the batch fails).
      createPlain: (collection) => {
        const layout = applyLayout(db, collection, EMPTY_LAYOUT);
        this.known.set(collection, layout);
        return layout;
      },
    });
    await apply(writer);
    await writer.flushInTurns();
    if (parked) applyParkedChanges(db, expected.name, parked);
    sql(db, 'UPDATE projections SET checkpoint = ?, updated_at = ? WHERE name = ?').run(
      newCheckpoint.toString(),
      new Date().toISOString(),
      expected.name,
    );
  }

  async listParkedEvents(query: ParkedQuery): Promise<ParkedEvent[]> {
    return listParked(this.read(), query);
  }

  async parkedGenerations(): Promise<ParkedGeneration[]> {
    return parkedGenerations(this.read());
  }

  async discardParkedEvents(generation: ParkedGenerationKey): Promise<number> {
    return this.serialized(async () => this.writer.transaction(() => discardParked(this.writer, generation)).immediate());
  }

  async listCollections(): Promise<string[]> {
    const tables = sql(this.read(), "SELECT name FROM sqlite_master WHERE type = 'table' AND substr(name, 1, 3) = 'rm_' ORDER BY name")
      .pluck()
      .all() as string[];
    return tables.map((name) => name.slice(3));
  }

  async dropCollection(collection: string): Promise<void> {
    await this.serialized(async () => {
      // IMMEDIATE: a deferred transaction that reads the schema first cannot wait for another
      // connection's write lock when it then writes (SQLite answers "database is locked" at once,
      // without the busy timeout), which is what failed replays beside a running server.
      this.writer
        .transaction(() => {
          dropTextIndex(this.writer, collection);
          this.writer.exec(`DROP TABLE IF EXISTS ${table(collection)}`);
          this.writer.exec(`DROP TABLE IF EXISTS ${countersTable(collection)}`);
          this.writer.prepare('DELETE FROM read_collections WHERE name = ?').run(collection);
        })
        .immediate();
      this.known.delete(collection);
      forgetStatements(this.writer);
      forgetStatements(this.reader);
    });
  }

  async close(): Promise<void> {
    await this.writeQueue.catch(() => undefined);
    await this.checkpointer.close();
    this.endSnapshot();
    if (this.reader.open) this.reader.close();
    if (this.writer.open) this.writer.close();
  }

  /**
   * Writes run one at a time; after each, reads start a fresh snapshot, so they see it. Only
   * projection batches say which documents they changed: after any other write (layouts, dropped
   * collections) the reader's cache forgets everything.
   */
  private serialized<T>(work: () => Promise<T>, recordsOwnChanges = false): Promise<T> {
    const write = async () => {
      try {
        return await work();
      } finally {
        if (!recordsOwnChanges) this.ownChanges.addEverything();
        this.endSnapshot();
        this.checkpointer.nudge();
      }
    };
    const run = this.writeQueue.then(write, write);
    this.writeQueue = run.catch(() => undefined);
    return run;
  }
}
