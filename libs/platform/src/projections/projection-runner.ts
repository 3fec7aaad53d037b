import { EventStore, RecordedEvent, Subscription } from '../event-store/event-store';
import { CheckpointMovedError, physicalCollection, ProjectionState, ReadStore } from '../read-store/read-store';
import { Projection } from './projection';
import { ProjectionRegistry } from './projection-registry';
import { BatchTarget, commitOrPark, describeError, describeEvent, SLOW_EVENT_MS } from './parking';

export interface RunnerLogger {
  log(message: string): void;
  error(message: string): void;
  /** Slow events and retried store failures; `log` when absent. */
  warn?(message: string): void;
}

/** What the runner reports of each projection (GET /ready). */
export interface RunningState {
  name: string;
  status: ProjectionState['status'];
  checkpoint: bigint | null;
  seen: bigint | null;
  error: string | null;
  /** Events parked in its current generation (`projections parked <name>`). */
  parked: number;
}

/** The wait for projections to catch up ran out; the write itself is stored. */
export class ProjectionLagError extends Error {
  constructor(
    readonly position: bigint,
    readonly lagging: string[],
  ) {
    super(`projections ${lagging.join(', ')} have not reached position ${position} yet`);
    this.name = 'ProjectionLagError';
  }
}

interface Running {
  projection: Projection;
  state: ProjectionState;
  /** Last position looked at, including events this projection ignores (not yet stored). */
  seen: bigint | null;
  subscription?: Subscription;
  /** The subscription whose batches count: a replaced one's late batches and errors are ignored. */
  current?: object;
}

interface Waiter {
  position: bigint;
  names: string[];
  resolve: () => void;
}

const before = (a: bigint | null, b: bigint) => a === null || a < b;

/**
 * Runs every projection: catch-up from its stored checkpoint, then live. A batch's document writes
 * and checkpoint commit together. When a projection throws on an event, the batch's events are
 * applied again one by one and the event that still throws is parked (parking.ts): recorded with
 * its error in the read store, logged, and skipped, so one bad event never stops a read model (or
 * the writes waiting on it); `projections retry` applies it again after a fix. A store failure is
 * no event's fault: retried when retryable (a locked database), otherwise the projection stops
 * with status `failed` (GET /ready answers 503) until resumed. Catch-up yields to the event loop
 * after each batch and starts only once start() has returned, so a long backlog never keeps the
 * server from listening or answering.
 *
 * Operators steer it through the stored states (the CLI's `projections pause|resume|reset`): every
 * `watchIntervalMs` the runner reads them. A projection stored as `stopped` is paused (its
 * subscription closed; it stays paused across restarts); one stored as `running` again while paused
 * or failed is resumed from its stored checkpoint; a new generation (a reset, or a replay swapped
 * in while no event arrived) is followed from its stored checkpoint.
 */
export class ProjectionRunner {
  private readonly running = new Map<string, Running>();
  private waiters: Waiter[] = [];
  private stopped = false;
  private watchTimer?: NodeJS.Timeout;
  private watching = false;
  private readonly generationListeners: ((projection: string, generation: number) => void)[] = [];
  private readonly commitListeners: ((projection: string) => void)[] = [];

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly registry: ProjectionRegistry,
    private readonly logger: RunnerLogger,
    private readonly watchIntervalMs = 1000,
  ) {}

  /**
   * Prepares every projection (states, collections) and returns: catch-up starts in a later turn of
   * the event loop, so the application's start-up (and its `listen`) never waits for it, however
   * long the backlog or slow an event. Writers waiting meanwhile are answered as it goes.
   */
  async start(): Promise<void> {
    const ready: Running[] = [];
    for (const projection of this.registry.all()) {
      const run = await this.startOne(projection);
      if (run.state.status === 'running') ready.push(run);
    }
    setImmediate(() => {
      for (const run of ready) if (!this.stopped && run.state.status === 'running' && !run.current) this.subscribe(run);
    });
    this.watchTimer = setInterval(() => void this.watch(), this.watchIntervalMs);
    this.watchTimer.unref();
  }

  private async startOne(projection: Projection): Promise<Running> {
    let state = await this.store.getProjectionState(projection.name);
    // Paused by an operator: it stays paused (its collections exist, so reads answer).
    const paused = state?.status === 'stopped';
    if (!state || state.version !== projection.version) {
      if (state) this.logger.log(`projection ${projection.name}: v${state.version} -> v${projection.version}, rebuilding from the start`);
      state = {
        name: projection.name,
        version: projection.version,
        generation: 0,
        checkpoint: null,
        status: paused ? 'stopped' : 'running',
        error: null,
        updatedAt: new Date().toISOString(),
      };
      await this.dropCollections(projection, 0);
    } else {
      state = { ...state, status: paused ? 'stopped' : 'running', error: null, updatedAt: new Date().toISOString() };
    }
    await this.store.saveProjectionState(state);
    await this.store.ensureCollections(
      projection.collections.map((c) => ({ ...c, name: physicalCollection(c.name, state!.version, state!.generation) })),
    );
    const run: Running = { projection, state, seen: state.checkpoint };
    this.running.set(projection.name, run);
    if (paused)
      this.logger.log(
        `projection ${projection.name}: paused at checkpoint ${String(state.checkpoint)} (projections resume ${projection.name})`,
      );
    return run;
  }

  private subscribe(run: Running): void {
    const current = {};
    run.current = current;
    run.subscription = this.events.subscribeToAll(run.state.checkpoint, {
      onEvents: async (events) => {
        if (run.current === current) await this.applyBatch(run, events);
      },
      onError: (error) => {
        if (run.current === current) void this.onSubscriptionError(run, error);
      },
    });
  }

  private unsubscribe(run: Running): void {
    run.current = undefined;
    void run.subscription?.close();
    run.subscription = undefined;
  }

  /** One look at the stored states: pauses, resumes, new generations and parked counts (see the class comment). */
  async watch(): Promise<void> {
    if (this.watching || this.stopped) return;
    this.watching = true;
    try {
      const stored = new Map((await this.store.listProjectionStates()).map((s) => [s.name, s]));
      for (const run of this.running.values()) {
        const state = stored.get(run.projection.name);
        if (!state || state.version !== run.projection.version || this.stopped) continue;
        const name = run.projection.name;
        if (state.status === 'stopped') {
          if (run.state.status === 'stopped') continue;
          this.unsubscribe(run);
          run.state = { ...run.state, status: 'stopped' };
          this.logger.log(`projection ${name}: paused at checkpoint ${String(run.state.checkpoint)}`);
          this.settleWaiters();
        } else if (state.status === 'running' && run.state.status !== 'running') {
          this.unsubscribe(run);
          this.movedTo(run, state);
          this.logger.log(`projection ${name}: resumed at generation ${state.generation}, checkpoint ${String(state.checkpoint)}`);
          this.subscribe(run);
        } else if (state.status === 'running' && state.generation !== run.state.generation) {
          this.unsubscribe(run);
          this.movedTo(run, state);
          this.logger.log(`projection ${name}: now at generation ${state.generation}, checkpoint ${String(state.checkpoint)}`);
          this.subscribe(run);
        } else if (state.generation === run.state.generation && (state.parked ?? 0) !== (run.state.parked ?? 0)) {
          // A retry (`projections retry`) applied parked events, or parked them again.
          run.state = { ...run.state, parked: state.parked ?? 0 };
        }
      }
    } catch (error) {
      this.logger.error(`projections: could not read their states: ${(error as Error).message}`);
    } finally {
      this.watching = false;
    }
  }

  private async applyBatch(run: Running, events: RecordedEvent[]): Promise<void> {
    const { projection } = run;
    const last = events[events.length - 1]!.position;
    const relevant = events.filter((e) => projection.handles.includes(e.type));
    if (relevant.length > 0) {
      const { generation } = run.state;
      try {
        await commitOrPark(this.target(run), run.state.checkpoint, relevant, last, (committed) => {
          if (run.state.generation !== generation) return;
          run.state = { ...run.state, checkpoint: committed };
          // Events before the one committed are done: writers waiting on them may go on.
          if (before(run.seen, committed)) run.seen = committed;
          this.settleWaiters();
          for (const listener of this.commitListeners) listener(projection.name);
        });
      } catch (error) {
        if (error instanceof CheckpointMovedError) throw error;
        throw new ProjectionFailure(projection.name, last, error);
      }
    }
    run.seen = last;
    this.settleWaiters();
    // Catch-up commits chain through promises only; without a turn of the event loop between
    // batches, a long backlog would keep `listen`, timers and requests waiting until it is done.
    await new Promise((resolve) => setImmediate(resolve));
  }

  private target(run: Running): BatchTarget {
    const { projection } = run;
    const { version, generation } = run.state;
    return {
      store: this.store,
      projection,
      stateName: projection.name,
      generation,
      physical: (c) => physicalCollection(c, version, generation),
      onSlow: (event, ms) =>
        this.warn(`projection ${projection.name}: ${describeEvent(event)} took ${Math.round(ms)} ms to apply (budget ${SLOW_EVENT_MS} ms)`),
      onParked: (parked) => {
        run.state = { ...run.state, parked: (run.state.parked ?? 0) + 1 };
        this.logger.error(
          `projection ${projection.name} parked ${describeEvent({ ...parked, id: parked.eventId })}: ${parked.error}; ` +
            `it keeps running without it (\`projections parked ${projection.name}\` lists parked events, ` +
            `\`projections retry ${projection.name}\` applies them again)`,
        );
      },
      onRetry: (error, attempt, delayMs) =>
        this.warn(`projection ${projection.name}: the read store failed (${describeError(error)}); retry ${attempt} in ${delayMs} ms`),
      active: () => !this.stopped,
    };
  }

  private warn(message: string): void {
    if (this.logger.warn) this.logger.warn(message);
    else this.logger.log(message);
  }

  private async onSubscriptionError(run: Running, error: Error): Promise<void> {
    if (this.stopped) return;
    if (error instanceof CheckpointMovedError) {
      // Another process (a replay, a reset) moved this projection on: continue from what it stored.
      const failed = run.current;
      const stored = await this.store.getProjectionState(run.projection.name);
      // The watch saw the move meanwhile and subscribed again: once is enough.
      if (run.current !== failed) return;
      if (stored?.status === 'stopped') {
        this.movedTo(run, stored);
        this.logger.log(`projection ${run.projection.name}: paused at checkpoint ${String(stored.checkpoint)}`);
        return;
      }
      if (stored) {
        this.logger.log(
          `projection ${run.projection.name}: now at generation ${stored.generation}, checkpoint ${String(stored.checkpoint)}`,
        );
        this.movedTo(run, stored);
        this.subscribe(run);
        return;
      }
    }
    const message = error instanceof ProjectionFailure ? error.message : `projection ${run.projection.name} failed: ${error.message}`;
    this.logger.error(message);
    // Status and error only: the checkpoint stays the one its last batch committed. Stored first, so
    // the watch never sees a failed projection still stored as running (and takes it for resumed).
    await this.store.setProjectionStatus(run.projection.name, 'failed', message).catch(() => undefined);
    run.state = { ...run.state, status: 'failed', error: message, updatedAt: new Date().toISOString() };
  }

  /**
   * Resolves once the named projections have applied every event up to `position`. Without names:
   * every projection that is running (a failed one is reported by /ready, a paused one was paused
   * on purpose; waiting on them would only turn every write into a timeout).
   */
  waitFor(position: bigint, names?: string[], timeoutMs = 5000): Promise<void> {
    names ??= [...this.running.values()].filter((r) => r.state.status === 'running').map((r) => r.projection.name);
    if (this.lagging(position, names).length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        position,
        names,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new ProjectionLagError(position, this.lagging(position, names)));
      }, timeoutMs);
      this.waiters.push(waiter);
    });
  }

  private lagging(position: bigint, names: string[]): string[] {
    return names.filter((name) => {
      const run = this.running.get(name);
      // Paused on purpose: nobody waits for it (its read model stays where it was paused).
      if (run?.state.status === 'stopped') return false;
      return !run || before(run.seen, position);
    });
  }

  private settleWaiters(): void {
    if (this.waiters.length === 0) return;
    const done = this.waiters.filter((w) => this.lagging(w.position, w.names).length === 0);
    if (done.length === 0) return;
    this.waiters = this.waiters.filter((w) => !done.includes(w));
    for (const w of done) w.resolve();
  }

  /**
   * Hears of each projection this runner moves to another generation (a replay or reset swapped
   * one in): readers in this process (ReadModels) look the generation up again at once, rather
   * than reading the old copy, which no longer gets this process's writes, for up to a second.
   */
  onGeneration(listener: (projection: string, generation: number) => void): void {
    this.generationListeners.push(listener);
  }

  /**
   * Hears of each batch of events a projection commits in this process: a processor that follows
   * a read model (the webhook deliveries follow the `webhooks` outbox) looks at once, not at its next poll.
   */
  onCommit(listener: (projection: string) => void): void {
    this.commitListeners.push(listener);
  }

  private movedTo(run: Running, state: ProjectionState): void {
    const changed = state.generation !== run.state.generation;
    run.state = state;
    run.seen = state.checkpoint;
    if (changed) for (const listener of this.generationListeners) listener(run.projection.name, state.generation);
    // A swapped-in generation may already hold the events writers wait for: no batch of this
    // projection may come to tell them (a writer waiting alone would time out).
    this.settleWaiters();
  }

  /** Current generation of a projection in this process (null when not running here). */
  generationOf(name: string): number | null {
    return this.running.get(name)?.state.generation ?? null;
  }

  states(): RunningState[] {
    return [...this.running.values()].map((r) => ({
      name: r.projection.name,
      status: r.state.status,
      checkpoint: r.state.checkpoint,
      seen: r.seen,
      error: r.state.error,
      parked: r.state.parked ?? 0,
    }));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.watchTimer);
    await Promise.all([...this.running.values()].map((r) => r.subscription?.close()));
  }

  private async dropCollections(projection: Projection, generation: number): Promise<void> {
    for (const c of projection.collections) await this.store.dropCollection(physicalCollection(c.name, projection.version, generation));
  }
}

/** A store failure stopped a projection (the events are not at fault: nothing was parked). */
export class ProjectionFailure extends Error {
  constructor(projection: string, last: bigint, cause: unknown) {
    super(`projection ${projection} stopped: the read store failed committing events up to position ${last}: ${describeError(cause)}`);
    this.name = 'ProjectionFailure';
  }
}
