import { Doc, FindQuery, FindResult } from './query';

/** Declares a collection and the fields its queries filter or sort on (adapters index them). */
export interface CollectionSpec {
  name: string;
  indexes?: string[];
}

/** Where a projection stands: its checkpoint and the physical collections it writes. */
export interface ProjectionState {
  name: string;
  version: number;
  /** Increases each time a replay swaps in a fresh copy. */
  generation: number;
  /** Position of the last event applied; null before the first. */
  checkpoint: bigint | null;
  status: 'running' | 'stopped' | 'failed' | 'rebuilding';
  error: string | null;
  updatedAt: string;
}

/** The writes of one projection batch. Reads see the batch's own earlier writes. */
export interface ReadModelWriter {
  get<T extends Doc>(collection: string, id: string): Promise<T | null>;
  find<T extends Doc>(collection: string, query: FindQuery): Promise<FindResult<T>>;
  put(collection: string, doc: Doc): void;
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

  abstract getProjectionState(name: string): Promise<ProjectionState | null>;
  abstract listProjectionStates(): Promise<ProjectionState[]>;
  /** Creates or replaces a projection's state row (status changes, replay swaps). */
  abstract saveProjectionState(state: ProjectionState): Promise<void>;

  /**
   * Runs one projection batch: `apply` records writes, then the writes and the new checkpoint commit
   * together. Fails (and writes nothing) when the stored checkpoint or generation no longer match
   * `expected`, which means another process moved the projection on.
   */
  abstract commitBatch(
    expected: Pick<ProjectionState, 'name' | 'generation' | 'checkpoint'>,
    newCheckpoint: bigint,
    apply: (writer: ReadModelWriter) => Promise<void>,
  ): Promise<void>;

  abstract dropCollection(collection: string): Promise<void>;
  abstract close(): Promise<void>;
}

export class CheckpointMovedError extends Error {
  constructor(projection: string) {
    super(`projection ${projection}: checkpoint moved by another writer`);
    this.name = 'CheckpointMovedError';
  }
}
