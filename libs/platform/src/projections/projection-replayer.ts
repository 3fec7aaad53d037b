import { EventStore, RecordedEvent } from '../event-store/event-store';
import { physicalCollection, ProjectionState, ReadStore, withoutIndexes } from '../read-store/read-store';
import { BatchTarget, commitOrPark, describeError, describeEvent, SLOW_EVENT_MS } from './parking';
import { Projection } from './projection';
import { ReplayCache } from './replay-cache';
import { isRetryable, withRetries } from './store-failures';

export interface ReplayReport {
  projection: string;
  generation: number;
  events: number;
  checkpoint: bigint | null;
  seconds: number;
  /** Events the projection threw on, parked in the new generation (`projections parked`). */
  parked: number;
}

/** What a replay is doing, for progress displays (the CLI's progress bar). */
export type ReplayProgress =
  | { phase: 'started'; projection: string; generation: number; head: bigint | null }
  /** After each batch: events read so far, the checkpoint reached and the log's head when last looked at. */
  | {
      phase: 'catching-up';
      projection: string;
      generation: number;
      events: number;
      checkpoint: bigint;
      head: bigint | null;
      seconds: number;
    }
  /** The new generation is live; `previous` (if any) stays readable for `dropAfterMs`, then is dropped. */
  | {
      phase: 'swapped';
      projection: string;
      generation: number;
      previous: number | null;
      checkpoint: bigint | null;
      dropAfterMs: number;
      parked: number;
    }
  | { phase: 'dropped'; projection: string; generation: number; collections: string[] }
  /** The replay failed; the generation it was building was dropped (or, when `leftover`, could not be). */
  | { phase: 'abandoned'; projection: string; generation: number; collections: string[]; leftover: boolean };

/** A generation a replay swapped out, still readable until `ProjectionReplayer.dropReplaced` drops it. */
export interface ReplacedGeneration {
  projection: Projection;
  /** The replay that replaced it. */
  report: ReplayReport;
  previous: number;
  /** `performance.now()` at the swap. */
  swappedAt: number;
}

/** The stores' names in messages (`SQLite /data/read-models.sqlite`, `MongoDB docs`). */
export interface ReplayDatabases {
  events: string;
  readStore: string;
}

/** Events per replay transaction: large batches write each touched document once per batch. */
const BATCH = 10_000;
/** Times the swap looks again when the live generation moved past the rebuilt one (writes beside the replay). */
const SWAP_ROUNDS = 100;

/**
 * A replay that failed: which projection, which step, in which database, and whether running it
 * again is safe (it is whenever nothing was swapped in: the generation being built is dropped).
 */
export class ReplayFailedError extends Error {
  constructor(
    readonly projection: string,
    readonly step: string,
    readonly database: string,
    readonly reason: unknown,
    /** What became of the generation being built (dropped, or left over for `projections drop-leftovers`). */
    readonly cleanup: string | null = null,
  ) {
    super(
      `projection ${projection}: replay failed while ${step} (${database}): ${describeError(reason)}` +
        (isRetryable(reason) ? ' (still locked after the retries: another process held the database that long)' : '') +
        '. Nothing was swapped in: the live generation keeps serving, and running the replay again is safe' +
        (cleanup ? `; ${cleanup}` : '') +
        '.',
    );
    this.name = 'ReplayFailedError';
  }
}

/**
 * Rebuilds a projection into fresh collections (the next generation) from the start of the log,
 * then swaps them in once caught up. Servers keep reading the old generation until the swap; their
 * runner notices the moved checkpoint and carries on in the new generation.
 *
 * Beside a running server: every store step is retried while the database is locked (bounded,
 * store-failures.ts); the swap is a compare-and-swap of the live state, made only once the rebuilt
 * copy has every event the live one has applied (so no write the server acknowledged goes missing);
 * events the projection throws on are parked, as the runner parks them. A replay that fails drops
 * the generation it was building and says why (ReplayFailedError); one that succeeds drops the
 * generation it replaced once servers have moved off it (`dropOldAfterMs`).
 */
export class ProjectionReplayer {
  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly log: (line: string) => void = () => undefined,
    /** How long the old generation stays readable after the swap before it is dropped. */
    private readonly dropOldAfterMs = 2000,
    private readonly progress: (event: ReplayProgress) => void = () => undefined,
    private readonly databases: ReplayDatabases = { events: 'the event store', readStore: 'the read store' },
  ) {}

  /** Rebuilds `projection`, swaps the new generation in, and drops the one it replaced once servers have moved off it. */
  async replay(projection: Projection): Promise<ReplayReport> {
    const { report, replaced } = await this.replayKeepingPrevious(projection);
    await this.dropReplaced(replaced ? [replaced] : []);
    return report;
  }

  /**
   * Rebuilds and swaps in like `replay`, but leaves the replaced generation readable: `dropReplaced`
   * drops it later. A replay of many projections drops them all at the end, so it waits
   * `dropOldAfterMs` once instead of once per projection.
   */
  async replayKeepingPrevious(projection: Projection): Promise<{ report: ReplayReport; replaced: ReplacedGeneration | null }> {
    const current = await this.step(projection, 'reading its state', 'read', () => this.store.getProjectionState(projection.name));
    const generation = current && current.version === projection.version ? current.generation + 1 : 0;
    let swapped: { report: ReplayReport; previous: number | null };
    try {
      swapped = await this.rebuild(projection, generation);
    } catch (error) {
      const failure =
        error instanceof ReplayFailedError ? error : new ReplayFailedError(projection.name, 'rebuilding', this.databases.readStore, error);
      throw await this.abandon(projection, generation, failure);
    }
    const { report, previous } = swapped;
    return { report, replaced: previous === null ? null : { projection, report, previous, swappedAt: performance.now() } };
  }

  /**
   * Drops replaced generations in the order given, each once it has stayed readable `dropOldAfterMs`
   * since its swap (servers move to the new generation within that time). A generation that cannot
   * be dropped is reported and left for `projections drop-leftovers`.
   */
  async dropReplaced(replaced: ReplacedGeneration[]): Promise<void> {
    for (const { projection, report, previous, swappedAt } of replaced) {
      const wait = swappedAt + this.dropOldAfterMs - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      await this.dropPrevious(projection, report, previous);
    }
  }

  private async rebuild(projection: Projection, generation: number): Promise<{ report: ReplayReport; previous: number | null }> {
    const started = process.hrtime.bigint();
    const rebuildName = `${projection.name}:replay`;
    const physical = (c: string) => physicalCollection(c, projection.version, generation);
    const withIndexes = projection.collections.map((c) => ({ ...c, name: physical(c.name) }));
    const indexesLate = projection.applyReadsByIdOnly === true;
    let state: ProjectionState = {
      name: rebuildName,
      version: projection.version,
      generation,
      checkpoint: null,
      status: 'rebuilding',
      error: null,
      updatedAt: new Date().toISOString(),
    };
    await this.step(projection, `preparing generation ${generation}`, 'read', async () => {
      // The state first: from then on `projections drop-leftovers` sees the generation as in use.
      await this.store.saveProjectionState(state);
      for (const c of projection.collections) await this.store.dropCollection(physical(c.name));
      await this.store.discardParkedEvents({ projection: projection.name, version: projection.version, generation });
      await this.store.ensureCollections(indexesLate ? withIndexes.map(withoutIndexes) : withIndexes);
    });
    let head = await this.step(projection, 'reading the head of the log', 'events', () => this.events.headPosition());
    this.progress({ phase: 'started', projection: projection.name, generation, head });

    let count = 0;
    const handles = new Set(projection.handles);
    let cache = new ReplayCache();
    const target: BatchTarget = {
      store: this.store,
      projection,
      stateName: rebuildName,
      generation,
      physical,
      wrap: (writer) => cache.around(writer),
      // The cache holds what the rolled-back batch wrote: it starts over.
      rolledBack: () => (cache = new ReplayCache()),
      onSlow: (event, ms) =>
        this.log(`${projection.name}: ${describeEvent(event)} took ${Math.round(ms)} ms to apply (budget ${SLOW_EVENT_MS} ms)`),
      onParked: (parked) => this.log(`${projection.name}: parked ${describeEvent({ ...parked, id: parked.eventId })}: ${parked.error}`),
      onRetry: (error, attempt, delayMs) => this.log(`${projection.name}: ${describeError(error)}; retry ${attempt} in ${delayMs} ms`),
      active: () => true,
    };
    const readAfter = (position: bigint | null) =>
      this.step(projection, `reading the log after position ${position ?? 'its start'}`, 'events', () =>
        this.events.readAll(position, BATCH),
      );

    const catchUp = async () => {
      // The next stretch of the log is read while this one is applied (the SQLite store reads on a
      // thread of its own, so the two overlap on two cores).
      let next = readAfter(state.checkpoint);
      for (;;) {
        const batch: RecordedEvent[] = await next;
        if (batch.length === 0) return;
        const last = batch[batch.length - 1]!.position;
        next = readAfter(last);
        // Not awaited while the batch is applied: a failing batch must not leave it unhandled.
        next.catch(() => undefined);
        const relevant = batch.filter((e) => handles.has(e.type));
        // Not retried as a whole: commitOrPark retries each of its commits, and reports each one.
        await this.step(
          projection,
          `committing events up to position ${last}`,
          'read',
          () => commitOrPark(target, state.checkpoint, relevant, last, (committed) => (state = { ...state, checkpoint: committed })),
          false,
        );
        state = { ...state, checkpoint: last };
        count += batch.length;
        if (count % 50000 < BATCH) this.log(`${projection.name}: ${count} events`);
        // The log may grow during the replay: the head is looked at again once it is passed.
        if (head === null || last > head)
          head = await this.step(projection, 'reading the head of the log', 'events', () => this.events.headPosition());
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        this.progress({ phase: 'catching-up', projection: projection.name, generation, events: count, checkpoint: last, head, seconds });
      }
    };

    await catchUp();
    // Readers of the new generation need its indexes and counters from the moment it is swapped in.
    if (indexesLate)
      await this.step(projection, `building the indexes of generation ${generation}`, 'read', () =>
        this.store.ensureCollections(withIndexes),
      );
    for (let round = 0; ; round++) {
      const live = await this.step(projection, 'reading its state', 'read', () => this.store.getProjectionState(projection.name));
      const ahead =
        live &&
        live.version === projection.version &&
        live.checkpoint !== null &&
        (state.checkpoint === null || live.checkpoint > state.checkpoint);
      if (!ahead) {
        const rebuilt = await this.step(projection, 'reading its state', 'read', () => this.store.getProjectionState(rebuildName));
        const parked = rebuilt?.parked ?? 0;
        // A projection paused by an operator (before or during the replay) stays paused in its new generation.
        const next: ProjectionState = {
          ...state,
          name: projection.name,
          status: live?.status === 'stopped' ? 'stopped' : 'running',
          error: null,
          updatedAt: new Date().toISOString(),
          ...(parked > 0 ? { parked } : {}),
        };
        const done = await this.step(projection, `swapping generation ${generation} in`, 'read', () =>
          this.store.replaceProjectionState(live, next),
        );
        if (done) {
          await this.step(projection, 'recording the swap', 'read', () =>
            this.store.saveProjectionState({
              ...state,
              status: 'stopped',
              updatedAt: new Date().toISOString(),
              ...(parked > 0 ? { parked } : {}),
            }),
          ).catch(() => undefined);
          const seconds = Number(process.hrtime.bigint() - started) / 1e9;
          const previous = live && live.version === projection.version ? live.generation : null;
          this.progress({
            phase: 'swapped',
            projection: projection.name,
            generation,
            previous,
            checkpoint: state.checkpoint,
            dropAfterMs: this.dropOldAfterMs,
            parked,
          });
          return {
            report: { projection: projection.name, generation, events: count, checkpoint: state.checkpoint, seconds, parked },
            previous,
          };
        }
      }
      if (round >= SWAP_ROUNDS) {
        throw new ReplayFailedError(
          projection.name,
          `swapping generation ${generation} in`,
          this.databases.readStore,
          new Error(`the live generation kept moving past the rebuilt one (${SWAP_ROUNDS} rounds)`),
        );
      }
      // The live generation applied events the rebuilt one has not read yet (writes beside the replay).
      await catchUp();
    }
  }

  /** Once servers have moved to the new generation, the one it replaced and its parked events go. */
  private async dropPrevious(projection: Projection, { generation, checkpoint, parked }: ReplayReport, previous: number): Promise<void> {
    const dropped = projection.collections.map((c) => physicalCollection(c.name, projection.version, previous));
    try {
      await withRetries(async () => {
        for (const name of dropped) await this.store.dropCollection(name);
        await this.store.discardParkedEvents({ projection: projection.name, version: projection.version, generation: previous });
      }, this.retryLog(projection));
      this.progress({ phase: 'dropped', projection: projection.name, generation: previous, collections: dropped });
    } catch (error) {
      // The replay itself succeeded (generation `generation` is live at `checkpoint`, `parked` parked): the old copy is left over.
      this.log(
        `${projection.name}: generation ${generation} is live at checkpoint ` +
          `${String(checkpoint)}${parked ? ` (${parked} parked)` : ''}, but generation ${previous} ` +
          `could not be dropped (${this.databases.readStore}): ${describeError(error)}; \`projections drop-leftovers\` removes it`,
      );
    }
  }

  /** After a failure before the swap: drops what was built, so nothing is left over, and records the failure. */
  private async abandon(projection: Projection, generation: number, failure: ReplayFailedError): Promise<ReplayFailedError> {
    const collections = projection.collections.map((c) => physicalCollection(c.name, projection.version, generation));
    try {
      const dropped = new ReplayFailedError(
        failure.projection,
        failure.step,
        failure.database,
        failure.reason,
        `generation ${generation}, which it was building, was dropped`,
      );
      await withRetries(async () => {
        for (const name of collections) await this.store.dropCollection(name);
        await this.store.discardParkedEvents({ projection: projection.name, version: projection.version, generation });
        // `projections status` shows it instead of a replay still rebuilding.
        await this.store.saveProjectionState({
          name: `${projection.name}:replay`,
          version: projection.version,
          generation,
          checkpoint: null,
          status: 'failed',
          error: dropped.message,
          updatedAt: new Date().toISOString(),
        });
      }, this.retryLog(projection));
      this.progress({ phase: 'abandoned', projection: projection.name, generation, collections, leftover: false });
      return dropped;
    } catch (error) {
      this.progress({ phase: 'abandoned', projection: projection.name, generation, collections, leftover: true });
      const leftover =
        `generation ${generation}, which it was building, could not be dropped (${describeError(error)}): ` +
        `\`projections drop-leftovers\` removes it`;
      return new ReplayFailedError(failure.projection, failure.step, failure.database, failure.reason, leftover);
    }
  }

  private retryLog(projection: Projection) {
    return (error: unknown, attempt: number, delayMs: number) =>
      this.log(`${projection.name}: ${describeError(error)}; retry ${attempt} in ${delayMs} ms`);
  }

  /** One step of a replay: retried while the database is locked, and named with its database if it fails. */
  private async step<T>(
    projection: Projection,
    step: string,
    database: 'events' | 'read',
    work: () => Promise<T>,
    retried = true,
  ): Promise<T> {
    try {
      return await (retried ? withRetries(work, this.retryLog(projection)) : work());
    } catch (error) {
      if (error instanceof ReplayFailedError) throw error;
      throw new ReplayFailedError(projection.name, step, database === 'events' ? this.databases.events : this.databases.readStore, error);
    }
  }
}
