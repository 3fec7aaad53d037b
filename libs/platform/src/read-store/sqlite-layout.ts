import Database from 'better-sqlite3';
import { scopeName } from './count-scopes';
import { assertFieldName } from './query';
import { CollectionSpec, queryFieldsOf } from './read-store';
import { createTextIndex } from './sqlite-text';
import { checkTextWeights } from './text-search';

/**
 * How one SQLite collection table is laid out beyond `id` and `doc` (docs/read-models.md): the
 * fields kept as real columns, the fields kept case-folded for search, the count scopes maintained
 * by triggers, and the indexes. Stored in `read_collections`, so processes that never declared the
 * collection (an API-only server, the CLI) query it the same way. It only ever grows.
 */
export interface Layout {
  columns: string[];
  search: string[];
  counts: string[][];
  indexes: string[][];
  /** Indexes that also carry the folded search columns (CollectionSpec.searchIndexes); absent in layouts stored before them. */
  searchIndexes?: string[][];
  /** Full-text fields and weights (sqlite-text.ts); absent in layouts stored before full-text search. */
  text?: Record<string, number>;
  /** The full-text index's scope field (CollectionSpec.textScope); absent in layouts stored before it. */
  textScope?: string;
}

export const EMPTY_LAYOUT: Layout = { columns: [], search: [], counts: [], indexes: [] };

export function table(collection: string): string {
  if (!/^[A-Za-z0-9_]+$/.test(collection)) throw new Error(`invalid collection name: ${collection}`);
  return `"rm_${collection}"`;
}

/** Counters of a collection: `rmc_` never begins a `rm_` name, so no collection's table can collide with it. */
export const countersTable = (collection: string): string => `"rmc_${collection}"`;

export const columnOf = (field: string): string => `"f.${field}"`;
export const foldedColumnOf = (field: string): string => `"s.${field}"`;

export function layoutOf(spec: CollectionSpec): Layout {
  const indexes = (spec.indexes ?? []).map((i) => (typeof i === 'string' ? [i] : i)).filter((i) => i.length > 0);
  const layout: Layout = { columns: queryFieldsOf(spec), search: [...new Set(spec.search ?? [])], counts: spec.counts ?? [], indexes };
  const searchIndexes = (spec.searchIndexes ?? []).filter((i) => i.length > 0);
  if (searchIndexes.length > 0) {
    if (layout.search.length === 0) throw new Error(`collection ${spec.name}: searchIndexes carry the search fields, and it declares none`);
    layout.searchIndexes = searchIndexes;
  }
  if (spec.text && Object.keys(spec.text).length > 0) {
    checkTextWeights(spec.text);
    layout.text = { ...spec.text };
  }
  if (spec.textScope !== undefined) {
    if (!layout.text) throw new Error(`collection ${spec.name}: a textScope scopes the full-text index, and it declares no text`);
    layout.textScope = spec.textScope;
  }
  [...layout.columns, ...layout.search, ...Object.keys(layout.text ?? {}), ...(layout.textScope ? [layout.textScope] : [])].forEach(
    assertFieldName,
  );
  return layout;
}

const union = <T>(a: T[], b: T[], key: (t: T) => string = String): T[] => {
  const seen = new Set(a.map(key));
  return [...a, ...b.filter((t) => !seen.has(key(t)))];
};

/** Text fields only grow; the weights are the newest declaration's (they apply at query time). */
function mergeText(a: Layout['text'], b: Layout['text']): Layout['text'] {
  if (!a) return b;
  if (!b) return a;
  return { ...a, ...b };
}

function merge(a: Layout, b: Layout): Layout {
  const text = mergeText(a.text, b.text);
  const textScope = b.textScope ?? a.textScope;
  const searchIndexes = union(a.searchIndexes ?? [], b.searchIndexes ?? [], (i) => i.join(','));
  return {
    columns: union(a.columns, b.columns),
    search: union(a.search, b.search),
    counts: union(a.counts, b.counts, scopeName),
    indexes: union(a.indexes, b.indexes, (i) => i.join(',')),
    ...(searchIndexes.length > 0 ? { searchIndexes } : {}),
    ...(text ? { text } : {}),
    ...(textScope ? { textScope } : {}),
  };
}

const sameFields = (a: Layout['text'], b: Layout['text']) => JSON.stringify(Object.keys(a ?? {})) === JSON.stringify(Object.keys(b ?? {}));

const same = (a: Layout, b: Layout) => JSON.stringify(a) === JSON.stringify(b);

export function ensureLayoutTable(db: Database.Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS read_collections (name TEXT PRIMARY KEY, layout TEXT NOT NULL)');
}

/** The stored layout of a collection; undefined when its table does not exist. Tables from before layouts have the empty one. */
export function loadLayout(db: Database.Database, collection: string): Layout | undefined {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(`rm_${collection}`);
  if (!exists) return undefined;
  const row = db.prepare('SELECT layout FROM read_collections WHERE name = ?').get(collection) as { layout: string } | undefined;
  return row ? (JSON.parse(row.layout) as Layout) : EMPTY_LAYOUT;
}

const jsonPathOf = (field: string) => `json_extract(doc, '$.${field}')`;
/** The backfill of a column must equal what the JS writer stores (sqlite-columns.ts): json_extract's values. */
const foldedBackfill = (field: string) => `CASE WHEN json_type(doc, '$.${field}') = 'text' THEN unicode_lower(${jsonPathOf(field)}) END`;

/**
 * Brings a collection's table to (at least) the wanted layout, in one transaction, and answers the
 * layout it now has. A new table gets its columns before `doc`, so reading them never walks a long
 * document. An existing one gets the missing columns added and filled from the documents, its
 * indexes and counters created and counted; expression indexes of tables from before layouts are
 * dropped (the columns replace them).
 */
export function applyLayout(db: Database.Database, collection: string, wanted: Layout): Layout {
  const name = table(collection);
  return db
    .transaction(() => {
      const current = loadLayout(db, collection);
      const layout = current ? merge(current, wanted) : wanted;
      if (current && same(current, layout)) return current;
      const columns = [...layout.columns.map(columnOf), ...layout.search.map(foldedColumnOf)];
      if (!current) {
        db.exec(`CREATE TABLE ${name} (id TEXT PRIMARY KEY, ${columns.map((c) => `${c}, `).join('')}doc TEXT NOT NULL)`);
      } else {
        for (const field of layout.columns.filter((f) => !current.columns.includes(f))) {
          db.exec(`ALTER TABLE ${name} ADD COLUMN ${columnOf(field)}`);
          db.exec(`UPDATE ${name} SET ${columnOf(field)} = ${jsonPathOf(field)}`);
        }
        for (const field of layout.search.filter((f) => !current.search.includes(f))) {
          db.exec(`ALTER TABLE ${name} ADD COLUMN ${foldedColumnOf(field)}`);
          db.exec(`UPDATE ${name} SET ${foldedColumnOf(field)} = ${foldedBackfill(field)}`);
        }
        const legacy = db
          .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql LIKE '%json_extract%'")
          .all(`rm_${collection}`) as { name: string }[];
        for (const index of legacy) db.exec(`DROP INDEX "${index.name}"`);
      }
      for (const fields of layout.indexes) createIndex(db, collection, fields);
      for (const fields of layout.searchIndexes ?? []) createIndex(db, collection, fields, layout.search);
      if (layout.counts.length > 0) maintainCounters(db, collection, layout.counts, current?.counts ?? []);
      if (layout.text && (!sameFields(current?.text, layout.text) || current?.textScope !== layout.textScope)) {
        createTextIndex(db, collection, Object.keys(layout.text), layout.textScope);
      }
      db.prepare('INSERT INTO read_collections (name, layout) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET layout = excluded.layout').run(
        collection,
        JSON.stringify(layout),
      );
      return layout;
    })
    .immediate();
}

/**
 * `(fields..., id)`: equality prefix, sort field, id tiebreak, so a keyset page is one range. Plain
 * indexes do not carry the folded search columns: a search along one reads them from each row of
 * its range (found by rowid). A search index (`search` given) carries them after the id, so such a
 * search, its page and its count, reads the index alone; carrying them in every index doubled the
 * size of each and slowed replays, so only the indexes searches run along carry them.
 */
function createIndex(db: Database.Database, collection: string, fields: string[], search: string[] = []): void {
  const parts = [
    ...fields.map((f) => (f === 'id' ? 'id' : columnOf(f))),
    ...(fields.includes('id') ? [] : ['id']),
    ...search.map(foldedColumnOf),
  ];
  const indexName = `"ix_${collection}_${fields.map((f) => f.replace(/\./g, '_')).join('__')}${search.length > 0 ? '__search' : ''}"`;
  db.exec(`CREATE INDEX IF NOT EXISTS ${indexName} ON ${table(collection)} (${parts.join(', ')})`);
}

/**
 * Counters in `rmc_<collection>` (scope, key = json_array of the scope's values, n), kept by
 * triggers, so every write path (batches, backfills) moves them in its own transaction and a
 * rolled-back batch leaves them untouched. New scopes are counted from the rows present.
 */
function maintainCounters(db: Database.Database, collection: string, scopes: string[][], existing: string[][]): void {
  const counters = countersTable(collection);
  const name = table(collection);
  db.exec(
    `CREATE TABLE IF NOT EXISTS ${counters} (scope TEXT NOT NULL, key TEXT NOT NULL, n INTEGER NOT ` +
      `NULL, PRIMARY KEY (scope, key)) WITHOUT ROWID`,
  );
  const known = new Set(existing.map(scopeName));
  for (const scope of scopes.filter((s) => !known.has(scopeName(s)))) {
    const cols = scope.map(columnOf).join(', ');
    db.exec(
      `INSERT INTO ${counters} (scope, key, n) SELECT '${scopeName(scope)}', json_array(${cols}), ` +
        `COUNT(*) FROM ${name} GROUP BY ${cols || "''"}`,
    );
  }
  const key = (row: 'NEW' | 'OLD', scope: string[]) => `json_array(${scope.map((f) => `${row}.${columnOf(f)}`).join(', ')})`;
  const increment = (scope: string[]) =>
    `INSERT INTO ${counters} (scope, key, n) VALUES ('${scopeName(scope)}', ${key('NEW', scope)}, 1) ON ` +
    `CONFLICT (scope, key) DO UPDATE SET n = n + 1;`;
  const decrement = (scope: string[]) =>
    `UPDATE ${counters} SET n = n - 1 WHERE scope = '${scopeName(scope)}' AND key = ${key('OLD', scope)};`;
  const trigger = (suffix: string) => `"rmc_${collection}_${suffix}"`;
  // The counters' own triggers only (the full-text index has its own, sqlite-text.ts).
  const old = db
    .prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ? AND substr(name, 1, 4) = 'rmc_'")
    .all(`rm_${collection}`) as { name: string }[];
  for (const t of old) db.exec(`DROP TRIGGER "${t.name}"`);
  db.exec(`CREATE TRIGGER ${trigger('insert')} AFTER INSERT ON ${name} BEGIN ${scopes.map(increment).join(' ')} END`);
  db.exec(`CREATE TRIGGER ${trigger('delete')} AFTER DELETE ON ${name} BEGIN ${scopes.map(decrement).join(' ')} END`);
  scopes.forEach((scope, i) => {
    if (scope.length === 0) return;
    const moved = scope.map((f) => `OLD.${columnOf(f)} IS NOT NEW.${columnOf(f)}`).join(' OR ');
    db.exec(
      `CREATE TRIGGER ${trigger(`update_${i}`)} AFTER UPDATE OF ${scope.map(columnOf).join(', ')} ON ` +
        `${name} WHEN ${moved} BEGIN ${decrement(scope)} ${increment(scope)} END`,
    );
  });
}
