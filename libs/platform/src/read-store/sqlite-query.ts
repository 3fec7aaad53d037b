import { decodeCursor } from './cursor';
import { assertFieldName, Filter, FindQuery, Scalar, Sort, sortOf } from './query';

/** Compiles the read-store query language to SQLite over `doc` JSON columns. */
export interface SqlFragment {
  sql: string;
  params: unknown[];
}

const paths = new Map<string, string>();

/** The SQL expression of a field (checked once per distinct field name, then remembered). */
export function jsonPath(field: string): string {
  let path = paths.get(field);
  if (path === undefined) {
    assertFieldName(field);
    path = field === 'id' ? 'id' : `json_extract(doc, '$.${field}')`;
    if (paths.size < 10_000) paths.set(field, path);
  }
  return path;
}

function bind(value: Scalar | undefined): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value ?? null;
}

function compileFilter(filter: Filter): SqlFragment {
  if (filter.op === 'or') {
    if (filter.any.length === 0) return { sql: '0', params: [] };
    const groups = filter.any.map((group) => compileAll(group));
    return {
      sql: `(${groups.map((g) => `(${g.sql})`).join(' OR ')})`,
      params: groups.flatMap((g) => g.params),
    };
  }
  const path = jsonPath(filter.field);
  switch (filter.op) {
    case 'eq':
      return filter.value === null ? { sql: `${path} IS NULL`, params: [] } : { sql: `${path} = ?`, params: [bind(filter.value)] };
    case 'ne':
      return { sql: `${path} IS NOT ?`, params: [bind(filter.value)] };
    case 'in':
      if (filter.values.length === 0) return { sql: '0', params: [] };
      return { sql: `${path} IN (${filter.values.map(() => '?').join(', ')})`, params: filter.values.map(bind) };
    case 'contains':
      assertFieldName(filter.field);
      return {
        sql: `EXISTS (SELECT 1 FROM json_each(doc, '$.${filter.field}') AS item WHERE item.value = ?)`,
        params: [bind(filter.value)],
      };
    case 'ilike':
      // unicode_lower: SQLite's lower() folds ASCII only; names are not ASCII only (see SqliteReadStore.open).
      return { sql: `instr(unicode_lower(${path}), ?) > 0`, params: [filter.value.toLowerCase()] };
    case 'gt':
      return { sql: `${path} > ?`, params: [filter.value] };
    case 'gte':
      return { sql: `${path} >= ?`, params: [filter.value] };
    case 'lt':
      return { sql: `${path} < ?`, params: [filter.value] };
    case 'lte':
      return { sql: `${path} <= ?`, params: [filter.value] };
    case 'exists':
      return { sql: filter.value ? `${path} IS NOT NULL` : `${path} IS NULL`, params: [] };
  }
}

function compileAll(filters: Filter[]): SqlFragment {
  if (filters.length === 0) return { sql: '1', params: [] };
  const parts = filters.map(compileFilter);
  return { sql: parts.map((p) => p.sql).join(' AND '), params: parts.flatMap((p) => p.params) };
}

export function compileWhere(query: Pick<FindQuery, 'where'>): SqlFragment {
  return compileAll(query.where ?? []);
}

/** WHERE (filters + sort-field presence + keyset position) and ORDER BY for one page. */
export function compilePage(query: FindQuery): { where: SqlFragment; orderBy: string; sort: Sort } {
  const sort = sortOf(query);
  const path = jsonPath(sort.field);
  const filters = compileWhere(query);
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
      parts.push(`(${path} ${cmp} ? OR (${path} = ? AND id ${cmp} ?))`);
      params.push(bind(position.value), bind(position.value), position.id);
    }
  }
  const dir = sort.direction === 'asc' ? 'ASC' : 'DESC';
  const orderBy = sort.field === 'id' ? `id ${dir}` : `${path} ${dir}, id ${dir}`;
  return { where: { sql: parts.join(' AND '), params }, orderBy, sort };
}
