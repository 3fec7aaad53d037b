/**
 * The narrow query language every read-store adapter implements (DESIGN.md, "ReadStore").
 * Field names are dotted paths into the JSON document (`user.email`).
 */
export type Scalar = string | number | boolean | null;

export type Filter =
  | { field: string; op: 'eq' | 'ne'; value: Scalar }
  | { field: string; op: 'in'; values: Scalar[] }
  /** The array at `field` contains `value`. */
  | { field: string; op: 'contains'; value: Scalar }
  /** Case-insensitive substring match on a string field. */
  | { field: string; op: 'ilike'; value: string }
  | { field: string; op: 'gt' | 'gte' | 'lt' | 'lte'; value: string | number }
  /** The field is present and not null (`true`), or absent or null (`false`). */
  | { field: string; op: 'exists'; value: boolean }
  /** Any of the nested filter groups matches (each group is an AND of its filters). */
  | { op: 'or'; any: Filter[][] };

/** One `eq` filter per field, in the order given: `equalTo({ spaceId, kind })`. */
export const equalTo = (values: Readonly<Record<string, Scalar>>): Filter[] =>
  Object.entries(values).map(([field, value]) => ({ field, op: 'eq', value }));

export interface Sort {
  /** Documents lacking the field are left out of a sorted query. */
  field: string;
  direction: 'asc' | 'desc';
}

/** The order of most lists: oldest first, by the documents' `createdAt`. */
export const OLDEST_FIRST: Sort = { field: 'createdAt', direction: 'asc' };

export interface FindQuery {
  where?: Filter[];
  /** Defaults to id ascending. The document id always breaks ties. */
  sort?: Sort;
  /** Opaque keyset cursor returned as `next` by the previous page. */
  after?: string;
  limit: number;
}

/** One page of a list: the `next` cursor of the page before (none for the first page) and how many at most. */
export type Page = Pick<FindQuery, 'after' | 'limit'>;

export interface FindResult<T> {
  items: T[];
  /** Cursor of the following page; absent on the last page. */
  next?: string;
  /** Total number of documents matching `where`. */
  count: number;
}

/** Every stored document has a string id. */
export interface Doc {
  id: string;
  [key: string]: unknown;
}

export class InvalidCursorError extends Error {
  constructor() {
    super('page: not a valid page cursor');
    this.name = 'InvalidCursorError';
  }
}

export function sortOf(query: FindQuery): Sort {
  return query.sort ?? { field: 'id', direction: 'asc' };
}

/** All sort-and-filter fields must be plain dotted identifiers: they end up in SQL paths and Mongo keys. */
export function assertFieldName(field: string): void {
  if (!/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/.test(field)) {
    throw new Error(`invalid field name in read-store query: ${field}`);
  }
}
