import Database from 'better-sqlite3';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Opens one of the platform's SQLite files (its folder made first) in WAL mode, waiting up to 5 s
 * for another connection's lock. `synchronous = FULL` where a commit must survive a power cut (the
 * event log), NORMAL elsewhere (WAL keeps the file consistent; at worst the last commits are lost).
 */
export function openSqlite(file: string, synchronous: 'FULL' | 'NORMAL'): Database.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma('busy_timeout = 5000');
  return db;
}
