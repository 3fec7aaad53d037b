import { Worker } from 'node:worker_threads';
import { ExpectedRevision } from './event-store';

/** One append as the writer thread receives it: data and metadata already serialised. */
export interface SerializedAppend {
  streamId: string;
  events: { id: string; type: string; data: string; metadata: string }[];
  expected: ExpectedRevision;
}

export type AppendOutcome =
  | { ok: true; nextRevision: bigint; position: bigint }
  /** The expected revision did not hold. */
  | { ok: false; expected: ExpectedRevision; actual: bigint | 'no_stream' }
  | { ok: false; message: string };

/**
 * The writer thread's code, plain CommonJS so it runs the same from compiled output, ts-node or
 * jest. It owns its own connection (WAL, synchronous=FULL) and commits each group of appends in
 * one IMMEDIATE transaction, each append in its own savepoint.
 */
const WRITER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('busy_timeout = 5000');
// Each append's savepoint journal stays in memory: on disk, an append past 64 KiB (an import, a
// long stream) opened, wrote and deleted a temp file inside its transaction.
db.pragma('temp_store = MEMORY');
db.defaultSafeIntegers(true);
const streamHead = db.prepare('SELECT MAX(revision) AS revision FROM events WHERE stream_id = ?');
const byEventId = db.prepare('SELECT position, stream_id, revision FROM events WHERE event_id = ?');
const insert = db.prepare('INSERT INTO events (event_id, stream_id, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)');
class Wrong { constructor(expected, actual) { this.expected = expected; this.actual = actual; } }
function appendOne(append) {
  const rows = append.events.map((e) => byEventId.get(e.id));
  const found = rows.filter((r) => r !== undefined);
  if (found.length > 0) {
    // A retried append (same event ids in the same stream) answers what the first one did.
    if (found.length !== rows.length || found.some((r) => r.stream_id !== append.streamId)) throw new Wrong('any', 'no_stream');
    const last = found[found.length - 1];
    return { nextRevision: BigInt(last.revision), position: BigInt(last.position) };
  }
  const head = streamHead.get(append.streamId).revision;
  const expected = append.expected;
  if (expected === 'no_stream') {
    if (head !== null) throw new Wrong(expected, head);
  } else if (expected !== 'any' && head !== expected) {
    throw new Wrong(expected, head === null ? 'no_stream' : head);
  }
  let revision = head === null ? -1n : head;
  let position = 0n;
  for (const e of append.events) {
    revision += 1n;
    position = BigInt(insert.run(e.id, append.streamId, revision, e.type, e.data, e.metadata).lastInsertRowid);
  }
  return { nextRevision: revision, position };
}
const one = db.transaction(appendOne);
const group = db.transaction((appends) => appends.map((append) => {
  try {
    return { ok: true, ...one(append) };
  } catch (error) {
    if (error instanceof Wrong) return { ok: false, expected: error.expected, actual: error.actual };
    return { ok: false, message: error && error.message ? error.message : String(error) };
  }
}));
parentPort.on('message', (message) => {
  if (message.close) {
    db.close();
    parentPort.close();
    return;
  }
  try {
    parentPort.postMessage({ id: message.id, outcomes: group.immediate(message.appends) });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: error && error.message ? error.message : String(error) });
  }
});
`;

/**
 * Commits appends on a worker thread. better-sqlite3 is synchronous, and with synchronous=FULL
 * every commit waits for fsync: on the main thread that wait would stall every request. Here the
 * main thread keeps serving (and gathering the next group) while the writer thread waits.
 */
export class SqliteEventWriter {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (outcomes: AppendOutcome[]) => void; reject: (error: Error) => void }>();
  private failure: Error | null = null;
  private readonly exited: Promise<void>;

  constructor(file: string) {
    this.worker = new Worker(WRITER_SOURCE, { eval: true, workerData: { file, driver: require.resolve('better-sqlite3') } });
    this.worker.unref();
    this.worker.on('message', (message: { id: number; outcomes?: AppendOutcome[]; error?: string }) => {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (this.pending.size === 0) this.worker.unref();
      if (!waiting) return;
      if (message.outcomes) waiting.resolve(message.outcomes);
      else waiting.reject(new Error(message.error ?? 'the event store writer failed'));
    });
    this.worker.on('error', (error) => this.fail(error));
    this.exited = new Promise((resolve) =>
      this.worker.once('exit', () => {
        this.fail(new Error('the event store writer stopped'));
        resolve();
      }),
    );
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  /** Commits one group; resolves with one outcome per append once the group is durable. */
  write(appends: SerializedAppend[]): Promise<AppendOutcome[]> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Referenced while a write is in flight, so the process does not exit before it is stored.
      this.worker.ref();
      this.worker.postMessage({ id, appends });
    });
  }

  async close(): Promise<void> {
    if (!this.failure) this.worker.postMessage({ close: true });
    this.worker.ref();
    await this.exited;
  }
}
