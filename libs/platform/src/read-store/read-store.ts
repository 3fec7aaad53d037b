import { Doc, FindQuery, FindResult } from './query';
import { TextSearchQuery, TextSearchResult } from './text-search';

/**
 * Declares a collection and what its lists need (docs/read-models.md): the fields they filter and
 * sort on, the indexes matching their query shapes, the fields they search, and the scopes they count.
 * Declarations only ever grow for a given physical collection; anything else is a new version.
 */
export interface CollectionSpec {
  name: string;
  /** Fields queries filter or sort on (SQLite keeps them as real columns). Fields named below are included. */
  fields?: string[];
  /**
   * Indexes, each one field or several in order: equality fields first, the sort field last, as in
   * `['organizationId', 'createdAt']` for `WHERE organizationId = ? ORDER BY createdAt, id`. The id
   * is always appended, so keyset pages are one index range.
   */
  indexes?: (string | string[])[];
  /**
   * Indexes (as in `indexes`) that also carry the case-folded copies of the `search` fields, for the
   * lists that search along them: such a search reads the index alone, for its page and for its
   * count, instead of fetching each row of the range. Declare an index here or in `indexes`, not
   * both: each carries more than a plain index and costs more to keep.
   */
  searchIndexes?: string[][];
  /** Fields `ilike` searches; the adapter keeps a case-folded copy instead of folding every row per query. */
  search?: string[];
  /**
   * Count scopes, e.g. `[['organizationId']]`: a counter per value kept in the batch transaction,
   * so `count` (and `find`'s count) of a `where` that is exactly equality on these fields is O(1).
   */
  counts?: string[][];
  /**
   * Full-text fields and their weights (`{ title: 4, body: 1 }`): `ReadStore.search` ranks the
   * collection's documents on them (text-search.ts). Fields may be added later (the index is
   * rebuilt from the documents); weights apply at query time.
   */
  text?: Record<string, number>;
  /**
   * A field that every full-text search of the collection filters on, by equality or `in` (a
   * page's `spaceId`). The SQLite adapter keeps its value in the full-text index, unweighted, so a
   * search reads only the postings of the scopes asked for instead of every match in the
   * collection; rankings are unchanged. MongoDB filters the text matches as before.
   */
  textScope?: string;
}

/** Every field a spec stores for queries: declared fields, index fields and count-scope fields. */
export function queryFieldsOf(spec: CollectionSpec): string[] {
  const fields = [
    ...(spec.fields ?? []),
    ...(spec.indexes ?? []).flatMap((i) => (typeof i === 'string' ? [i] : i)),
    ...(spec.searchIndexes ?? []).flat(),
    ...(spec.counts ?? []).flat(),
  ];
  return [...new Set(fields)].filter((f) => f !== 'id');
}

/**
 * The spec without its indexes, counters and full-text index, fields kept: a replay loads a fresh
 * collection this way and builds them once at the end (one sort or one pass each instead of an
 * update per write).
 */
export function withoutIndexes(spec: CollectionSpec): CollectionSpec {
  return { name: spec.name, fields: queryFieldsOf(spec), ...(spec.search ? { search: spec.search } : {}) };
}

/** Where a projection stands: its checkpoint and the physical collections it writes. */
export interface ProjectionState {
  name: string;
  version: number;
  /** Increases each time a replay swaps in a fresh copy. */
  generation: number;
  /** Position of the last event applied; null before the first. */
  checkpoint: bigint | null;
  /** `stopped`: paused by an operator (`projections pause`); runners leave it alone until resumed. */
  status: 'running' | 'stopped' | 'failed' | 'rebuilding';
  error: string | null;
  updatedAt: string;
  /** Events parked in this generation (parked-events.ts); absent when none. Moved only by commitBatch. */
  parked?: number;
}

/** The writes of one projection batch. Reads see the batch's own earlier writes. */
export interface ReadModelWriter {
  get<T extends Doc>(collection: string, id: string): Promise<T | null>;
  find<T extends Doc>(collection: string, query: FindQuery): Promise<FindResult<T>>;
  put(collection: string, doc: Doc): void;
  /**
   * `put` for a document that is deep-frozen, so it cannot change after the call: a writer that
   * keeps private copies of what it is given may keep this one as it is. Optional; callers fall
   * back to `put`.
   */
  putFrozen?(collection: string, doc: Doc): void;
  delete(collection: string, id: string): void;
}

/** Physical name of a projection's logical collection: `spaces_v2`, or `spaces_v2_g3` after replays. */
export function physicalCollection(collection: string, version: number, generation: number): string {
  return `${collection}_v${version}${generation > 0 ? `_g${generation}` : ''}`;
}

/**
 * The read store port. Adapters: embedded SQLite (default) and MongoDB.
 * Collections passed here are physical names (see physicalCollection).
 */
export abstract class ReadStore {
  abstract ensureCollections(specs: CollectionSpec[]): Promise<void>;
  abstract get<T extends Doc>(collection: string, id: string): Promise<T | null>;
  abstract getMany<T extends Doc>(collection: string, ids: string[]): Promise<T[]>;
  abstract find<T extends Doc>(collection: string, query: FindQuery): Promise<FindResult<T>>;
  abstract count(collection: string, query: Pick<FindQuery, 'where'>): Promise<number>;
  /** Ranked full-text search over the collection's declared `text` fields (text-search.ts); empty without them. */
  abstract search<T extends Doc>(collection: string, query: TextSearchQuery): Promise<TextSearchResult<T>>;

  abstract getProjectionState(name: string): Promise<ProjectionState | null>;
  abstract listProjectionStates(): Promise<ProjectionState[]>;
  /** Creates or replaces a projection's state row (status changes, replay swaps). */
  abstract saveProjectionState(state: ProjectionState): Promise<void>;
  /**
   * Sets only the status and error of a projection's state (operators pausing and resuming it),
   * leaving its checkpoint and generation to the process applying it. False when there is no state.
   */
  abstract setProjectionStatus(name: string, status: ProjectionState['status'], error: string | null): Promise<boolean>;

  /**
   * Replaces a projection's state only if the stored one still has `expected`'s version, generation,
   * checkpoint and status (null: only if there is none), atomically; false otherwise. A replay swaps
   * its generation in with it, so it never drops events the live generation applied meanwhile.
   */
  abstract replaceProjectionState(expected: ProjectionState | null, next: ProjectionState): Promise<boolean>;

  /**
   * Runs one projection batch: `apply` records writes, then the writes and the new checkpoint commit
   * together. Fails (and writes nothing) when the stored checkpoint or generation no longer match
   * `expected`, which means another process moved the projection on. `parked` parks events (or
   * updates parked ones) and removes parked events in the same transaction, moving the `parked`
   * count of `expected.name`'s state by the records added and removed.
   */
  abstract commitBatch(
    expected: Pick<ProjectionState, 'name' | 'generation' | 'checkpoint'>,
    newCheckpoint: bigint,
    apply: (writer: ReadModelWriter) => Promise<void>,
    parked?: ParkedChanges,
  ): Promise<void>;

  /** Parked events matching `query`, in log order (by projection, version, generation, then position). */
  abstract listParkedEvents(query: ParkedQuery): Promise<ParkedEvent[]>;
  /** How many events are parked per projection, version and generation (current or not). */
  abstract parkedGenerations(): Promise<ParkedGeneration[]>;
  /** Deletes the parked events of one generation (a dropped or never swapped-in one); answers how many. */
  abstract discardParkedEvents(generation: ParkedGenerationKey): Promise<number>;

  /** The collections that exist (physical names, as dropCollection takes them), sorted. */
  abstract listCollections(): Promise<string[]>;
  abstract dropCollection(collection: string): Promise<void>;
  abstract close(): Promise<void>;
}

/** One generation of one projection's parked events. */
export interface ParkedGenerationKey {
  projection: string;
  version: number;
  generation: number;
}

/**
 * An event a projection could not apply (its `apply` threw), recorded and skipped so the projection
 * keeps running: `projections parked` lists it, `projections retry` applies it again after a fix.
 */
export interface ParkedEvent extends ParkedGenerationKey {
  eventId: string;
  type: string;
  streamId: string;
  position: bigint;
  /** The error of the last attempt. */
  error: string;
  /** When it was first parked, and when it last failed (ISO 8601). */
  parkedAt: string;
  failedAt: string;
  /** Attempts so far, the first included. */
  attempts: number;
}

export type ParkedEventKey = ParkedGenerationKey & { eventId: string };

export interface ParkedChanges {
  /** Recorded, or updated when already parked (same key: projection, version, generation, event id). */
  park?: ParkedEvent[];
  unpark?: ParkedEventKey[];
}

export interface ParkedQuery extends Partial<ParkedGenerationKey> {
  eventIds?: string[];
  /** Only events after this position (the next page). */
  after?: bigint;
  limit: number;
}

export interface ParkedGeneration extends ParkedGenerationKey {
  count: number;
}

export class CheckpointMovedError extends Error {
  constructor(projection: string) {
    super(`projection ${projection}: checkpoint moved by another writer`);
    this.name = 'CheckpointMovedError';
  }
}
