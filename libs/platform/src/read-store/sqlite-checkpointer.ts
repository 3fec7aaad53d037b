import { Worker } from 'node:worker_threads';

/** Plain CommonJS, as the event store's writer thread (sqlite-event-writer.ts). */
const CHECKPOINTER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
db.pragma('synchronous = NORMAL');
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    // PASSIVE: copies what it can without waiting for readers or blocking the writer.
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // A busy database: the next nudge tries again.
  }
  parentPort.postMessage('done');
});
`;

/**
 * Checkpoints the read store's WAL on a thread of its own. SQLite's automatic checkpoint runs
 * inside the COMMIT that crosses 1,000 WAL pages, on the committing connection, which is the
 * main thread here: it copied every page back into the database file (and synced it) while the
 * event loop waited, about 15% of a replay. The writer connection turns it off
 * (`wal_autocheckpoint = 0`) and nudges this thread after its commits instead; the thread runs at
 * most one PASSIVE checkpoint at a time, and at most every `intervalMs`. Checkpoints are SQLite's
 * own crash-safe mechanism whichever connection runs them; nothing about durability changes.
 */
export class SqliteCheckpointer {
  private readonly worker: Worker;
  private running = false;
  private wanted = false;
  private lastRun = 0;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly exited: Promise<void>;

  /**
   * @param onFailure called once if the thread stops by itself (it could not open the file, it
   * crashed): the writer then goes back to SQLite's automatic checkpoints, or its WAL would grow
   * without end.
   */
  constructor(
    file: string,
    onFailure: () => void,
    private readonly intervalMs = 50,
  ) {
    this.worker = new Worker(CHECKPOINTER_SOURCE, { eval: true, workerData: { file, driver: require.resolve('better-sqlite3') } });
    this.worker.unref();
    this.worker.on('message', () => {
      this.running = false;
      this.lastRun = Date.now();
      if (this.wanted) this.nudge();
    });
    this.worker.on('error', () => undefined);
    this.exited = new Promise((resolve) =>
      this.worker.once('exit', () => {
        if (!this.closed) onFailure();
        this.closed = true;
        resolve();
      }),
    );
  }

  /** After a commit: a checkpoint soon (now, or once the running one is done and the interval has passed). */
  nudge(): void {
    if (this.closed) return;
    if (this.running || this.timer) {
      this.wanted = true;
      return;
    }
    const wait = this.lastRun + this.intervalMs - Date.now();
    if (wait > 0) {
      this.wanted = true;
      this.timer = setTimeout(() => {
        this.timer = null;
        this.nudge();
      }, wait);
      this.timer.unref();
      return;
    }
    this.wanted = false;
    this.running = true;
    this.worker.postMessage('run');
  }

  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.closed) return;
    this.closed = true;
    this.worker.postMessage('close');
    this.worker.ref();
    await this.exited;
  }
}
