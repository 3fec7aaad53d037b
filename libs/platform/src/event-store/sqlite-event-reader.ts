import { Worker } from 'node:worker_threads';

/**
 * A stretch of the log as the reader thread answers it: one JSON text, a flat array of seven
 * values per event (position, event id, stream id, revision, type, data, metadata), data and
 * metadata spliced in as stored (they are JSON already). Parsing one text on the main thread is
 * far cheaper than fetching tens of thousands of rows there (a JS string per column, BigInts, an
 * object per row, then two JSON.parse calls per event). `rows` is the fallback when the text would
 * be too large for SQLite (huge events): the same values per event, data and metadata unparsed.
 */
export type LogChunk = { json: string | null } | { rows: [number | string, string, string, number | string, string, string, string][] };

/** Plain CommonJS, as the writer thread's code (sqlite-event-writer.ts). */
const READER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
// Positions and revisions are exact as text; JSON numbers above 2^53 are checked by the reader.
const asJson = db.prepare(
  "SELECT '[' || group_concat(position || ',' || json_quote(event_id) || ',' || json_quote(stream_id) || ',' || revision " +
    "|| ',' || json_quote(type) || ',' || data || ',' || metadata, ',' ORDER BY position) || ']' " +
    'FROM (SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?)',
).pluck();
const asRows = db
  .prepare(
    'SELECT CAST(position AS TEXT), event_id, stream_id, CAST(revision AS TEXT), type, data, metadata ' +
      'FROM events WHERE position > ? ORDER BY position LIMIT ?',
  )
  .raw();
parentPort.on('message', (message) => {
  if (message.close) {
    db.close();
    parentPort.close();
    return;
  }
  const after = BigInt(message.after);
  try {
    let answer;
    try {
      answer = { json: asJson.get(after, message.limit) };
    } catch (error) {
      if (!error || error.code !== 'SQLITE_TOOBIG') throw error;
      answer = { rows: asRows.all(after, message.limit) };
    }
    parentPort.postMessage({ id: message.id, answer });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: error && error.message ? error.message : String(error) });
  }
});
`;

/**
 * Reads stretches of the log on a thread of its own (its own connection, a WAL snapshot per read,
 * so it sees every append committed before the read was asked for). Used by `readAll`, the replay's
 * read path: while the main thread applies one batch, the next is fetched here, on the other core.
 * Started on first use; idle, it does not keep the process alive.
 */
export class SqliteEventReader {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (chunk: LogChunk) => void; reject: (error: Error) => void }>();
  private exited: Promise<void> = Promise.resolve();

  constructor(private readonly file: string) {}

  private spawn(): Worker {
    const worker = new Worker(READER_SOURCE, { eval: true, workerData: { file: this.file, driver: require.resolve('better-sqlite3') } });
    worker.unref();
    worker.on('message', (message: { id: number; answer?: LogChunk; error?: string }) => {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (this.pending.size === 0) worker.unref();
      if (!waiting) return;
      if (message.answer) waiting.resolve(message.answer);
      else waiting.reject(new Error(message.error ?? 'the event store reader failed'));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    this.exited = new Promise((resolve) =>
      worker.once('exit', () => {
        fail(new Error('the event store reader stopped'));
        resolve();
      }),
    );
    return worker;
  }

  /** Whether the thread is up; the first read starts it (and is better served in place meanwhile). */
  get started(): boolean {
    return this.worker !== null;
  }

  start(): void {
    this.worker ??= this.spawn();
  }

  read(after: bigint | null, limit: number): Promise<LogChunk> {
    const worker = (this.worker ??= this.spawn());
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, after: (after ?? 0n).toString(), limit });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (!worker) return;
    worker.postMessage({ close: true });
    worker.ref();
    await this.exited;
  }
}
