import { decodeCursor } from './cursor';
import { bindScalar } from './sqlite-columns';
import { columnOf, foldedColumnOf, Layout } from './sqlite-layout';
import { assertFieldName, Filter, FindQuery, Sort, sortOf } from './query';

/**
 * Compiles the read-store query language to SQLite. Fields the collection keeps as columns are read
 * from them (indexable, no JSON parsing); any other field falls back to json_extract over `doc`.
 */
export interface SqlFragment {
  sql: string;
  params: unknown[];
}

const checked = new Set<string>();

function checkField(field: string): void {
  if (checked.has(field)) return;
  assertFieldName(field);
  if (checked.size < 10_000) checked.add(field);
}

/** The SQL expression of a field in this collection. */
export function fieldSql(layout: Layout, field: string): string {
  checkField(field);
  if (field === 'id') return 'id';
  return layout.columns.includes(field) ? columnOf(field) : `json_extract(doc, '$.${field}')`;
}

function compileFilter(layout: Layout, filter: Filter): SqlFragment {
  if (filter.op === 'or') {
    if (filter.any.length === 0) return { sql: '0', params: [] };
    const groups = filter.any.map((group) => compileAll(layout, group));
    return {
      sql: `(${groups.map((g) => `(${g.sql})`).join(' OR ')})`,
      params: groups.flatMap((g) => g.params),
    };
  }
  const path = fieldSql(layout, filter.field);
  switch (filter.op) {
    case 'eq':
      return filter.value === null ? { sql: `${path} IS NULL`, params: [] } : { sql: `${path} = ?`, params: [bindScalar(filter.value)] };
    case 'ne':
      return { sql: `${path} IS NOT ?`, params: [bindScalar(filter.value)] };
    case 'in':
      if (filter.values.length === 0) return { sql: '0', params: [] };
      return { sql: `${path} IN (${filter.values.map(() => '?').join(', ')})`, params: filter.values.map(bindScalar) };
    case 'contains':
      return {
        sql: `EXISTS (SELECT 1 FROM json_each(doc, '$.${filter.field}') AS item WHERE item.value = ?)`,
        params: [bindScalar(filter.value)],
      };
    case 'ilike':
      // The folded copy is written with the document; without one, fold per row (unicode_lower:
      // SQLite's lower() folds ASCII only, see SqliteReadStore.open).
      if (layout.search.includes(filter.field))
        return { sql: `instr(${foldedColumnOf(filter.field)}, ?) > 0`, params: [filter.value.toLowerCase()] };
      return { sql: `instr(unicode_lower(${path}), ?) > 0`, params: [filter.value.toLowerCase()] };
    case 'gt':
      return { sql: `${path} > ?`, params: [bindScalar(filter.value)] };
    case 'gte':
      return { sql: `${path} >= ?`, params: [bindScalar(filter.value)] };
    case 'lt':
      return { sql: `${path} < ?`, params: [bindScalar(filter.value)] };
    case 'lte':
      return { sql: `${path} <= ?`, params: [bindScalar(filter.value)] };
    case 'exists':
      return { sql: filter.value ? `${path} IS NOT NULL` : `${path} IS NULL`, params: [] };
  }
}

function compileAll(layout: Layout, filters: Filter[]): SqlFragment {
  if (filters.length === 0) return { sql: '1', params: [] };
  const parts = filters.map((f) => compileFilter(layout, f));
  return { sql: parts.map((p) => p.sql).join(' AND '), params: parts.flatMap((p) => p.params) };
}

export function compileWhere(layout: Layout, query: Pick<FindQuery, 'where'>): SqlFragment {
  return compileAll(layout, query.where ?? []);
}

/**
 * WHERE (filters + sort-field presence + keyset position) and ORDER BY for one page. The keyset
 * position is a row-value comparison, which SQLite turns into the start of an index range on
 * `(..., sortField, id)`; spelled as `a > ? OR (a = ? AND id > ?)` it would filter row by row.
 */
export function compilePage(layout: Layout, query: FindQuery): { where: SqlFragment; filters: SqlFragment; orderBy: string; sort: Sort } {
  const sort = sortOf(query);
  const path = fieldSql(layout, sort.field);
  const filters = compileWhere(layout, query);
  const parts = [filters.sql];
  const params = [...filters.params];
  if (sort.field !== 'id') parts.push(`${path} IS NOT NULL`);
  if (query.after !== undefined) {
    const position = decodeCursor(query.after);
    const cmp = sort.direction === 'asc' ? '>' : '<';
    if (sort.field === 'id') {
      parts.push(`id ${cmp} ?`);
      params.push(position.id);
    } else {
      parts.push(`(${path}, id) ${cmp} (?, ?)`);
      params.push(bindScalar(position.value), position.id);
    }
  }
  const dir = sort.direction === 'asc' ? 'ASC' : 'DESC';
  const orderBy = sort.field === 'id' ? `id ${dir}` : `${path} ${dir}, id ${dir}`;
  return { where: { sql: parts.join(' AND '), params }, filters, orderBy, sort };
}
