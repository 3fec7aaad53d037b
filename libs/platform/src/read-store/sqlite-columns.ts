import { Doc, Scalar } from './query';

/** What a column holds: what SQLite's json_extract would answer for the field, computed in JS at write time. */
export type ColumnValue = string | number | bigint | null;

const paths = new Map<string, string[]>();

/** Own properties only, as in the stored JSON: a field named `constructor` is absent, not Object's. */
function own(value: unknown, key: string): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.hasOwn(value, key)) return undefined;
  return (value as Record<string, unknown>)[key];
}

function at(doc: Doc, field: string): unknown {
  if (!field.includes('.')) return own(doc, field);
  let keys = paths.get(field);
  if (!keys) paths.set(field, (keys = field.split('.')));
  let value: unknown = doc;
  for (const key of keys) value = own(value, key);
  return value;
}

/**
 * A value as SQLite stores and compares it, the same as json_extract over the stored JSON: integers
 * as INTEGER (better-sqlite3 binds plain numbers as REAL, and counter keys must match json_extract's
 * backfill), booleans as 1/0, objects and arrays as their JSON text, absent as NULL.
 */
export function toSql(value: unknown): ColumnValue {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      if (!Number.isFinite(value)) return null;
      if (Number.isSafeInteger(value)) return BigInt(value);
      return Number.isInteger(value) ? largeInteger(value) : value;
    case 'boolean':
      return value ? 1n : 0n;
    case 'object': {
      if (value === null) return null;
      const json = (value as { toJSON?: () => unknown }).toJSON;
      return typeof json === 'function' ? toSql(json.call(value)) : JSON.stringify(value);
    }
    default:
      return null;
  }
}

/** What SQLite reads from JSON's text for a large integer: its shortest digits, as INTEGER while they fit 64 bits. */
function largeInteger(value: number): ColumnValue {
  const text = JSON.stringify(value);
  if (!/^-?\d+$/.test(text)) return value;
  const big = BigInt(text);
  return big >= -(2n ** 63n) && big < 2n ** 63n ? big : value;
}

export function columnValue(doc: Doc, field: string): ColumnValue {
  return toSql(at(doc, field));
}

/** The case-folded copy `ilike` matches against: strings only, folded as MongoDB's /i and JS do (all of Unicode). */
export function foldedValue(doc: Doc, field: string): string | null {
  const value = at(doc, field);
  return typeof value === 'string' ? value.toLowerCase() : null;
}

/** A query parameter bound the same way columns are written. */
export function bindScalar(value: Scalar | undefined): ColumnValue {
  return toSql(value ?? null);
}
