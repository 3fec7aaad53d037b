import Database from 'better-sqlite3';
import { matchCountScope, scopeName } from './count-scopes';
import { encodeCursor } from './cursor';
import { DocCache } from './doc-cache';
import { Doc, FindQuery, FindResult, Scalar } from './query';
import { bindScalar } from './sqlite-columns';
import { countersTable, Layout, table } from './sqlite-layout';
import { compilePage, compileWhere, SqlFragment } from './sqlite-query';
import { sql } from '../sqlite/sqlite-statements';

/** Reads of one collection whose layout is known (sqlite-layout.ts). */

function valueAt(doc: Doc, field: string): Scalar {
  let value: unknown = doc;
  for (const key of field.split('.')) value = (value as Record<string, unknown> | undefined)?.[key];
  return (value ?? null) as Scalar;
}

/** Reads through `cache` when given (the reader connection's; the batch writer passes none). */
export function getDoc<T extends Doc>(db: Database.Database, collection: string, id: string, cache?: DocCache): T | null {
  const cached = cache?.get<T>(collection, id);
  if (cached !== undefined) return cached;
  const row = sql(db, `SELECT doc FROM ${table(collection)} WHERE id = ?`).get(id) as { doc: string } | undefined;
  const doc = row ? (JSON.parse(row.doc) as T) : null;
  return cache ? cache.put(collection, id, doc) : doc;
}

export function getDocs<T extends Doc>(db: Database.Database, collection: string, ids: string[], cache?: DocCache): T[] {
  if (cache) {
    // The usual case, every document cached (or known to be absent): no map, no query.
    const docs: T[] = [];
    let known = 0;
    for (const id of ids) {
      const cached = cache.get<T>(collection, id);
      if (cached === undefined) break;
      known++;
      if (cached !== null) docs.push(cached);
    }
    if (known === ids.length) return docs;
  }
  const byId = new Map<string, T>();
  const missing: string[] = [];
  for (const id of ids) {
    const cached = cache?.get<T>(collection, id);
    if (cached) byId.set(id, cached);
    else if (cached === undefined) missing.push(id);
  }
  if (missing.length > 0) {
    const rows = sql(db, `SELECT id, doc FROM ${table(collection)} WHERE id IN (SELECT value FROM json_each(?))`).all(
      JSON.stringify(missing),
    ) as { id: string; doc: string }[];
    for (const row of rows) byId.set(row.id, parsed<T>(row, collection, cache));
    // Known absent in this snapshot too, as getDoc keeps them: asked again, they cost no query.
    if (cache) for (const id of missing) if (!byId.has(id)) cache.put(collection, id, null);
  }
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

function parsed<T extends Doc>(row: { id: string; doc: string }, collection: string, cache?: DocCache): T {
  const cached = cache?.get<T>(collection, row.id);
  if (cached) return cached;
  const doc = JSON.parse(row.doc) as T;
  return cache ? (cache.put(collection, row.id, doc) as T) : doc;
}

/**
 * A `where` matching a declared count scope reads its counter (O(1)). Anything else counts the
 * matching rows along the best declared index range, reading columns, never parsing documents
 * (docs/read-models.md, "What count means").
 */
export function countDocs(
  db: Database.Database,
  collection: string,
  layout: Layout,
  query: Pick<FindQuery, 'where'>,
  compiled?: SqlFragment,
): number {
  const scoped = matchCountScope(layout.counts, query.where);
  if (scoped) {
    const key = `json_array(${scoped.values.map(() => '?').join(', ')})`;
    const row = sql(db, `SELECT n FROM ${countersTable(collection)} WHERE scope = ? AND key = ${key}`).get(
      scopeName(scoped.scope),
      ...scoped.values.map(bindScalar),
    ) as { n: number } | undefined;
    return row?.n ?? 0;
  }
  const count = countSql(collection, layout, query, compiled);
  return (sql(db, count.text).get(...count.params) as { n: number }).n;
}

/** The SQL counting the rows a `where` matches, when no counter answers it. */
export function countSql(collection: string, layout: Layout, query: Pick<FindQuery, 'where'>, compiled?: SqlFragment) {
  const where = compiled ?? compileWhere(layout, query);
  return { text: `SELECT COUNT(*) AS n FROM ${table(collection)} WHERE ${where.sql}`, params: where.params };
}

/**
 * The SQL of one page: `limit + 1` rows, the extra one only telling whether a next page exists.
 * With a document cache only ids are selected (often straight from an index): the documents
 * come from the cache, and only the missing ones are read.
 */
export function pageSql(collection: string, layout: Layout, query: FindQuery, columns: 'id' | 'id, doc' = 'id, doc') {
  const { where, filters, orderBy, sort } = compilePage(layout, query);
  return {
    text: `SELECT ${columns} FROM ${table(collection)} WHERE ${where.sql} ORDER BY ${orderBy} LIMIT ?`,
    params: [...where.params, query.limit + 1],
    sort,
    filters,
  };
}

export function findDocs<T extends Doc>(
  db: Database.Database,
  collection: string,
  layout: Layout,
  query: FindQuery,
  cache?: DocCache,
): FindResult<T> {
  const page = pageSql(collection, layout, query, cache ? 'id' : 'id, doc');
  let items: T[];
  let more: boolean;
  if (cache) {
    const ids = sql(db, page.text)
      .pluck()
      .all(...page.params) as string[];
    more = ids.length > query.limit;
    items = getDocs<T>(db, collection, ids.slice(0, query.limit), cache);
  } else {
    const rows = sql(db, page.text).all(...page.params) as { id: string; doc: string }[];
    more = rows.length > query.limit;
    items = rows.slice(0, query.limit).map((row) => parsed<T>(row, collection));
  }
  const last = items[items.length - 1];
  const next = more && last ? encodeCursor({ value: valueAt(last, page.sort.field), id: last.id }) : undefined;
  return { items, count: countDocs(db, collection, layout, query, page.filters), ...(next ? { next } : {}) };
}
