import type Database from 'better-sqlite3';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config';
import { openSqlite } from '../sqlite/open-sqlite';

/**
 * When each API token last let a request in. Operational data, not a domain fact: it is kept
 * beside the read models rather than in the event log, so authenticated requests append no
 * events (a replay neither needs nor rebuilds it). Writers keep the latest time per token.
 */
export abstract class TokenUsageStore {
  /** Records a use at `at` (ISO time); an earlier time than the one stored changes nothing. */
  abstract noteUse(tokenId: string, at: string): Promise<void>;
  /** The last use of each of these tokens that was ever noted (tokens never used are left out). */
  abstract lastUsed(tokenIds: string[]): Promise<Map<string, string>>;
  abstract close(): Promise<void>;
}

/** `token-usage.sqlite` in DATA_DIR: one row per token, WAL, shared by the server and the CLI. */
export class SqliteTokenUsageStore extends TokenUsageStore {
  private readonly db: Database.Database;
  private readonly statements;

  constructor(options: { file: string }) {
    super();
    this.db = openSqlite(options.file, 'NORMAL');
    this.db.exec('CREATE TABLE IF NOT EXISTS token_usage (token_id TEXT PRIMARY KEY, last_used_at TEXT NOT NULL) WITHOUT ROWID');
    this.statements = {
      note: this.db.prepare(
        `INSERT INTO token_usage (token_id, last_used_at) VALUES (?, ?)
         ON CONFLICT (token_id) DO UPDATE SET last_used_at = max(last_used_at, excluded.last_used_at)`,
      ),
      get: this.db.prepare<[string], { last_used_at: string }>('SELECT last_used_at FROM token_usage WHERE token_id = ?'),
    };
  }

  async noteUse(tokenId: string, at: string): Promise<void> {
    this.statements.note.run(tokenId, at);
  }

  async lastUsed(tokenIds: string[]): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    for (const id of tokenIds) {
      const row = this.statements.get.get(id);
      if (row) found.set(id, row.last_used_at);
    }
    return found;
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}

/** MongoDB when MONGO_URL is set, else `token-usage.sqlite` in DATA_DIR (the server and the CLI alike). */
export async function openTokenUsageStore(config: AppConfig): Promise<TokenUsageStore> {
  if (!config.mongoUrl) return new SqliteTokenUsageStore({ file: join(config.dataDir, 'token-usage.sqlite') });
  const { MongoTokenUsageStore } = await import('../mongodb/mongo-token-usage-store');
  return MongoTokenUsageStore.connect({ url: config.mongoUrl, dbName: config.mongoDb });
}
