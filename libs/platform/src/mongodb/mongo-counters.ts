import { AnyBulkWriteOperation, ClientSession, Db, Document } from 'mongodb';
import { matchCountScope, scopeName } from '../read-store/count-scopes';
import { Doc, Filter, Scalar } from '../read-store/query';

/** A counter (`n` documents with these scope values) or a marker saying a scope is counted. */
interface CounterDoc {
  _id: string;
  n?: number;
  scope?: string[];
}

const MARKER = '#scope:';

const counters = (physical: string) => `rmc_${physical.replace(/^rm_/, '')}`;

export const counterKey = (scope: string[], values: Scalar[]): string => `${scopeName(scope)}|${JSON.stringify(values)}`;

function valueAt(doc: Doc, field: string): Scalar {
  let value: unknown = doc;
  for (const key of field.split('.')) {
    value = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
  }
  return (value ?? null) as Scalar;
}

const keysOf = (doc: Doc | null, scopes: string[][]): string[] =>
  doc
    ? scopes.map((scope) =>
        counterKey(
          scope,
          scope.map((f) => valueAt(doc, f)),
        ),
      )
    : [];

/**
 * Count scopes in MongoDB: one counter document per (scope, values) in `rmc_<collection>`, moved
 * by `$inc` in the batch's transaction. Only kept where batches are transactions (replica set):
 * without one a crash between the documents and their counters would leave the counters wrong for
 * good, so a standalone server counts with countDocuments over the indexes instead. A scope's
 * marker document says its counters are complete; processes that never declared the collection
 * learn its scopes from the markers.
 */
export class MongoCounters {
  private readonly scopes = new Map<string, string[][]>();

  constructor(private readonly db: Db) {}

  /** Counts the rows already there for scopes not counted yet, then marks them counted. */
  async declare(physical: string, scopes: string[][], session?: ClientSession): Promise<void> {
    const coll = this.db.collection<CounterDoc>(counters(physical));
    const marked = await this.scopesOf(physical, true);
    for (const scope of scopes.filter((s) => !marked.some((m) => scopeName(m) === scopeName(s)))) {
      const groups = await this.db
        .collection(physical)
        .aggregate<{ _id: Scalar[]; n: number }>([{ $group: { _id: scope.map((f) => `$${f}`), n: { $sum: 1 } } }], { session })
        .toArray();
      const ops: AnyBulkWriteOperation<CounterDoc>[] = groups.map((g) => ({
        replaceOne: {
          filter: {
            _id: counterKey(
              scope,
              g._id.map((v) => v ?? null),
            ),
          },
          replacement: { n: g.n },
          upsert: true,
        },
      }));
      ops.push({ replaceOne: { filter: { _id: `${MARKER}${scopeName(scope)}` }, replacement: { scope }, upsert: true } });
      await coll.bulkWrite(ops, { session });
    }
    this.scopes.delete(physical);
  }

  /** The counted scopes of a collection (from its markers, cached). */
  async scopesOf(physical: string, fresh = false): Promise<string[][]> {
    const cached = this.scopes.get(physical);
    if (cached && !fresh) return cached;
    const markers = await this.db
      .collection<CounterDoc>(counters(physical))
      .find({ _id: { $regex: `^${MARKER.replace(/[#:]/g, '\\$&')}` } })
      .toArray();
    const scopes = markers.flatMap((m) => (m.scope ? [m.scope] : []));
    this.scopes.set(physical, scopes);
    return scopes;
  }

  /** The counter answering `where`, or null when `where` is no counted scope. */
  async count(physical: string, where: Filter[] | undefined): Promise<number | null> {
    const match = matchCountScope(await this.scopesOf(physical), where);
    if (!match) return null;
    const doc = await this.db.collection<CounterDoc>(counters(physical)).findOne({ _id: counterKey(match.scope, match.values) });
    return doc?.n ?? 0;
  }

  /** Moves the counters for a batch's writes to one collection: old versions out, new ones in. */
  async apply(physical: string, writes: Map<string, Doc | null>, session: ClientSession): Promise<void> {
    const scopes = await this.scopesOf(physical);
    if (scopes.length === 0 || writes.size === 0) return;
    const before = (await this.db
      .collection(physical)
      .find({ _id: { $in: [...writes.keys()] } } as Document, { session, projection: Object.fromEntries(scopes.flat().map((f) => [f, 1])) })
      .toArray()) as unknown as Doc[];
    const old = new Map(before.map((d) => [String((d as Document)._id), d]));
    const delta = new Map<string, number>();
    const move = (keys: string[], by: number) => {
      for (const k of keys) delta.set(k, (delta.get(k) ?? 0) + by);
    };
    for (const [id, doc] of writes) {
      move(keysOf(old.get(id) ?? null, scopes), -1);
      move(keysOf(doc, scopes), 1);
    }
    const ops: AnyBulkWriteOperation<CounterDoc>[] = [...delta]
      .filter(([, by]) => by !== 0)
      .map(([key, by]) => ({ updateOne: { filter: { _id: key }, update: { $inc: { n: by } }, upsert: true } }));
    if (ops.length > 0) await this.db.collection<CounterDoc>(counters(physical)).bulkWrite(ops, { session, ordered: false });
  }

  async drop(physical: string, dropCollection: (name: string) => Promise<void>): Promise<void> {
    this.scopes.delete(physical);
    await dropCollection(counters(physical));
  }
}
