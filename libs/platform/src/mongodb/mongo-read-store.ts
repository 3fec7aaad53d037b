import {
  AnyBulkWriteOperation,
  ClientSession,
  Db,
  Document,
  Filter as MongoFilter,
  MongoClient,
  MongoError,
  MongoNetworkError,
  MongoServerSelectionError,
  MongoTopologyClosedError,
  Sort as MongoSort,
} from 'mongodb';
import { StoreUnavailableError } from '../event-store/event-store';
import { decodeCursor, encodeCursor } from '../read-store/cursor';
import { MongoCounters } from './mongo-counters';
import { positionKey, projectionState, storedCheckpoint, StoredProjectionState, storedState } from '../read-store/projection-states';
import { assertFieldName, Doc, Filter, FindQuery, FindResult, Scalar, Sort, sortOf } from '../read-store/query';
import {
  CheckpointMovedError,
  CollectionSpec,
  ParkedChanges,
  ParkedEvent,
  ParkedGeneration,
  ParkedGenerationKey,
  ParkedQuery,
  ProjectionState,
  ReadModelWriter,
  ReadStore,
} from '../read-store/read-store';
import { hitIds, RankedGroup, textPage, textPaging } from '../read-store/text-pages';
import { checkTextWeights, TEXT_SEARCH_DEPTH, textTerms, TextSearchQuery, TextSearchResult } from '../read-store/text-search';

export interface MongoReadStoreOptions {
  /** `mongodb://host:27017/?replicaSet=rs0` (MONGO_URL). */
  url: string;
  dbName: string;
  /** How long to look for a reachable server before giving up, in ms (default 5000). */
  serverSelectionTimeoutMS?: number;
}

/** A stored read-model document: the document itself plus `_id` = its id. */
type StoredDoc = Doc & { _id: string };

type StateDoc = StoredProjectionState & { _id: string };

/** Pending writes of one batch: collection -> id -> document, or null for a delete. */
type Pending = Map<string, Map<string, Doc | null>>;

const STATES = 'projections';
/** Parked events (read-store.ts, ParkedEvent): `_id` is the JSON of [projection, version, generation, event id]. */
const PARKED = 'parked_events';

type ParkedDoc = Omit<ParkedEvent, 'position'> & { _id: string; position: string; positionKey: string };

const parkedId = (key: ParkedGenerationKey & { eventId: string }) =>
  JSON.stringify([key.projection, key.version, key.generation, key.eventId]);
/** The name of a collection's text index. */
const TEXT_INDEX = 'tx_text';

/**
 * The MongoDB read store (`mongodb` driver; chosen when MONGO_URL is set).
 *
 * Wiring: `await MongoReadStore.connect({ url, dbName })` connects and checks the server at once,
 * so an unreachable server fails at startup with one clear StoreUnavailableError. `new
 * MongoReadStore(options)` is lazy instead: it connects on first use (or on `await store.init()`).
 *
 * - A logical collection `spaces_v2` is the Mongo collection `rm_spaces_v2`; documents are stored
 *   with `_id` = id (and keep their `id`) and are returned without `_id`. Documents go through JSON
 *   on the way in, as in the SQLite adapter (undefined fields vanish, dates become strings).
 * - Projection states live in `projections` (`_id` = name, checkpoint as a decimal string).
 * - commitBatch runs `apply` first (its writes are buffered; writer reads see them), then writes the
 *   documents and the new checkpoint in one transaction when the server supports transactions
 *   (replica set or sharded cluster). On a standalone server there is no transaction: documents are
 *   written first and the checkpoint last, so a crash in between re-applies the batch on restart
 *   rather than losing it; batches of one projection are serialised within the process, but two
 *   processes projecting the same projection need a replica set.
 * - Indexes are compound, `{ ...fields, _id }`, so a keyset page is one index range. Count scopes
 *   keep counters in the batch's transaction (mongo-counters.ts); `ilike` is a /i regex tested on
 *   the documents of the index range (MongoDB folds all of Unicode itself).
 */
export class MongoReadStore extends ReadStore {
  private readonly client: MongoClient;
  private readonly db: Db;
  private readonly url: string;
  private ready: Promise<void> | null = null;
  private transactions = false;
  private readonly batchLocks = new Map<string, Promise<void>>();
  private readonly counters: MongoCounters;

  constructor(options: MongoReadStoreOptions) {
    super();
    this.url = redact(options.url);
    if (!/^[^/\\. "$*<>:|?]+$/.test(options.dbName)) {
      throw new StoreUnavailableError(`MongoDB database name ${JSON.stringify(options.dbName)} is invalid`);
    }
    try {
      this.client = new MongoClient(options.url, {
        ignoreUndefined: true,
        serverSelectionTimeoutMS: options.serverSelectionTimeoutMS ?? 5000,
      });
    } catch (error) {
      throw new StoreUnavailableError(`MongoDB URL ${this.url} is invalid: ${firstLine(error)}`);
    }
    this.db = this.client.db(options.dbName);
    this.counters = new MongoCounters(this.db);
  }

  /** Creates the store and connects (fails with StoreUnavailableError when the server is unreachable). */
  static async connect(options: MongoReadStoreOptions): Promise<MongoReadStore> {
    const store = new MongoReadStore(options);
    await store.init();
    return store;
  }

  /** Connects and learns whether the server runs transactions; idempotent, retried after a failure. */
  init(): Promise<void> {
    if (!this.ready) {
      this.ready = this.connectOnce().catch((error: unknown) => {
        this.ready = null;
        throw this.translate(error);
      });
    }
    return this.ready;
  }

  /** Whether commitBatch runs in a transaction (known after init). */
  get supportsTransactions(): boolean {
    return this.transactions;
  }

  private async connectOnce(): Promise<void> {
    await this.client.connect();
    const hello = await this.db.admin().command({ hello: 1 });
    this.transactions = typeof hello.setName === 'string' || hello.msg === 'isdbgrid';
    await this.db.collection(PARKED).createIndex({ projection: 1, version: 1, generation: 1, positionKey: 1 }, { name: 'ix_in_log_order' });
  }

  async ensureCollections(specs: CollectionSpec[]): Promise<void> {
    await this.run(async () => {
      for (const spec of specs) {
        const name = physical(spec.name);
        try {
          await this.db.createCollection(name);
        } catch (error) {
          if (!(error instanceof MongoError && (error.code === 48 || /already exists/i.test(error.message)))) throw error;
        }
        // MongoDB matches case-insensitively on the documents: search indexes are plain ones there.
        for (const index of [...(spec.indexes ?? []), ...(spec.searchIndexes ?? [])]) {
          const fields = (typeof index === 'string' ? [index] : index).map(mongoField);
          if (fields.length === 1 && fields[0] === '_id') continue; // _id is always indexed
          const keys = Object.fromEntries([...fields, ...(fields.includes('_id') ? [] : ['_id'])].map((f) => [f, 1]));
          const indexName = `ix_${fields.map((f) => f.replace(/\./g, '_')).join('__')}`;
          await this.db.collection(name).createIndex(keys, { name: indexName });
        }
        if (spec.text && Object.keys(spec.text).length > 0) await this.ensureTextIndex(name, spec.text);
        if (spec.counts?.length && this.transactions) {
          const session = this.client.startSession();
          try {
            await session.withTransaction(() => this.counters.declare(name, spec.counts!, session));
          } finally {
            await session.endSession();
          }
        }
      }
    });
  }

  async get<T extends Doc>(collection: string, id: string): Promise<T | null> {
    return this.run(() => this.getFromDb<T>(collection, id));
  }

  /**
   * The collection's text index (one per collection in MongoDB): `{ field: 'text' }` for each text
   * field, with the weights, English stemming, and a language override field no document has (a
   * document's own `language` field must not pick the stemmer). Fields only grow: a text index over
   * other fields or weights is replaced (MongoDB rebuilds it from the documents).
   */
  private async ensureTextIndex(name: string, weights: Record<string, number>): Promise<void> {
    checkTextWeights(weights);
    Object.keys(weights).forEach(assertFieldName);
    const collection = this.db.collection(name);
    const existing = (await collection.indexes()).filter((index) => index.textIndexVersion !== undefined || index.name === TEXT_INDEX);
    const current = existing[0]?.weights as Record<string, number> | undefined;
    const wanted = { ...(current ?? {}), ...weights };
    if (
      existing.length === 1 &&
      current &&
      JSON.stringify(Object.entries(current).sort()) === JSON.stringify(Object.entries(wanted).sort())
    )
      return;
    for (const index of existing) await collection.dropIndex(index.name!);
    await collection.createIndex(Object.fromEntries(Object.keys(wanted).map((f) => [f, 'text'])), {
      name: TEXT_INDEX,
      weights: wanted,
      default_language: 'english',
      language_override: '__textLanguage',
    });
  }

  /**
   * `$text` (each term a plain word: any of them matches) with the equality filters, the best
   * TEXT_SEARCH_DEPTH hits by `textScore`, grouped and paged in one aggregation.
   */
  async search<T extends Doc>(collection: string, query: TextSearchQuery): Promise<TextSearchResult<T>> {
    const { offset, perGroup } = textPaging(query);
    const terms = textTerms(query.text);
    if (terms.length === 0) return { items: [], count: 0 };
    const group = query.groupBy && query.groupBy !== 'id' ? mongoField(query.groupBy) : '_id';
    return this.run(async () => {
      const coll = this.db.collection<StoredDoc>(physical(collection));
      const match = { ...compileWhere(query.where), $text: { $search: terms.join(' ') } } as MongoFilter<StoredDoc>;
      const results = await coll
        .aggregate<{ total: { n: number }[]; page: { _id: Scalar; best: number; hits: { id: string; score: number }[] }[] }>([
          { $match: match },
          { $set: { __score: { $meta: 'textScore' }, __group: `$${group}` } },
          { $match: { __group: { $ne: null } } },
          { $sort: { __score: -1, _id: 1 } },
          { $limit: TEXT_SEARCH_DEPTH },
          { $group: { _id: '$__group', best: { $max: '$__score' }, hits: { $push: { id: '$_id', score: '$__score' } } } },
          { $sort: { best: -1, _id: 1 } },
          { $facet: { total: [{ $count: 'n' }], page: [{ $skip: offset }, { $limit: query.limit + 1 }] } },
        ])
        .toArray()
        .catch((error: unknown) => {
          // No text index (a collection without text fields, or not created yet): nothing to find.
          if (error instanceof MongoError && (error.code === 27 || error.code === 26 || /text index required/i.test(error.message)))
            return [];
          throw error;
        });
      const result = results[0];
      const page = result?.page ?? [];
      const shown: RankedGroup[] = page.slice(0, query.limit).map((g) => ({
        key: g._id,
        score: g.best,
        hits: [...g.hits].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).slice(0, perGroup),
      }));
      const docs = new Map(
        ((await coll.find({ _id: { $in: hitIds(shown) } }, { projection: { _id: 0 } }).toArray()) as unknown as T[]).map((d) => [d.id, d]),
      );
      return textPage(shown, docs, { offset, limit: query.limit, count: result?.total[0]?.n ?? 0, more: page.length > query.limit });
    });
  }

  private async getFromDb<T extends Doc>(collection: string, id: string): Promise<T | null> {
    const doc = await this.db.collection<StoredDoc>(physical(collection)).findOne({ _id: id }, { projection: { _id: 0 } });
    return (doc as unknown as T | null) ?? null;
  }

  async getMany<T extends Doc>(collection: string, ids: string[]): Promise<T[]> {
    if (ids.length === 0) return [];
    return this.run(async () => {
      const docs = (await this.db
        .collection<StoredDoc>(physical(collection))
        .find({ _id: { $in: [...new Set(ids)] } }, { projection: { _id: 0 } })
        .toArray()) as unknown as T[];
      const byId = new Map(docs.map((d) => [d.id, d]));
      return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
    });
  }

  async find<T extends Doc>(collection: string, query: FindQuery): Promise<FindResult<T>> {
    return this.run(() => this.findInDb<T>(collection, query, new Map()));
  }

  async count(collection: string, query: Pick<FindQuery, 'where'>): Promise<number> {
    return this.run(async () => {
      const counted = await this.counters.count(physical(collection), query.where);
      return counted ?? this.db.collection<StoredDoc>(physical(collection)).countDocuments(compileWhere(query.where));
    });
  }

  /** One page from the database, merged with a batch's pending writes (none outside batches). */
  private async findInDb<T extends Doc>(collection: string, query: FindQuery, pending: Pending): Promise<FindResult<T>> {
    const page = compilePage(query);
    const overlay = pending.get(collection) ?? new Map<string, Doc | null>();
    const hidden = [...overlay.keys()];
    const notPending = (filter: MongoFilter<StoredDoc>): MongoFilter<StoredDoc> =>
      hidden.length === 0 ? filter : and([filter, { _id: { $nin: hidden } }]);
    const coll = this.db.collection<StoredDoc>(physical(collection));
    const fromDb = (await coll
      .find(notPending(page.filter), { projection: { _id: 0 }, sort: page.mongoSort, limit: query.limit + 1 })
      .toArray()) as unknown as Doc[];
    // Counters hold committed writes only: inside a batch with pending writes, count the documents.
    const counted = overlay.size === 0 ? await this.counters.count(physical(collection), query.where) : null;
    let count = counted ?? (await coll.countDocuments(notPending(compileWhere(query.where))));
    let rows = fromDb;
    if (overlay.size > 0) {
      const written = [...overlay.values()].filter((d): d is Doc => d !== null);
      count += written.filter((d) => matchesAll(d, query.where ?? [])).length;
      const extra = written.filter((d) => matchesPage(d, query, page.sort)).map(copy);
      rows = [...fromDb, ...extra].sort((a, b) => compareDocs(a, b, page.sort)).slice(0, query.limit + 1);
    }
    const items = rows.slice(0, query.limit) as T[];
    const last = items[items.length - 1];
    const next = rows.length > query.limit && last ? encodeCursor({ value: valueAt(last, page.sort.field), id: last.id }) : undefined;
    return { items, count, ...(next ? { next } : {}) };
  }

  async getProjectionState(name: string): Promise<ProjectionState | null> {
    return this.run(async () => {
      const doc = await this.db.collection<StateDoc>(STATES).findOne({ _id: name });
      return doc ? projectionState(doc) : null;
    });
  }

  async listProjectionStates(): Promise<ProjectionState[]> {
    return this.run(async () => (await this.db.collection<StateDoc>(STATES).find({}).sort({ _id: 1 }).toArray()).map(projectionState));
  }

  async saveProjectionState(state: ProjectionState): Promise<void> {
    await this.run(async () => {
      const doc: StateDoc = { _id: state.name, ...storedState(state) };
      await this.db.collection<StateDoc>(STATES).replaceOne({ _id: state.name }, doc, { upsert: true });
    });
  }

  async replaceProjectionState(expected: ProjectionState | null, next: ProjectionState): Promise<boolean> {
    return this.run(async () => {
      const states = this.db.collection<StateDoc>(STATES);
      const doc: StateDoc = { _id: next.name, ...storedState(next) };
      if (expected === null) {
        try {
          await states.insertOne(doc);
          return true;
        } catch (error) {
          if (error instanceof MongoError && error.code === 11000) return false;
          throw error;
        }
      }
      const result = await states.replaceOne(
        {
          _id: next.name,
          version: expected.version,
          generation: expected.generation,
          checkpoint: storedCheckpoint(expected.checkpoint),
          status: expected.status,
        },
        doc,
      );
      return result.matchedCount === 1;
    });
  }

  async setProjectionStatus(name: string, status: ProjectionState['status'], error: string | null): Promise<boolean> {
    return this.run(async () => {
      const result = await this.db
        .collection<StateDoc>(STATES)
        .updateOne({ _id: name }, { $set: { status, error, updatedAt: new Date().toISOString() } });
      return result.matchedCount > 0;
    });
  }

  async commitBatch(
    expected: Pick<ProjectionState, 'name' | 'generation' | 'checkpoint'>,
    newCheckpoint: bigint,
    apply: (writer: ReadModelWriter) => Promise<void>,
    parked?: ParkedChanges,
  ): Promise<void> {
    // Batches of one projection in this process run one at a time: the second then fails the
    // checkpoint check up front instead of racing the first.
    await this.exclusive(expected.name, () => this.commitBatchNow(expected, newCheckpoint, apply, parked));
  }

  private async commitBatchNow(
    expected: Pick<ProjectionState, 'name' | 'generation' | 'checkpoint'>,
    newCheckpoint: bigint,
    apply: (writer: ReadModelWriter) => Promise<void>,
    parked: ParkedChanges | undefined,
  ): Promise<void> {
    await this.init();
    const states = this.db.collection<StateDoc>(STATES);
    const matchExpected: MongoFilter<StateDoc> = {
      _id: expected.name,
      generation: expected.generation,
      checkpoint: storedCheckpoint(expected.checkpoint),
    };
    // Fail before doing the work when another writer already moved the projection on.
    if (!(await this.run(() => states.findOne(matchExpected)))) throw new CheckpointMovedError(expected.name);

    const pending: Pending = new Map();
    await apply(this.writer(pending));

    const operations = [...pending].map(([collection, docs]) => ({
      collection: physical(collection),
      ops: [...docs].map(
        ([id, doc]): AnyBulkWriteOperation<StoredDoc> =>
          doc === null
            ? { deleteOne: { filter: { _id: id } } }
            : { replaceOne: { filter: { _id: id }, replacement: { ...doc, _id: id }, upsert: true } },
      ),
    }));
    const writeDocs = async (session?: ClientSession) => {
      // Counters move in the transaction, from the documents as they were before this batch.
      if (session) for (const [collection, docs] of pending) await this.counters.apply(physical(collection), docs, session);
      for (const { collection, ops } of operations) {
        if (ops.length > 0) await this.db.collection<StoredDoc>(collection).bulkWrite(ops, { ordered: true, session });
      }
    };
    const moveCheckpoint = async (session?: ClientSession) => {
      const result = await states.updateOne(
        matchExpected,
        { $set: { checkpoint: newCheckpoint.toString(), updatedAt: new Date().toISOString() } },
        { session },
      );
      if (result.matchedCount === 0) throw new CheckpointMovedError(expected.name);
    };
    const writeParked = async (session?: ClientSession) => {
      if (!parked) return;
      const collection = this.db.collection<ParkedDoc>(PARKED);
      let delta = 0;
      for (const event of parked.park ?? []) {
        const { error, failedAt, attempts, position, ...rest } = event;
        const result = await collection.updateOne(
          { _id: parkedId(event) },
          {
            $set: { error, failedAt, attempts },
            $setOnInsert: { ...rest, position: position.toString(), positionKey: positionKey(position) },
          },
          { upsert: true, session },
        );
        delta += result.upsertedCount;
      }
      for (const key of parked.unpark ?? []) delta -= (await collection.deleteOne({ _id: parkedId(key) }, { session })).deletedCount;
      if (delta !== 0) await states.updateOne({ _id: expected.name }, { $inc: { parked: delta } }, { session });
    };

    await this.run(async () => {
      if (this.transactions) {
        const session = this.client.startSession();
        try {
          await session.withTransaction(async () => {
            await moveCheckpoint(session);
            await writeDocs(session);
            await writeParked(session);
          });
        } finally {
          await session.endSession();
        }
      } else {
        await writeDocs();
        await writeParked();
        await moveCheckpoint();
      }
    });
  }

  async listParkedEvents(query: ParkedQuery): Promise<ParkedEvent[]> {
    if (query.eventIds?.length === 0) return [];
    const filter: MongoFilter<ParkedDoc> = {
      ...(query.projection !== undefined ? { projection: query.projection } : {}),
      ...(query.version !== undefined ? { version: query.version } : {}),
      ...(query.generation !== undefined ? { generation: query.generation } : {}),
      ...(query.eventIds !== undefined ? { eventId: { $in: query.eventIds } } : {}),
      ...(query.after !== undefined ? { positionKey: { $gt: positionKey(query.after) } } : {}),
    };
    return this.run(async () => {
      const docs = await this.db
        .collection<ParkedDoc>(PARKED)
        .find(filter)
        .sort({ projection: 1, version: 1, generation: 1, positionKey: 1 })
        .limit(query.limit)
        .toArray();
      return docs.map(({ _id, positionKey: _key, position, ...rest }) => ({ ...rest, position: BigInt(position) }));
    });
  }

  async parkedGenerations(): Promise<ParkedGeneration[]> {
    return this.run(async () => {
      const groups = await this.db
        .collection<ParkedDoc>(PARKED)
        .aggregate<{ _id: ParkedGenerationKey; count: number }>([
          { $group: { _id: { projection: '$projection', version: '$version', generation: '$generation' }, count: { $sum: 1 } } },
          { $sort: { '_id.projection': 1, '_id.version': 1, '_id.generation': 1 } },
        ])
        .toArray();
      return groups.map(({ _id, count }) => ({ ..._id, count }));
    });
  }

  async discardParkedEvents(generation: ParkedGenerationKey): Promise<number> {
    return this.run(async () => {
      const result = await this.db
        .collection<ParkedDoc>(PARKED)
        .deleteMany({ projection: generation.projection, version: generation.version, generation: generation.generation });
      return result.deletedCount;
    });
  }

  async listCollections(): Promise<string[]> {
    return this.run(async () => {
      const names = (await this.db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
      return names
        .filter((name) => name.startsWith('rm_'))
        .map((name) => name.slice(3))
        .sort();
    });
  }

  private exclusive<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.batchLocks.get(key) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    this.batchLocks.set(key, tail);
    void tail.then(() => {
      if (this.batchLocks.get(key) === tail) this.batchLocks.delete(key);
    });
    return run;
  }

  /** A writer that buffers puts and deletes and reads through them. */
  private writer(pending: Pending): ReadModelWriter {
    const overlay = (collection: string) => {
      physical(collection);
      let docs = pending.get(collection);
      if (!docs) pending.set(collection, (docs = new Map()));
      return docs;
    };
    return {
      get: async <T extends Doc>(collection: string, id: string): Promise<T | null> => {
        const docs = pending.get(collection);
        if (docs?.has(id)) {
          const doc = docs.get(id);
          return doc ? (copy(doc) as T) : null;
        }
        return this.run(() => this.getFromDb<T>(collection, id));
      },
      find: async <T extends Doc>(collection: string, query: FindQuery) => this.run(() => this.findInDb<T>(collection, query, pending)),
      put: (collection: string, doc: Doc) => {
        if (typeof doc.id !== 'string' || doc.id === '') throw new Error(`read-model document without an id in ${collection}`);
        overlay(collection).set(doc.id, copy(doc));
      },
      delete: (collection: string, id: string) => {
        overlay(collection).set(id, null);
      },
    };
  }

  async dropCollection(collection: string): Promise<void> {
    const drop = async (name: string) => {
      try {
        await this.db.collection(name).drop();
      } catch (error) {
        if (!(error instanceof MongoError && (error.code === 26 || /ns not found/i.test(error.message)))) throw error;
      }
    };
    await this.run(async () => {
      await drop(physical(collection));
      await this.counters.drop(physical(collection), drop);
    });
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private async run<T>(work: () => Promise<T>): Promise<T> {
    await this.init();
    try {
      return await work();
    } catch (error) {
      throw this.translate(error);
    }
  }

  private translate(error: unknown): Error {
    if (error instanceof StoreUnavailableError) return error;
    if (
      error instanceof MongoServerSelectionError ||
      error instanceof MongoNetworkError ||
      error instanceof MongoTopologyClosedError ||
      (error instanceof Error && /ECONNREFUSED|ENOTFOUND|getaddrinfo/i.test(error.message))
    ) {
      return new StoreUnavailableError(`MongoDB at ${this.url} is unreachable: ${firstLine(error)}`);
    }
    return error instanceof Error ? error : new Error(String(error));
  }
}

// ---------------------------------------------------------------------------------------------
// Query compilation

function physical(collection: string): string {
  if (!/^[A-Za-z0-9_]+$/.test(collection)) throw new Error(`invalid collection name: ${collection}`);
  return `rm_${collection}`;
}

function mongoField(field: string): string {
  assertFieldName(field);
  return field === 'id' ? '_id' : field;
}

function and(filters: MongoFilter<StoredDoc>[]): MongoFilter<StoredDoc> {
  const parts = filters.filter((f) => Object.keys(f).length > 0);
  if (parts.length === 0) return {};
  if (parts.length === 1) return parts[0]!;
  return { $and: parts };
}

const NOTHING: MongoFilter<StoredDoc> = { _id: { $in: [] } };

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compileFilter(filter: Filter): MongoFilter<StoredDoc> {
  if (filter.op === 'or') {
    if (filter.any.length === 0) return NOTHING;
    return { $or: filter.any.map((group) => (group.length === 0 ? { _id: { $exists: true } } : compileWhere(group))) };
  }
  const field = mongoField(filter.field);
  let condition: Document;
  switch (filter.op) {
    case 'eq':
      condition = { $eq: filter.value };
      break;
    case 'ne':
      condition = { $ne: filter.value };
      break;
    case 'in':
      if (filter.values.length === 0) return NOTHING;
      condition = { $in: filter.values };
      break;
    case 'contains':
      // Matches an array holding the value (and, as in SQLite, a scalar equal to it).
      condition = filter.value === null ? { $elemMatch: { $eq: null } } : { $eq: filter.value };
      break;
    case 'ilike':
      condition = { $regex: escapeRegex(filter.value), $options: 'i' };
      break;
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      condition = { [`$${filter.op}`]: filter.value };
      break;
    case 'exists':
      // Present and not null, or absent or null.
      condition = filter.value ? { $ne: null } : { $eq: null };
      break;
  }
  return { [field]: condition } as MongoFilter<StoredDoc>;
}

function compileWhere(where: Filter[] | undefined): MongoFilter<StoredDoc> {
  return and((where ?? []).map(compileFilter));
}

function compilePage(query: FindQuery): { filter: MongoFilter<StoredDoc>; mongoSort: MongoSort; sort: Sort } {
  const sort = sortOf(query);
  const field = mongoField(sort.field);
  const parts = [compileWhere(query.where)];
  if (field !== '_id') parts.push({ [field]: { $ne: null } } as MongoFilter<StoredDoc>);
  if (query.after !== undefined) {
    const position = decodeCursor(query.after);
    const cmp = sort.direction === 'asc' ? '$gt' : '$lt';
    if (field === '_id') {
      parts.push({ _id: { [cmp]: position.id } } as MongoFilter<StoredDoc>);
    } else {
      parts.push({
        $or: [{ [field]: { [cmp]: position.value } }, { [field]: { $eq: position.value }, _id: { [cmp]: position.id } }],
      } as MongoFilter<StoredDoc>);
    }
  }
  const dir = sort.direction === 'asc' ? 1 : -1;
  const mongoSort: MongoSort = field === '_id' ? { _id: dir } : { [field]: dir, _id: dir };
  return { filter: and(parts), mongoSort, sort };
}

// ---------------------------------------------------------------------------------------------
// In-memory evaluation of pending (not yet committed) documents, mirroring the Mongo semantics above

function copy<T>(doc: T): T {
  return JSON.parse(JSON.stringify(doc)) as T;
}

/** The document's value at a dotted path (no array traversal), null when absent. */
function valueAt(doc: Doc, field: string): Scalar {
  let value: unknown = doc;
  for (const key of field.split('.')) {
    value = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
  }
  return (value ?? null) as Scalar;
}

/** The values Mongo compares for a path: it walks through arrays and also looks inside a leaf array. */
function candidates(value: unknown, keys: string[]): unknown[] {
  if (keys.length === 0) return Array.isArray(value) ? [value, ...value] : [value];
  if (Array.isArray(value)) {
    return value.flatMap((item) => (item !== null && typeof item === 'object' && !Array.isArray(item) ? candidates(item, keys) : []));
  }
  if (value !== null && typeof value === 'object') {
    const [key, ...rest] = keys;
    return candidates((value as Record<string, unknown>)[key!], rest);
  }
  return [undefined];
}

function valuesOf(doc: Doc, field: string): unknown[] {
  return candidates(doc, field.split('.'));
}

function isNullish(value: unknown): boolean {
  return value === null || value === undefined;
}

function eqMatch(values: unknown[], wanted: Scalar): boolean {
  if (wanted === null) return values.some(isNullish);
  return values.some((v) => v === wanted);
}

/** BSON type order for the JSON types: null < numbers < strings < objects < arrays < booleans. */
function typeRank(value: unknown): number {
  if (isNullish(value)) return 1;
  if (typeof value === 'number') return 2;
  if (typeof value === 'string') return 3;
  if (Array.isArray(value)) return 5;
  if (typeof value === 'object') return 4;
  if (typeof value === 'boolean') return 8;
  return 9;
}

function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return a === b ? 0 : a < b ? -1 : 1;
  if (typeof a === 'string' && typeof b === 'string') return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  if (ra === 1) return 0;
  return compareValues(JSON.stringify(a), JSON.stringify(b));
}

function rangeMatch(values: unknown[], op: 'gt' | 'gte' | 'lt' | 'lte', bound: string | number): boolean {
  return values.some((v) => {
    if (typeof v !== typeof bound) return false;
    const c = compareValues(v, bound);
    return op === 'gt' ? c > 0 : op === 'gte' ? c >= 0 : op === 'lt' ? c < 0 : c <= 0;
  });
}

function matches(doc: Doc, filter: Filter): boolean {
  if (filter.op === 'or') return filter.any.some((group) => matchesAll(doc, group));
  const values = valuesOf(doc, filter.field);
  switch (filter.op) {
    case 'eq':
      return eqMatch(values, filter.value);
    case 'ne':
      return !eqMatch(values, filter.value);
    case 'in':
      return filter.values.some((v) => eqMatch(values, v));
    case 'contains':
      if (filter.value === null) return values.some((v) => Array.isArray(v) && v.some(isNullish));
      return eqMatch(values, filter.value);
    case 'ilike': {
      const needle = filter.value.toLowerCase();
      return values.some((v) => typeof v === 'string' && v.toLowerCase().includes(needle));
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return rangeMatch(values, filter.op, filter.value);
    case 'exists':
      return filter.value ? !eqMatch(values, null) : eqMatch(values, null);
  }
}

function matchesAll(doc: Doc, filters: Filter[]): boolean {
  return filters.every((f) => matches(doc, f));
}

function matchesPage(doc: Doc, query: FindQuery, sort: Sort): boolean {
  if (!matchesAll(doc, query.where ?? [])) return false;
  if (sort.field !== 'id' && isNullish(valueAt(doc, sort.field))) return false;
  if (query.after === undefined) return true;
  const position = decodeCursor(query.after);
  const value = sort.field === 'id' ? doc.id : valueAt(doc, sort.field);
  let c = sort.field === 'id' ? 0 : compareValues(value, position.value);
  if (c === 0) c = compareValues(doc.id, position.id);
  return sort.direction === 'asc' ? c > 0 : c < 0;
}

function compareDocs(a: Doc, b: Doc, sort: Sort): number {
  let c = sort.field === 'id' ? 0 : compareValues(valueAt(a, sort.field), valueAt(b, sort.field));
  if (c === 0) c = compareValues(a.id, b.id);
  return sort.direction === 'asc' ? c : -c;
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? '').trim() || 'unknown error';
}

/** The URL without a password, for messages. */
function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):([^@/]+)@/, '//$1:***@');
}
