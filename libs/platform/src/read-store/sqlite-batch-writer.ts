import Database from 'better-sqlite3';
import { Doc, FindQuery } from './query';
import { ReadModelWriter } from './read-store';
import { ColumnValue, columnValue, foldedValue } from './sqlite-columns';
import { columnOf, foldedColumnOf, Layout, table } from './sqlite-layout';
import { findDocs, getDoc } from './sqlite-reads';
import { sql } from './sqlite-statements';

/** A document waiting in a batch: its JSON and its column values (layout order). */
interface PendingDoc {
  json: string;
  values: ColumnValue[];
}

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

function upsertSql(collection: string, layout: Layout): string {
  const columns = [...layout.columns.map(columnOf), ...layout.search.map(foldedColumnOf), 'doc'];
  return `INSERT INTO ${table(collection)} (id, ${columns.join(', ')}) VALUES (?${', ?'.repeat(columns.length)})
    ON CONFLICT (id) DO UPDATE SET ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}`;
}

/**
 * The writes of one projection batch, inside its transaction. They stay in memory until the batch
 * ends (`flush`): one upsert or delete per document however many events of the batch touched it;
 * reads of the batch see them first. Documents are kept serialised with their column values, so
 * later changes to an object passed to `put` do not leak in. Counters move with the rows
 * (triggers), inside the batch's savepoint.
 */
export function batchWriter(db: Database.Database, tables: BatchTables): ReadModelWriter & { flush(): void } {
  const pending = new Map<string, Map<string, PendingDoc | null>>();
  const pendingIn = (collection: string) => {
    let docs = pending.get(collection);
    if (!docs) {
      table(collection);
      pending.set(collection, (docs = new Map()));
    }
    return docs;
  };
  const flush = () => {
    for (const [collection, docs] of pending) {
      let layout = tables.layoutOf(collection);
      if (!layout && [...docs.values()].some((doc) => doc !== null)) layout = tables.createPlain(collection);
      if (!layout) continue;
      const upsert = sql(db, upsertSql(collection, layout));
      const remove = sql(db, `DELETE FROM ${table(collection)} WHERE id = ?`);
      const width = layout.columns.length + layout.search.length;
      for (const [id, doc] of docs) {
        if (doc === null) remove.run(id);
        else {
          // Put before its table existed (created in this flush): compute the columns now.
          const values = doc.values.length === width ? doc.values : rowValues(layout, JSON.parse(doc.json) as Doc);
          upsert.run(id, ...values, doc.json);
        }
      }
    }
    pending.clear();
  };
  return {
    get: async <T extends Doc>(collection: string, id: string) => {
      const doc = pending.get(collection)?.get(id);
      if (doc !== undefined) return doc === null ? null : (JSON.parse(doc.json) as T);
      return tables.layoutOf(collection) ? getDoc<T>(db, collection, id) : null;
    },
    find: async <T extends Doc>(collection: string, query: FindQuery) => {
      flush();
      const layout = tables.layoutOf(collection);
      return layout ? findDocs<T>(db, collection, layout, query) : { items: [], count: 0 };
    },
    put: (collection, doc) => {
      const layout = tables.layoutOf(collection);
      pendingIn(collection).set(doc.id, { json: JSON.stringify(doc), values: layout ? rowValues(layout, doc) : [] });
    },
    delete: (collection, id) => {
      pendingIn(collection).set(id, null);
    },
    flush,
  };
}
