import Database from 'better-sqlite3';
import { matchCountScope, scopeName } from './count-scopes';
import { encodeCursor } from './cursor';
import { Doc, FindQuery, FindResult, Scalar } from './query';
import { bindScalar } from './sqlite-columns';
import { countersTable, Layout, table } from './sqlite-layout';
import { compilePage, compileWhere, SqlFragment } from './sqlite-query';
import { sql } from './sqlite-statements';

/** Reads of one collection whose layout is known (sqlite-layout.ts). */

function valueAt(doc: Doc, field: string): Scalar {
  let value: unknown = doc;
  for (const key of field.split('.')) value = (value as Record<string, unknown> | undefined)?.[key];
  return (value ?? null) as Scalar;
}

export function getDoc<T extends Doc>(db: Database.Database, collection: string, id: string): T | null {
  const row = sql(db, `SELECT doc FROM ${table(collection)} WHERE id = ?`).get(id) as { doc: string } | undefined;
  return row ? (JSON.parse(row.doc) as T) : null;
}

export function getDocs<T extends Doc>(db: Database.Database, collection: string, ids: string[]): T[] {
  const rows = sql(db, `SELECT doc FROM ${table(collection)} WHERE id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(ids)) as { doc: string }[];
  const byId = new Map(
    rows.map((r) => {
      const doc = JSON.parse(r.doc) as T;
      return [doc.id, doc];
    }),
  );
  return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
}

/**
 * A `where` matching a declared count scope reads its counter (O(1)). Anything else counts the
 * matching rows along the best declared index range, reading columns, never parsing documents
 * (docs/read-models.md, "What count means").
 */
export function countDocs(db: Database.Database, collection: string, layout: Layout, query: Pick<FindQuery, 'where'>, compiled?: SqlFragment): number {
  const scoped = matchCountScope(layout.counts, query.where);
  if (scoped) {
    const key = `json_array(${scoped.values.map(() => '?').join(', ')})`;
    const row = sql(db, `SELECT n FROM ${countersTable(collection)} WHERE scope = ? AND key = ${key}`).get(
      scopeName(scoped.scope),
      ...scoped.values.map(bindScalar),
    ) as { n: number } | undefined;
    return row?.n ?? 0;
  }
  const where = compiled ?? compileWhere(layout, query);
  return (sql(db, `SELECT COUNT(*) AS n FROM ${table(collection)} WHERE ${where.sql}`).get(...where.params) as { n: number }).n;
}

/** The SQL of one page: `limit + 1` rows, the extra one only telling whether a next page exists. */
export function pageSql(collection: string, layout: Layout, query: FindQuery) {
  const { where, filters, orderBy, sort } = compilePage(layout, query);
  return {
    text: `SELECT doc FROM ${table(collection)} WHERE ${where.sql} ORDER BY ${orderBy} LIMIT ?`,
    params: [...where.params, query.limit + 1],
    sort,
    filters,
  };
}

export function findDocs<T extends Doc>(db: Database.Database, collection: string, layout: Layout, query: FindQuery): FindResult<T> {
  const page = pageSql(collection, layout, query);
  const rows = sql(db, page.text).all(...page.params) as { doc: string }[];
  const items = rows.slice(0, query.limit).map((r) => JSON.parse(r.doc) as T);
  const last = items[items.length - 1];
  const next = rows.length > query.limit && last ? encodeCursor({ value: valueAt(last, page.sort.field), id: last.id }) : undefined;
  return { items, count: countDocs(db, collection, layout, query, page.filters), ...(next ? { next } : {}) };
}
