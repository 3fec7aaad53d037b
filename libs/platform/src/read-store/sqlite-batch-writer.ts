import Database from 'better-sqlite3';
import { ChangedDocs } from './doc-cache';
import { Doc, FindQuery } from './query';
import { ReadModelWriter } from './read-store';
import { ColumnValue, columnValue, foldedValue } from './sqlite-columns';
import { columnOf, foldedColumnOf, Layout, table } from './sqlite-layout';
import { findDocs, getDoc } from './sqlite-reads';
import { sql } from '../sqlite/sqlite-statements';

/**
 * A document waiting in a batch: a private copy, equal to what `JSON.parse(JSON.stringify(doc))`
 * answers, made when it is put (so later changes to the caller's object do not leak in), and
 * serialised once, when the batch is flushed, however many times the batch put it.
 */
type PendingDoc = Doc;

/** The batch's view of the tables: a collection's layout, and a plain table for one nobody declared. */
export interface BatchTables {
  layoutOf(collection: string): Layout | undefined;
  createPlain(collection: string): Layout;
}

/** Column values of a document in the order of the layout: query fields, then folded search fields. */
function rowValues(layout: Layout, doc: Doc): ColumnValue[] {
  const values = new Array<ColumnValue>(layout.columns.length + layout.search.length);
  let i = 0;
  for (const field of layout.columns) values[i++] = columnValue(doc, field);
  for (const field of layout.search) values[i++] = foldedValue(doc, field);
  return values;
}

const UNUSUAL = Symbol('unusual');

/**
 * A copy of plain JSON data with the JSON round trip's result, several times cheaper than
 * stringify + parse; anything else (a Date or another class, `toJSON`, a `__proto__` key, holes,
 * BigInt, deep nesting) answers UNUSUAL and the caller takes the real round trip.
 */
function copyValue(value: unknown, depth: number): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      // JSON writes -0 as 0 and NaN/Infinity as null.
      return Number.isFinite(value) ? (value === 0 ? 0 : value) : null;
    case 'object': {
      if (value === null) return null;
      if (depth > 32) return UNUSUAL;
      if (Array.isArray(value)) {
        const out = new Array<unknown>(value.length);
        for (let i = 0; i < value.length; i++) {
          const item = copyValue(value[i], depth + 1);
          if (item === UNUSUAL) return UNUSUAL;
          out[i] = item;
        }
        return out;
      }
      const proto: unknown = Object.getPrototypeOf(value);
      if ((proto !== Object.prototype && proto !== null) || typeof (value as { toJSON?: unknown }).toJSON === 'function') return UNUSUAL;
      const out: Record<string, unknown> = {};
      for (const key of Object.keys(value)) {
        if (key === '__proto__') return UNUSUAL;
        const field = (value as Record<string, unknown>)[key];
        // JSON leaves these keys out.
        if (field === undefined || typeof field === 'function' || typeof field === 'symbol') continue;
        const copy = copyValue(field, depth + 1);
        if (copy === UNUSUAL) return UNUSUAL;
        out[key] = copy;
      }
      return out;
    }
    default:
      return UNUSUAL;
  }
}

/** What the document reads back as once stored: `JSON.parse(JSON.stringify(doc))`. */
export function jsonCopy<T extends Doc>(doc: T): T {
  const copy = copyValue(doc, 0);
  return (copy === UNUSUAL ? JSON.parse(JSON.stringify(doc)) : copy) as T;
}

function upsertSql(collection: string, layout: Layout): string {
  const columns = [...layout.columns.map(columnOf), ...layout.search.map(foldedColumnOf), 'doc'];
  return `INSERT INTO ${table(collection)} (id, ${columns.join(', ')}) VALUES (?${', ?'.repeat(columns.length)})
    ON CONFLICT (id) DO UPDATE SET ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}`;
}

/** How long a flush at the end of a batch writes before the event loop gets a turn. */
const FLUSH_SLICE_MS = 10;

/**
 * The writes of one projection batch, inside its transaction. They stay in memory until the batch
 * ends (`flush`): one upsert or delete per document however many events of the batch touched it;
 * reads of the batch see them first. Documents are kept as private copies (`jsonCopy`), so later
 * changes to an object passed to `put` do not leak in, and reads get copies of their own; each is
 * serialised and its columns computed once, at the flush. Counters move with the rows (triggers),
 * inside the batch's savepoint. Every document flushed is noted in `changed`, so the reader's cache
 * forgets it (also when the savepoint is rolled back: forgetting too much is harmless).
 */
export function batchWriter(
  db: Database.Database,
  changed: ChangedDocs,
  tables: BatchTables,
): ReadModelWriter & { flush(): void; flushInTurns(): Promise<void> } {
  const pending = new Map<string, Map<string, PendingDoc | null>>();
  const pendingIn = (collection: string) => {
    let docs = pending.get(collection);
    if (!docs) {
      table(collection);
      pending.set(collection, (docs = new Map()));
    }
    return docs;
  };
  /** Writes the pending documents, one a step (each written is taken out of `pending`). */
  function* writes(): Generator<void> {
    for (const [collection, docs] of pending) {
      let layout = tables.layoutOf(collection);
      if (!layout && [...docs.values()].some((doc) => doc !== null)) layout = tables.createPlain(collection);
      if (layout) {
        const upsert = sql(db, upsertSql(collection, layout));
        const remove = sql(db, `DELETE FROM ${table(collection)} WHERE id = ?`);
        for (const [id, doc] of docs) {
          changed.add(collection, id);
          if (doc === null) remove.run(id);
          else upsert.run(id, ...rowValues(layout, doc), JSON.stringify(doc));
          docs.delete(id);
          yield;
        }
      }
      pending.delete(collection);
    }
  }
  const flush = () => {
    for (const _ of writes());
  };
  /**
   * The flush at the end of a batch, in slices of FLUSH_SLICE_MS with a turn of the event loop
   * between them: a batch of 2,000 pages' search sections held the loop some 280 ms in one write.
   * The batch's transaction stays open meanwhile (only this connection writes; readers keep their
   * snapshot).
   */
  const flushInTurns = async () => {
    let sliceStart = performance.now();
    for (const _ of writes()) {
      if (performance.now() - sliceStart < FLUSH_SLICE_MS) continue;
      await new Promise((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
  };
  return {
    get: async <T extends Doc>(collection: string, id: string) => {
      const doc = pending.get(collection)?.get(id);
      if (doc !== undefined) return doc === null ? null : (jsonCopy(doc) as T);
      return tables.layoutOf(collection) ? getDoc<T>(db, collection, id) : null;
    },
    find: async <T extends Doc>(collection: string, query: FindQuery) => {
      flush();
      const layout = tables.layoutOf(collection);
      return layout ? findDocs<T>(db, collection, layout, query) : { items: [], count: 0 };
    },
    put: (collection, doc) => {
      pendingIn(collection).set(doc.id, jsonCopy(doc));
    },
    // Nobody can change a frozen document, so it needs no private copy: reads of the batch still
    // get their own copies, and the flush serialises it as it would the copy.
    putFrozen: (collection, doc) => {
      pendingIn(collection).set(doc.id, doc);
    },
    delete: (collection, id) => {
      pendingIn(collection).set(id, null);
    },
    flush,
    flushInTurns,
  };
}
