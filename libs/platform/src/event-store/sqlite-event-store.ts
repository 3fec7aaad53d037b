import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
  StreamSummary,
  Subscription,
  SubscriptionHandler,
  WrongExpectedRevisionError,
} from './event-store';
import { openSqlite } from '../sqlite/open-sqlite';
import { LogChunk, SqliteEventReader } from './sqlite-event-reader';
import { AppendOutcome, SerializedAppend, SqliteEventWriter } from './sqlite-event-writer';
import { UpcasterRegistry } from './upcasters';

interface EventRow {
  position: number | bigint;
  event_id: string;
  stream_id: string;
  revision: number | bigint;
  type: string;
  data: string;
  metadata: string;
}

/** An event row as `raw()` statements answer it: position, event id, stream id, revision, type, data, metadata. */
type RawEventRow = [bigint, string, string, bigint, string, string, string];
const EVENT_COLUMNS = 'position, event_id, stream_id, revision, type, data, metadata';

export interface SqliteEventStoreOptions {
  /** Database file; `:memory:` for tests. */
  file: string;
  upcasters?: UpcasterRegistry;
  /** How often subscriptions look for events appended by other processes (the CLI), in ms. */
  pollIntervalMs?: number;
}

const SUBSCRIPTION_BATCH = 1000;
/** `readAll` of at least this many events runs on the reader thread; smaller reads are not worth the hop. */
const READER_THREAD_MIN = 1000;

interface QueuedAppend {
  streamId: string;
  events: NewEvent[];
  expected: ExpectedRevision;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/**
 * The embedded event store: one SQLite file, WAL, synchronous=FULL.
 * `position` is the global log order; (stream_id, revision) is unique; event ids are unique, which
 * makes a repeated append of the same events a no-op.
 */
export class SqliteEventStore extends EventStore {
  private readonly db: Database.Database;
  private readonly upcasters: UpcasterRegistry;
  private readonly appended = new EventEmitter();
  private readonly pollIntervalMs: number;
  private readonly statements;

  constructor(options: SqliteEventStoreOptions) {
    super();
    this.db = openSqlite(options.file, 'FULL');
    this.db.defaultSafeIntegers(true);
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS events (
        position  INTEGER PRIMARY KEY AUTOINCREMENT,
        event_id  TEXT NOT NULL UNIQUE,
        stream_id TEXT NOT NULL,
        revision  INTEGER NOT NULL,
        type      TEXT NOT NULL,
        data      TEXT NOT NULL,
        metadata  TEXT NOT NULL,
        UNIQUE (stream_id, revision)
      );
    `);
    this.upcasters = options.upcasters ?? new UpcasterRegistry();
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.appended.setMaxListeners(0);
    this.statements = {
      streamHead: this.db.prepare('SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?'),
      byEventId: this.db.prepare('SELECT position, stream_id, revision FROM events WHERE event_id = ?'),
      insert: this.db.prepare('INSERT INTO events (event_id, stream_id, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)'),
      // raw(): arrays instead of an object per row (the column names are not looked up per row).
      readStream: this.db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = ? ORDER BY revision`).raw(),
      readAll: this.db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`).raw(),
      head: this.db.prepare('SELECT MAX(position) AS position FROM events'),
      readAllBackwards: this.db.prepare(`SELECT ${EVENT_COLUMNS} FROM events WHERE position < ? ORDER BY position DESC LIMIT ?`).raw(),
      streams: this.db.prepare('SELECT stream_id, COUNT(*), MAX(position) FROM events GROUP BY stream_id ORDER BY stream_id').raw(),
    };
    this.writer = options.file === ':memory:' ? null : new SqliteEventWriter(options.file);
    this.reader = options.file === ':memory:' ? null : new SqliteEventReader(options.file);
    this.groupTransaction = this.db.transaction((run: () => void) => run());
    this.appendOne = this.db.transaction((streamId: string, events: NewEvent[], expected: ExpectedRevision) =>
      this.appendOneUnchecked(streamId, events, expected),
    );
  }

  async append(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    return new Promise<AppendResult>((resolve, reject) => {
      this.queued.push({ streamId, events, expected, resolve, reject });
      if (this.queued.length === 1) setImmediate(this.commitQueued);
    });
  }

  /**
   * Group commit. Appends requested while the previous group is being written (or during one turn
   * of the event loop) commit together in one transaction, so one fsync (synchronous=FULL) covers
   * all of them. Each append runs in its own savepoint with its own checks: one failing (wrong
   * expected revision) leaves the others in. Nobody hears of an append before the COMMIT that makes
   * it durable. A file database commits on a writer thread (SqliteEventWriter), so the main thread
   * keeps working during the fsync; `:memory:` commits in place.
   */
  private readonly queued: QueuedAppend[] = [];
  private readonly writer: SqliteEventWriter | null;
  private readonly reader: SqliteEventReader | null;
  private writing = false;

  private readonly commitQueued = (): void => {
    if (this.writer) {
      void this.commitOnWriter(this.writer);
      return;
    }
    const group = this.queued.splice(0);
    const outcomes: ({ ok: true; result: AppendResult } | { ok: false; error: unknown })[] = [];
    try {
      this.groupTransaction.immediate(() => {
        outcomes.length = 0;
        for (const append of group) {
          try {
            outcomes.push({ ok: true, result: this.appendOne(append.streamId, append.events, append.expected) });
          } catch (error) {
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      // The group did not commit: nothing of it is stored.
      for (const append of group) append.reject(error);
      return;
    }
    this.settle(group, outcomes);
  };

  private async commitOnWriter(writer: SqliteEventWriter): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.queued.length > 0) {
        const group = this.queued.splice(0);
        const rejected = new Map<QueuedAppend, unknown>();
        const serialized: SerializedAppend[] = group.flatMap((append) => {
          try {
            return [
              {
                streamId: append.streamId,
                expected: append.expected,
                events: append.events.map((e) => ({
                  id: e.id ?? randomUUID(),
                  type: e.type,
                  data: JSON.stringify(e.data),
                  metadata: JSON.stringify(e.metadata),
                })),
              },
            ];
          } catch (error) {
            rejected.set(append, error);
            return [];
          }
        });
        for (const [append, error] of rejected) append.reject(error);
        const accepted = group.filter((append) => !rejected.has(append));
        if (accepted.length === 0) continue;
        let outcomes: AppendOutcome[];
        try {
          outcomes = await writer.write(serialized);
        } catch (error) {
          for (const append of accepted) append.reject(error);
          continue;
        }
        this.settle(
          accepted,
          outcomes.map((outcome, i) => {
            if (outcome.ok) return { ok: true as const, result: { nextRevision: outcome.nextRevision, position: outcome.position } };
            if ('actual' in outcome) {
              return { ok: false as const, error: new WrongExpectedRevisionError(accepted[i]!.streamId, outcome.expected, outcome.actual) };
            }
            return { ok: false as const, error: new Error(outcome.message) };
          }),
        );
      }
    } finally {
      this.writing = false;
    }
  }

  private settle(group: QueuedAppend[], outcomes: ({ ok: true; result: AppendResult } | { ok: false; error: unknown })[]): void {
    let head: bigint | null = null;
    group.forEach((append, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) {
        if (head === null || outcome.result.position > head) head = outcome.result.position;
        append.resolve(outcome.result);
      } else append.reject(outcome.error);
    });
    if (head !== null) {
      this.nothingAfter = undefined;
      this.appended.emit('appended', head);
    }
  }

  private readonly groupTransaction: Database.Transaction<(run: () => void) => void>;
  /** One append inside the group's transaction; a savepoint undoes it alone when it fails. */
  private readonly appendOne: Database.Transaction<(streamId: string, events: NewEvent[], expected: ExpectedRevision) => AppendResult>;

  private appendOneUnchecked(streamId: string, events: NewEvent[], expected: ExpectedRevision): AppendResult {
    const ids = events.map((e) => e.id ?? randomUUID());
    const already = this.alreadyAppended(streamId, ids);
    if (already) return already;
    const head = (this.statements.streamHead.get(streamId) as { revision: bigint | null }).revision;
    this.checkExpected(streamId, expected, head);
    let revision = head ?? -1n;
    let position = 0n;
    events.forEach((event, i) => {
      revision += 1n;
      const info = this.statements.insert.run(
        ids[i],
        streamId,
        revision,
        event.type,
        JSON.stringify(event.data),
        JSON.stringify(event.metadata),
      );
      position = BigInt(info.lastInsertRowid);
    });
    return { nextRevision: revision, position };
  }

  /** A retried append (same first event id in the same stream) answers what the first one did. */
  private alreadyAppended(streamId: string, ids: string[]): AppendResult | null {
    const rows = ids.map((id) => this.statements.byEventId.get(id) as Pick<EventRow, 'position' | 'stream_id' | 'revision'> | undefined);
    const found = rows.filter((r) => r !== undefined);
    if (found.length === 0) return null;
    if (found.length !== ids.length || found.some((r) => r!.stream_id !== streamId)) {
      throw new WrongExpectedRevisionError(streamId, 'any', 'no_stream');
    }
    const last = found[found.length - 1]!;
    return { nextRevision: BigInt(last.revision), position: BigInt(last.position) };
  }

  private checkExpected(streamId: string, expected: ExpectedRevision, head: bigint | null): void {
    if (expected === 'any') return;
    if (expected === 'no_stream') {
      if (head !== null) throw new WrongExpectedRevisionError(streamId, expected, head);
      return;
    }
    if (head !== expected) throw new WrongExpectedRevisionError(streamId, expected, head ?? 'no_stream');
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    return (this.statements.readStream.all(streamId) as RawEventRow[]).map((row) => this.fromRaw(row));
  }

  /**
   * Read on the reader thread (file databases): the caller may ask for the next stretch before it
   * processes this one (the replay does), and the fetch then runs on the other core. The reader
   * sees every append that resolved before this call (appends resolve after their COMMIT).
   */
  async readAll(after: bigint | null, limit: number): Promise<RecordedEvent[]> {
    if (!this.reader || limit < READER_THREAD_MIN) return this.readAllSync(after, limit);
    if (!this.reader.started) {
      // The thread takes a few tens of ms to start: this read is served here meanwhile.
      this.reader.start();
      return this.readAllSync(after, limit);
    }
    return this.fromChunk(await this.reader.read(after, limit), after, limit);
  }

  private fromChunk(chunk: LogChunk, after: bigint | null, limit: number): RecordedEvent[] {
    if ('rows' in chunk) {
      return chunk.rows.map(([position, id, streamId, revision, type, data, metadata]) =>
        this.recorded(BigInt(position), id, streamId, BigInt(revision), type, JSON.parse(data), JSON.parse(metadata)),
      );
    }
    if (chunk.json === null) return [];
    const values = JSON.parse(chunk.json) as unknown[];
    const events = new Array<RecordedEvent>(values.length / 7);
    for (let i = 0, k = 0; i < values.length; i += 7, k++) {
      const position = values[i] as number;
      const revision = values[i + 3] as number;
      // Beyond 2^53 the JSON numbers are not exact: read this stretch again as rows (never in practice).
      if (!Number.isSafeInteger(position) || !Number.isSafeInteger(revision)) return this.readAllSync(after, limit);
      events[k] = this.recorded(
        BigInt(position),
        values[i + 1] as string,
        values[i + 2] as string,
        BigInt(revision),
        values[i + 4] as string,
        values[i + 5] as RecordedEvent['data'],
        values[i + 6] as RecordedEvent['metadata'],
      );
    }
    return events;
  }

  /**
   * Every projection follows the log through its own subscription, and after an append they all ask
   * for the same events. The last batch read is shared: a subscription asking from the same
   * position gets the same (already parsed and upcast) events instead of reading them again, which
   * is why subscribers must not change the events they receive. An empty answer is never kept, and a
   * kept batch is always the log's events right after that position (at worst fewer than exist by
   * now; the subscription then reads the rest from the batch's last position).
   */
  private lastSubscriptionRead: { after: bigint | null; events: RecordedEvent[] } | null = null;
  /**
   * A position the log was found to end at: every subscription that caught up asks once more and
   * would find nothing, one query per projection per append. Forgotten when this process appends
   * and on every poll tick (the tick is how appends by other processes are found).
   */
  private nothingAfter: bigint | null | undefined = undefined;

  private readForSubscription(after: bigint | null): RecordedEvent[] {
    const last = this.lastSubscriptionRead;
    if (last && last.after === after) return last.events;
    if (this.nothingAfter !== undefined && this.nothingAfter === after) return [];
    const events = this.readAllSync(after, SUBSCRIPTION_BATCH);
    if (events.length > 0) this.lastSubscriptionRead = { after, events };
    else {
      this.lastSubscriptionRead = null;
      this.nothingAfter = after;
    }
    return events;
  }

  private readAllSync(after: bigint | null, limit: number): RecordedEvent[] {
    return (this.statements.readAll.all(after ?? 0n, limit) as RawEventRow[]).map((row) => this.fromRaw(row));
  }

  async readAllBackwards(before: bigint | null, limit: number): Promise<RecordedEvent[]> {
    if (limit <= 0) return [];
    const rows = this.statements.readAllBackwards.all(before ?? (1n << 63n) - 1n, limit) as RawEventRow[];
    return rows.map((row) => this.fromRaw(row));
  }

  async streams(): Promise<StreamSummary[]> {
    return (this.statements.streams.all() as [string, bigint, bigint][]).map(([streamId, events, lastPosition]) => ({
      streamId,
      events: Number(events),
      lastPosition,
    }));
  }

  async headPosition(): Promise<bigint | null> {
    const { position } = this.statements.head.get() as { position: bigint | null };
    return position;
  }

  subscribeToAll(after: bigint | null, handler: SubscriptionHandler): Subscription {
    let checkpoint = after;
    let closed = false;
    let running = false;
    let again = false;

    // Drains the log from the checkpoint; appends in this process wake it at once, a timer catches
    // appends made by other processes (the CLI).
    const drain = async (): Promise<void> => {
      if (closed) return;
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          for (;;) {
            if (closed) return;
            const batch = this.readForSubscription(checkpoint);
            if (batch.length === 0) break;
            await handler.onEvents(batch);
            checkpoint = batch[batch.length - 1]!.position;
          }
        } while (again && !closed);
      } catch (error) {
        closed = true;
        stop();
        handler.onError(error instanceof Error ? error : new Error(String(error)));
      } finally {
        running = false;
      }
    };
    const onAppended = () => void drain();
    const onPoll = () => {
      this.nothingAfter = undefined;
      void drain();
    };
    const timer = setInterval(onPoll, this.pollIntervalMs);
    timer.unref();
    const stop = () => {
      clearInterval(timer);
      this.appended.off('appended', onAppended);
    };
    this.appended.on('appended', onAppended);
    void drain();
    return {
      close: async () => {
        closed = true;
        stop();
      },
    };
  }

  async close(): Promise<void> {
    // Appends already requested are written first.
    while (this.writing || this.queued.length > 0) await new Promise((resolve) => setImmediate(resolve));
    this.appended.removeAllListeners();
    await this.writer?.close();
    await this.reader?.close();
    if (this.db.open) this.db.close();
  }

  private fromRaw([position, id, streamId, revision, type, data, metadata]: RawEventRow): RecordedEvent {
    return this.recorded(position, id, streamId, revision, type, JSON.parse(data), JSON.parse(metadata));
  }

  private recorded(
    position: bigint,
    id: string,
    streamId: string,
    revision: bigint,
    type: string,
    data: RecordedEvent['data'],
    metadata: RecordedEvent['metadata'],
  ): RecordedEvent {
    return this.upcasters.apply({ id, type, data, metadata, streamId, revision, position });
  }
}
