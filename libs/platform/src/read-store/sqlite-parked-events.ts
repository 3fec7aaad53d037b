import Database from 'better-sqlite3';
import { positionKey } from './projection-states';
import { ParkedChanges, ParkedEvent, ParkedGeneration, ParkedGenerationKey, ParkedQuery } from './read-store';
import { sql } from '../sqlite/sqlite-statements';

/**
 * Parked events in the SQLite read store: the table `parked_events` beside `projections`, and the
 * `parked` count of each projection state, both written in the batch transaction that moves the
 * checkpoint past the event (or applies it on a retry). The position is kept as 20-digit text, so
 * the index sorts it in log order.
 */
export function ensureParkedTables(db: Database.Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS parked_events (
      projection TEXT NOT NULL, version INTEGER NOT NULL, generation INTEGER NOT NULL, event_id TEXT NOT NULL,
      position TEXT NOT NULL, type TEXT NOT NULL, stream_id TEXT NOT NULL, error TEXT NOT NULL,
      parked_at TEXT NOT NULL, failed_at TEXT NOT NULL, attempts INTEGER NOT NULL,
      PRIMARY KEY (projection, version, generation, event_id)
    ) WITHOUT ROWID;
    CREATE INDEX IF NOT EXISTS parked_events_in_log_order ON parked_events (projection, version, generation, position);
  `);
  // Read stores from before parked events: their states gain the count.
  const columns = db.prepare("SELECT name FROM pragma_table_info('projections')").pluck().all() as string[];
  if (!columns.includes('parked')) {
    try {
      db.exec('ALTER TABLE projections ADD COLUMN parked INTEGER NOT NULL DEFAULT 0');
    } catch (error) {
      // Another process (the server beside the CLI) added it first.
      if (!/duplicate column/i.test((error as Error).message)) throw error;
    }
  }
}

const COLUMNS = `projection, version, generation, event_id AS eventId, position, type, stream_id AS streamId, error,
  parked_at AS parkedAt, failed_at AS failedAt, attempts`;

type Row = Omit<ParkedEvent, 'position'> & { position: string };

const parkedEvent = (row: Row): ParkedEvent => ({ ...row, position: BigInt(row.position) });

/** Applies `changes` inside the caller's transaction and moves the `parked` count of state `stateName`. */
export function applyParkedChanges(db: Database.Database, stateName: string, changes: ParkedChanges): void {
  let delta = 0;
  const exists = sql(db, 'SELECT 1 FROM parked_events WHERE projection = ? AND version = ? AND generation = ? AND event_id = ?').pluck();
  const upsert = sql(
    db,
    `INSERT INTO parked_events (projection, version, generation, event_id, position, type, stream_id, error, parked_at, failed_at, attempts)
     VALUES (@projection, @version, @generation, @eventId, @position, @type, @streamId, @error, @parkedAt, @failedAt, @attempts)
     ON CONFLICT (projection, version, generation, event_id) DO UPDATE SET
       error = excluded.error, failed_at = excluded.failed_at, attempts = excluded.attempts`,
  );
  for (const event of changes.park ?? []) {
    if (exists.get(event.projection, event.version, event.generation, event.eventId) === undefined) delta += 1;
    upsert.run({ ...event, position: positionKey(event.position) });
  }
  const remove = sql(db, 'DELETE FROM parked_events WHERE projection = ? AND version = ? AND generation = ? AND event_id = ?');
  for (const key of changes.unpark ?? []) delta -= remove.run(key.projection, key.version, key.generation, key.eventId).changes;
  if (delta !== 0) sql(db, 'UPDATE projections SET parked = max(0, parked + ?) WHERE name = ?').run(delta, stateName);
}

export function listParked(db: Database.Database, query: ParkedQuery): ParkedEvent[] {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (query.projection !== undefined) {
    where.push('projection = ?');
    params.push(query.projection);
  }
  if (query.version !== undefined) {
    where.push('version = ?');
    params.push(query.version);
  }
  if (query.generation !== undefined) {
    where.push('generation = ?');
    params.push(query.generation);
  }
  if (query.after !== undefined) {
    where.push('position > ?');
    params.push(positionKey(query.after));
  }
  if (query.eventIds !== undefined) {
    if (query.eventIds.length === 0) return [];
    where.push(`event_id IN (${query.eventIds.map(() => '?').join(', ')})`);
    params.push(...query.eventIds);
  }
  const text = `SELECT ${COLUMNS} FROM parked_events ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
    ORDER BY projection, version, generation, position LIMIT ?`;
  return (db.prepare(text).all(...params, query.limit) as Row[]).map(parkedEvent);
}

export function parkedGenerations(db: Database.Database): ParkedGeneration[] {
  return db
    .prepare(
      'SELECT projection, version, generation, COUNT(*) AS count FROM parked_events GROUP BY projection, ' +
        'version, generation ORDER BY 1, 2, 3',
    )
    .all() as ParkedGeneration[];
}

export function discardParked(db: Database.Database, key: ParkedGenerationKey): number {
  return db
    .prepare('DELETE FROM parked_events WHERE projection = ? AND version = ? AND generation = ?')
    .run(key.projection, key.version, key.generation).changes;
}
