import { EventStore } from '../event-store/event-store';
import { physicalCollection, ProjectionState, ReadStore, withoutIndexes } from '../read-store/read-store';
import { Projection, projectionWriter } from './projection';
import { ReplayCache } from './replay-cache';

export interface ReplayReport {
  projection: string;
  generation: number;
  events: number;
  checkpoint: bigint | null;
  seconds: number;
}

/** What a replay is doing, for progress displays (the CLI's progress bar). */
export type ReplayProgress =
  | { phase: 'started'; projection: string; generation: number; head: bigint | null }
  /** After each batch: events read so far, the checkpoint reached and the log's head when last looked at. */
  | { phase: 'catching-up'; projection: string; generation: number; events: number; checkpoint: bigint; head: bigint | null; seconds: number }
  /** The new generation is live; `previous` (if any) stays readable for `dropAfterMs`, then is dropped. */
  | { phase: 'swapped'; projection: string; generation: number; previous: number | null; checkpoint: bigint | null; dropAfterMs: number }
  | { phase: 'dropped'; projection: string; generation: number; collections: string[] };

/** Events per replay transaction: large batches write each touched document once per batch. */
const BATCH = 10_000;

/**
 * Rebuilds a projection into fresh collections (the next generation) from the start of the log,
 * then swaps them in once caught up. Servers keep reading the old generation until the swap; their
 * runner notices the moved checkpoint and carries on in the new generation.
 */
export class ProjectionReplayer {
  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly log: (line: string) => void = () => undefined,
    /** How long the old generation stays readable after the swap before it is dropped. */
    private readonly dropOldAfterMs = 2000,
    private readonly progress: (event: ReplayProgress) => void = () => undefined,
  ) {}

  async replay(projection: Projection): Promise<ReplayReport> {
    const started = process.hrtime.bigint();
    const current = await this.store.getProjectionState(projection.name);
    const generation = current && current.version === projection.version ? current.generation + 1 : 0;
    const rebuildName = `${projection.name}:replay`;
    const physical = (c: string) => physicalCollection(c, projection.version, generation);

    for (const c of projection.collections) await this.store.dropCollection(physical(c.name));
    const withIndexes = projection.collections.map((c) => ({ ...c, name: physical(c.name) }));
    const indexesLate = projection.applyReadsByIdOnly === true;
    await this.store.ensureCollections(indexesLate ? withIndexes.map(withoutIndexes) : withIndexes);
    let state: ProjectionState = {
      name: rebuildName, version: projection.version, generation, checkpoint: null, status: 'rebuilding', error: null,
      updatedAt: new Date().toISOString(),
    };
    await this.store.saveProjectionState(state);
    let head = await this.events.headPosition();
    this.progress({ phase: 'started', projection: projection.name, generation, head });

    let count = 0;
    const handles = new Set(projection.handles);
    const cache = new ReplayCache();
    // The next stretch of the log is read while this one is applied (the SQLite store reads on a
    // thread of its own, so the two overlap on two cores).
    let next = this.events.readAll(state.checkpoint, BATCH);
    for (;;) {
      const batch = await next;
      if (batch.length === 0) break;
      const last = batch[batch.length - 1]!.position;
      next = this.events.readAll(last, BATCH);
      // Not awaited while the batch is applied: a failing batch must not leave it unhandled.
      next.catch(() => undefined);
      const relevant = batch.filter((e) => handles.has(e.type));
      await this.store.commitBatch(state, last, async (writer) => {
        const w = projectionWriter(cache.around(writer), physical);
        for (const event of relevant) await projection.apply(event, w);
      });
      state = { ...state, checkpoint: last };
      count += batch.length;
      if (count % 50000 < BATCH) this.log(`${projection.name}: ${count} events`);
      // The log may grow during the replay: the head is looked at again once it is passed.
      if (head === null || last > head) head = await this.events.headPosition();
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      this.progress({ phase: 'catching-up', projection: projection.name, generation, events: count, checkpoint: last, head, seconds });
    }

    // Readers of the new generation need its indexes and counters from the moment it is swapped in.
    if (indexesLate) await this.store.ensureCollections(withIndexes);
    // A projection paused by an operator (before or during the replay) stays paused in its new generation.
    const paused = (await this.store.getProjectionState(projection.name))?.status === 'stopped';
    await this.store.saveProjectionState({
      ...state, name: projection.name, status: paused ? 'stopped' : 'running', updatedAt: new Date().toISOString(),
    });
    await this.store.saveProjectionState({ ...state, status: 'stopped', updatedAt: new Date().toISOString() });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const previous = current && current.version === projection.version ? current.generation : null;
    this.progress({
      phase: 'swapped', projection: projection.name, generation, previous, checkpoint: state.checkpoint, dropAfterMs: this.dropOldAfterMs,
    });
    if (previous !== null) {
      await new Promise((r) => setTimeout(r, this.dropOldAfterMs));
      const dropped = projection.collections.map((c) => physicalCollection(c.name, projection.version, previous));
      for (const name of dropped) await this.store.dropCollection(name);
      this.progress({ phase: 'dropped', projection: projection.name, generation: previous, collections: dropped });
    }
    return { projection: projection.name, generation, events: count, checkpoint: state.checkpoint, seconds };
  }
}
