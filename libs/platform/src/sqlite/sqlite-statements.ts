import Database from 'better-sqlite3';

const statementCache = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** Prepared statements are cached per connection: preparing is a large part of a point read's cost. */
export function sql(db: Database.Database, text: string): Database.Statement {
  let cache = statementCache.get(db);
  if (!cache) statementCache.set(db, (cache = new Map()));
  let statement = cache.get(text);
  if (!statement) {
    if (cache.size > 2000) cache.clear();
    cache.set(text, (statement = db.prepare(text)));
  }
  return statement;
}

/** After a table is dropped its statements are stale. */
export function forgetStatements(db: Database.Database): void {
  statementCache.get(db)?.clear();
}
