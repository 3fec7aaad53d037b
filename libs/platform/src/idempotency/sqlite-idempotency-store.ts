import type Database from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import { openSqlite } from '../sqlite/open-sqlite';
import { ClaimResult, IdempotencyClaim, IdempotencyStore, StoredAnswer } from './idempotency-store';

export interface SqliteIdempotencyStoreOptions {
  /** Database file (`idempotency.sqlite` in DATA_DIR); `:memory:` for tests. */
  file: string;
  /** How often a claim also deletes expired records, in ms (default 60 s). */
  purgeIntervalMs?: number;
}

interface Row {
  fingerprint: string;
  token: string;
  locked_until: number;
  expires_at: number;
  status: number | null;
  headers: string | null;
  body: string | null;
}

/**
 * Idempotency records in their own SQLite file (WAL), apart from the read models so a claim never
 * waits behind a projection batch. synchronous=NORMAL: records survive a crash of the process; a
 * power loss may drop the last few, and then the event ids derived from the key still keep a
 * retried write from being appended twice.
 */
export class SqliteIdempotencyStore extends IdempotencyStore {
  private readonly db: Database.Database;
  private readonly purgeIntervalMs: number;
  private lastPurge = 0;
  private readonly statements;
  private readonly claimTx: (claim: IdempotencyClaim) => ClaimResult;

  constructor(options: SqliteIdempotencyStoreOptions) {
    super();
    this.purgeIntervalMs = options.purgeIntervalMs ?? 60_000;
    this.db = openSqlite(options.file, 'NORMAL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS idempotency_keys (
        caller       TEXT NOT NULL,
        key          TEXT NOT NULL,
        fingerprint  TEXT NOT NULL,
        token        TEXT NOT NULL,
        locked_until INTEGER NOT NULL,
        expires_at   INTEGER NOT NULL,
        status       INTEGER,
        headers      TEXT,
        body         TEXT,
        PRIMARY KEY (caller, key)
      ) WITHOUT ROWID;
      CREATE INDEX IF NOT EXISTS idempotency_keys_expires_at ON idempotency_keys (expires_at);
    `);
    this.statements = {
      get: this.db.prepare<[string, string], Row>(
        'SELECT fingerprint, token, locked_until, expires_at, status, headers, body FROM idempotency_keys WHERE caller = ? AND key = ?',
      ),
      put: this.db.prepare(
        `INSERT OR REPLACE INTO idempotency_keys (caller, key, fingerprint, token, locked_until, expires_at, status, headers, body)
         VALUES (@caller, @key, @fingerprint, @token, @lockedUntil, @expiresAt, NULL, NULL, NULL)`,
      ),
      complete: this.db.prepare(
        `UPDATE idempotency_keys SET status = @status, headers = @headers, body = @body, expires_at = @expiresAt
         WHERE caller = @caller AND key = @key AND token = @token AND status IS NULL`,
      ),
      release: this.db.prepare('DELETE FROM idempotency_keys WHERE caller = ? AND key = ? AND token = ? AND status IS NULL'),
      purge: this.db.prepare('DELETE FROM idempotency_keys WHERE expires_at <= ?'),
    };
    // IMMEDIATE takes the write lock before reading, so the read-then-insert is atomic across processes too.
    const tx = this.db.transaction((claim: IdempotencyClaim): ClaimResult => {
      const row = this.statements.get.get(claim.caller, claim.key);
      const free = !row || row.expires_at <= claim.now || (row.status === null && row.locked_until <= claim.now);
      if (free) {
        const token = randomUUID();
        this.statements.put.run({ ...claim, token });
        return { outcome: 'claimed', token };
      }
      if (row.fingerprint !== claim.fingerprint) return { outcome: 'mismatch' };
      if (row.status === null) return { outcome: 'in_flight' };
      return { outcome: 'replay', answer: { status: row.status, headers: JSON.parse(row.headers ?? '{}'), body: row.body ?? '' } };
    });
    this.claimTx = (claim) => tx.immediate(claim);
  }

  async claim(claim: IdempotencyClaim): Promise<ClaimResult> {
    // Expired records already count as absent; deleting them now and then only bounds the file.
    if (claim.now - this.lastPurge >= this.purgeIntervalMs) await this.purgeExpired(claim.now);
    return this.claimTx(claim);
  }

  async complete(caller: string, key: string, token: string, answer: StoredAnswer, expiresAt: number): Promise<void> {
    const { status, headers, body } = answer;
    this.statements.complete.run({ caller, key, token, expiresAt, status, headers: JSON.stringify(headers), body });
  }

  async release(caller: string, key: string, token: string): Promise<void> {
    this.statements.release.run(caller, key, token);
  }

  async purgeExpired(now: number): Promise<number> {
    this.lastPurge = now;
    return this.statements.purge.run(now).changes;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
