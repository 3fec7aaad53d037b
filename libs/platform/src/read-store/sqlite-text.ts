import Database from 'better-sqlite3';
import { DocCache } from './doc-cache';
import { Doc, Filter, Scalar } from './query';
import { getDocs } from './sqlite-reads';
import { compileWhere, fieldSql } from './sqlite-query';
import { Layout, table } from './sqlite-layout';
import { sql } from '../sqlite/sqlite-statements';
import { hitIds, RankedGroup, textPage, textPaging } from './text-pages';
import { TEXT_SEARCH_DEPTH, textTerms, TextSearchQuery, TextSearchResult } from './text-search';

/**
 * The full-text index of a SQLite collection (docs/read-models.md, "Full-text search"): an FTS5
 * table `"rmt_<collection>:fts"`, contentless (the text stays in `doc` only) with deletes
 * (`contentless_delete=1`), one column per text field, keyed by the collection row's rowid, and
 * kept by triggers on the collection's table, so every write path (batch flushes, backfills)
 * updates it inside its own transaction and a rolled-back batch leaves it as it was. The name
 * cannot collide with a collection's table (`rm_`), counters (`rmc_`) or another index's shadow
 * tables (`<name>_data`, ...: the `:` never appears in a collection name).
 *
 * Tokenizer: `porter unicode61 remove_diacritics 2` (case- and accent-insensitive, English
 * stemming, as MongoDB's `english` text index).
 */
export const textTable = (collection: string): string => `"rmt_${collection}:fts"`;
const triggerName = (collection: string, suffix: string) => `"rmt_${collection}:${suffix}"`;
const textColumn = (field: string) => `"t.${field}"`;
/** Scope values a search matches in the index at most; with more, it filters the matches instead. */
const MAX_SCOPE_VALUES = 16;
/** A scope value the index can match: one ASCII word, as ids are. */
const SCOPE_WORD = /^[A-Za-z0-9]{1,128}$/;
/** The scope field's column: its value as words, weighted 0, only there to be matched. */
const scopeColumn = (field: string) => `"k.${field}"`;
/** A string field of the stored document, NULL otherwise. */
const textOf = (row: 'NEW' | 'OLD' | null, field: string) => {
  const doc = row ? `${row}.doc` : 'doc';
  return `CASE WHEN json_type(${doc}, '$.${field}') = 'text' THEN json_extract(${doc}, '$.${field}') END`;
};

/** Drops the collection's full-text index (its triggers go with it). */
export function dropTextIndex(db: Database.Database, collection: string): void {
  for (const suffix of ['insert', 'delete', 'update']) db.exec(`DROP TRIGGER IF EXISTS ${triggerName(collection, suffix)}`);
  db.exec(`DROP TABLE IF EXISTS ${textTable(collection)}`);
}

/**
 * Creates the full-text index over `fields` and fills it from the rows present (in the caller's
 * transaction). FTS5 tables cannot gain columns, so a new field set rebuilds the index: one pass
 * over the collection.
 */
export function createTextIndex(db: Database.Database, collection: string, fields: string[], scope?: string): void {
  dropTextIndex(db, collection);
  const fts = textTable(collection);
  const name = table(collection);
  const indexed = [
    ...fields.map((field) => ({ field, column: textColumn(field) })),
    ...(scope ? [{ field: scope, column: scopeColumn(scope) }] : []),
  ];
  const columns = indexed.map((i) => i.column).join(', ');
  const values = (row: 'NEW' | 'OLD' | null) => indexed.map((i) => textOf(row, i.field)).join(', ');
  db.exec(
    `CREATE VIRTUAL TABLE ${fts} USING fts5(${columns}, content='', contentless_delete=1, tokenize='porter unicode61 remove_diacritics 2')`,
  );
  db.exec(`INSERT INTO ${fts} (rowid, ${columns}) SELECT rowid, ${values(null)} FROM ${name}`);
  const insert = `INSERT INTO ${fts} (rowid, ${columns}) VALUES (NEW.rowid, ${values('NEW')});`;
  const remove = `DELETE FROM ${fts} WHERE rowid = OLD.rowid;`;
  const changed = indexed.map((i) => `${textOf('OLD', i.field)} IS NOT ${textOf('NEW', i.field)}`).join(' OR ');
  db.exec(`CREATE TRIGGER ${triggerName(collection, 'insert')} AFTER INSERT ON ${name} BEGIN ${insert} END`);
  db.exec(`CREATE TRIGGER ${triggerName(collection, 'delete')} AFTER DELETE ON ${name} BEGIN ${remove} END`);
  // An upsert that leaves the text as it was (a metadata change) does not touch the index.
  db.exec(
    `CREATE TRIGGER ${triggerName(collection, 'update')} AFTER UPDATE OF doc ON ${name} WHEN ${changed} BEGIN ${remove} ${insert} END`,
  );
}

/**
 * The part of the FTS5 query that keeps a search within the scopes its filters ask for (`where`
 * equality or `in` on the layout's textScope), or null when they ask for none. Only values that
 * are one ASCII word (ids are) are matched in the index: the tokenizer reads them as exactly that
 * word, lower-cased. Any other value leaves the search unscoped, filtered after the match as
 * before, so no normalisation or tokenizer rule can make the index miss a document. The filter
 * itself still applies, so ids differing only in case are told apart there.
 */
export function scopeQuery(scope: string | undefined, where: Filter[] | undefined): string | null {
  if (!scope) return null;
  let values: Scalar[] | null = null;
  for (const f of where ?? []) {
    if (f.op === 'eq' && f.field === scope) values = [f.value];
    else if (f.op === 'in' && f.field === scope) values = f.values;
    if (values) break;
  }
  // Past a few values, FTS5 walks one posting list per value, and that costs more than it saves:
  // 50 spaces of 200 sections each, searching all 50, took 10.6 ms scoped against 7.4 unscoped;
  // 16 of them 2.6 against 3.4, one 0.4 against 0.8.
  if (!values || values.length === 0 || values.length > MAX_SCOPE_VALUES) return null;
  if (!values.every((value) => typeof value === 'string' && SCOPE_WORD.test(value))) return null;
  return values.map((value) => `${scopeColumn(scope)} : "${String(value)}"`).join(' OR ');
}

/** The FTS5 query of the user's text: each term a quoted string (never syntax), any of them matching. */
export function ftsQuery(text: string): string | null {
  const terms = textTerms(text);
  return terms.length === 0 ? null : terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
}

/** A ranking: the groups of the best TEXT_SEARCH_DEPTH hits, best group first. */
type Ranking = RankedGroup[];

/** Rankings kept per read snapshot; past this many, the oldest go first. */
const RANKINGS_KEPT = 256;

/**
 * Rankings of one reader connection, exact like its DocCache: every read snapshot hands SQLite's
 * `data_version` to `sync`, and any commit (ours or another process's) forgets them all. A
 * repeated search (the next page, the same query from another user) between two writes costs a
 * map lookup instead of scoring every match again.
 */
export class TextRankings {
  private version: number | null = null;
  private readonly kept = new Map<string, Ranking>();

  sync(version: number): void {
    if (version === this.version) return;
    this.version = version;
    this.kept.clear();
  }

  get(key: string): Ranking | undefined {
    return this.kept.get(key);
  }

  put(key: string, ranking: Ranking): void {
    if (this.kept.size >= RANKINGS_KEPT) this.kept.delete(this.kept.keys().next().value!);
    this.kept.set(key, ranking);
  }
}

const jsonKey = (value: unknown) => JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));

/**
 * One page of groups of the ranking: the best TEXT_SEARCH_DEPTH hits (BM25 with the layout's
 * weights, negated so higher is better) in one statement, grouped in memory (groups by best hit,
 * then key; each keeps its best `perGroup` hits), the page sliced from it; documents come from the
 * cache. The ranking is kept for the snapshot (TextRankings).
 */
export function searchDocs<T extends Doc>(
  db: Database.Database,
  collection: string,
  layout: Layout,
  query: TextSearchQuery,
  cache?: DocCache,
  rankings?: TextRankings,
): TextSearchResult<T> {
  const weights = layout.text;
  const terms = ftsQuery(query.text);
  const scope = terms === null ? null : scopeQuery(layout.textScope, query.where);
  const match = scope === null ? terms : `(${scope}) AND (${terms})`;
  const { offset, perGroup } = textPaging(query);
  if (!weights || Object.keys(weights).length === 0 || match === null) return { items: [], count: 0 };
  const where = compileWhere(layout, query);
  const group = query.groupBy && query.groupBy !== 'id' ? fieldSql(layout, query.groupBy) : 'id';
  const key = jsonKey([collection, match, where, group, perGroup, weights]);
  let ranking = rankings?.get(key);
  if (!ranking) {
    ranking = rank(db, collection, [...Object.values(weights), ...(layout.textScope ? [0] : [])], match, where, group, perGroup);
    rankings?.put(key, ranking);
  }
  const shown = ranking.slice(offset, offset + query.limit);
  const docs = new Map(getDocs<T>(db, collection, hitIds(shown), cache).map((d) => [d.id, d]));
  return textPage(shown, docs, { offset, limit: query.limit, count: ranking.length, more: ranking.length > offset + query.limit });
}

function rank(
  db: Database.Database,
  collection: string,
  /** Per column of the index, in order (the scope column's is 0). */
  weights: number[],
  match: string,
  where: { sql: string; params: unknown[] },
  group: string,
  perGroup: number,
): Ranking {
  const fts = textTable(collection);
  const name = table(collection);
  const bm25 = `bm25(${fts}, ${weights.map((w) => w.toFixed(6)).join(', ')})`;
  const text = `
    SELECT ${name}.id AS id, ${group} AS g, -${bm25} AS score
    FROM ${fts} JOIN ${name} ON ${name}.rowid = ${fts}.rowid
    WHERE ${fts} MATCH ? AND (${where.sql}) AND ${group} IS NOT NULL
    ORDER BY score DESC, id LIMIT ${TEXT_SEARCH_DEPTH}`;
  const rows = sql(db, text)
    .raw()
    .all(match, ...where.params) as [string, Scalar, number][];
  const groups = new Map<Scalar, Ranking[number]>();
  for (const [id, g, score] of rows) {
    const found = groups.get(g);
    if (!found) groups.set(g, { key: g, score, hits: [{ id, score }] });
    else if (found.hits.length < perGroup) found.hits.push({ id, score });
  }
  return [...groups.values()].sort(
    (a, b) => b.score - a.score || (String(a.key) < String(b.key) ? -1 : String(a.key) > String(b.key) ? 1 : 0),
  );
}
