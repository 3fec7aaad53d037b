import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import { Projection } from './projection';
import { ProjectionRegistry } from './projection-registry';
import { ProjectionLagError, ProjectionRunner } from './projection-runner';
import { SLOW_EVENT_MS } from './parking';
import { ReadModels } from './read-models';
import { eventually } from '../testing/eventually';
import { temporaryFolderPerTest } from '../testing/temporary-folder';

const meta = { schemaVersion: 1, actor: 'u1', correlationId: 'c1', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' };

describe('ProjectionRunner', () => {
  const tmp = temporaryFolderPerTest('runner-');
  let events: SqliteEventStore;
  let store: SqliteReadStore;
  const logs: string[] = [];
  const logger = { log: (m: string) => logs.push(m), error: (m: string) => logs.push(`ERROR ${m}`) };

  beforeEach(() => {
    events = tmp.open(new SqliteEventStore({ file: tmp.path('e.sqlite'), pollIntervalMs: 20 }));
    store = tmp.open(new SqliteReadStore({ file: tmp.path('r.sqlite') }));
    logs.length = 0;
  });

  const counter = (overrides: Partial<Projection> = {}): Projection => ({
    name: 'counter',
    version: 1,
    collections: [{ name: 'counts' }],
    handles: ['Counted', 'Exploded'],
    async apply(event, w) {
      if (event.type === 'Exploded') throw new Error('boom');
      await addOne(w);
    },
    ...overrides,
  });

  const append = (type: string, stream = 's-1') => events.append(stream, [{ type, data: {}, metadata: meta }], 'any');
  /** Counts one more in the total. */
  const addOne = (w: Parameters<Projection['apply']>[1]) =>
    w.update<{ id: string; n: number }>('counts', 'total', (doc) => ({ id: 'total', n: (doc?.n ?? 0) + 1 }));
  /** A runner of the projections on the test's stores, started; it reads the stored states every `watchIntervalMs`. */
  async function started(projections: Projection[], watchIntervalMs?: number) {
    const registry = new ProjectionRegistry(projections);
    const runner = new ProjectionRunner(events, store, registry, logger, watchIntervalMs);
    await runner.start();
    return { registry, runner };
  }

  it('catches up, goes live, and lets writers wait for a position', async () => {
    await append('Counted');
    await append('Ignored');
    const { registry, runner } = await started([counter()]);
    const { position } = await append('Counted');
    await runner.waitFor(position, ['counter'], 2000);
    const models = new ReadModels(store, registry);
    expect(await models.get('counts', 'total')).toEqual({ id: 'total', n: 2 });
    expect((await store.getProjectionState('counter'))?.checkpoint).toBe(position);
    await runner.stop();
  });

  it('tells commit listeners of each batch a projection commits, after the commit (its writes are readable)', async () => {
    const { registry, runner } = await started([counter()]);
    const models = new ReadModels(store, registry);
    const heard: { projection: string; read: Promise<unknown> }[] = [];
    runner.onCommit((projection) => heard.push({ projection, read: models.get('counts', 'total') }));
    await append('Ignored');
    const { position } = await append('Counted');
    await runner.waitFor(position, ['counter'], 2000);
    expect(heard.map((h) => h.projection)).toEqual(['counter']);
    expect(await heard[0]!.read).toEqual({ id: 'total', n: 1 });
    await runner.stop();
  });

  it('parks an event it throws on, logs it and keeps going; the good events of the batch commit', async () => {
    const registry = new ProjectionRegistry([counter()]);
    const runner = new ProjectionRunner(events, store, registry, logger);
    // One batch: the runner starts after the events are in the log.
    await append('Counted');
    const bad = await append('Exploded', 'hostile-1');
    const last = await append('Counted');
    await runner.start();
    await runner.waitFor(last.position, ['counter'], 2000);
    expect(await new ReadModels(store, registry).get('counts', 'total')).toEqual({ id: 'total', n: 2 });
    expect(runner.states()).toEqual([
      expect.objectContaining({ name: 'counter', status: 'running', checkpoint: last.position, parked: 1, error: null }),
    ]);
    expect(await store.getProjectionState('counter')).toMatchObject({ status: 'running', checkpoint: last.position, parked: 1 });
    const [parked, ...more] = await store.listParkedEvents({ projection: 'counter', limit: 10 });
    expect(more).toEqual([]);
    expect(parked).toEqual({
      projection: 'counter',
      version: 1,
      generation: 0,
      eventId: expect.any(String),
      type: 'Exploded',
      streamId: 'hostile-1',
      position: bad.position,
      error: 'boom',
      parkedAt: expect.any(String),
      failedAt: parked!.parkedAt,
      attempts: 1,
    });
    const logged = logs.find((l) => l.startsWith('ERROR'));
    expect(logged).toContain(
      `projection counter parked event Exploded ${parked!.eventId} at position ${bad.position} (stream hostile-1): boom`,
    );
    expect(logged).toContain('projections retry counter');

    // Live too: later events go on being applied, and writers waiting on the bad one are answered.
    const live = await append('Exploded');
    await runner.waitFor(live.position, ['counter'], 2000);
    const after = await append('Counted');
    await runner.waitFor(after.position, ['counter'], 2000);
    expect(await new ReadModels(store, registry).get('counts', 'total')).toEqual({ id: 'total', n: 3 });
    expect(runner.states()[0]).toMatchObject({ status: 'running', parked: 2 });
    await runner.stop();

    // A restart neither applies nor parks them again.
    const again = new ProjectionRunner(events, store, registry, logger);
    await again.start();
    const next = await append('Counted');
    await again.waitFor(next.position, ['counter'], 2000);
    expect(await new ReadModels(store, registry).get('counts', 'total')).toEqual({ id: 'total', n: 4 });
    expect(again.states()[0]).toMatchObject({ parked: 2 });
    expect(await store.listParkedEvents({ projection: 'counter', limit: 10 })).toHaveLength(2);
    await again.stop();
  });

  it("stops as failed on a store failure, which is no event's fault: nothing is parked or skipped", async () => {
    let full = true;
    const diskFull = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    const { registry, runner } = await started(
      [
        counter({
          async apply(event, w) {
            if (full && event.type === 'Exploded') throw diskFull;
            await addOne(w);
          },
        }),
      ],
      50,
    );
    const ok = await append('Counted');
    await runner.waitFor(ok.position, ['counter'], 2000);
    const bad = await append('Exploded');
    await expect(runner.waitFor(bad.position, ['counter'], 300)).rejects.toBeInstanceOf(ProjectionLagError);
    const stored = await store.getProjectionState('counter');
    expect(stored).toMatchObject({ status: 'failed', checkpoint: ok.position, error: expect.stringContaining('database or disk is full') });
    expect(stored!.parked).toBeUndefined();
    expect(runner.states()[0]).toMatchObject({ status: 'failed', parked: 0 });
    expect(await store.listParkedEvents({ limit: 10 })).toEqual([]);

    // Once the store is fixed, resuming applies the event instead of skipping it.
    full = false;
    await store.setProjectionStatus('counter', 'running', null);
    await runner.waitFor(bad.position, ['counter'], 3000);
    expect(await new ReadModels(store, registry).get('counts', 'total')).toEqual({ id: 'total', n: 2 });
    await runner.stop();
  });

  it('retries a locked database instead of failing or parking', async () => {
    let locked = 2;
    const { registry, runner } = await started([
      counter({
        async apply(event, w) {
          if (event.type === 'Exploded' && locked-- > 0) throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
          await addOne(w);
        },
      }),
    ]);
    const { position } = await append('Exploded');
    await runner.waitFor(position, ['counter'], 5000);
    expect(await new ReadModels(store, registry).get('counts', 'total')).toEqual({ id: 'total', n: 1 });
    expect(runner.states()[0]).toMatchObject({ status: 'running', parked: 0 });
    expect(logs.filter((l) => l.includes('database is locked') && /retry \d in \d+ ms/.test(l))).toHaveLength(2);
    await runner.stop();
  });

  it('logs an event slower to apply than the budget, with its id', async () => {
    const { runner } = await started([
      counter({
        async apply(event) {
          if (event.type === 'Exploded') await new Promise((r) => setTimeout(r, SLOW_EVENT_MS + 50));
        },
      }),
    ]);
    const { position } = await append('Exploded');
    await runner.waitFor(position, ['counter'], 5000);
    const [event] = await events.readAll(position - 1n, 1);
    expect(logs).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^projection counter: event Exploded ${event!.id} at position ${position} \\(stream s-1\\) took ` +
            `\\d+ ms to apply \\(budget ${SLOW_EVENT_MS} ms\\)$`,
        ),
      ),
    );
    await runner.stop();
  });

  it('starts without applying anything: catch-up begins once start-up has returned (the server listens first)', async () => {
    for (let i = 0; i < 5; i++) await append('Counted');
    let applied = 0;
    const { runner } = await started([
      counter({
        async apply(_event, w) {
          applied += 1;
          await addOne(w);
        },
      }),
    ]);
    expect(applied).toBe(0);
    expect(runner.states()[0]).toMatchObject({ status: 'running', seen: null });
    await runner.waitFor(5n, ['counter'], 3000);
    expect(applied).toBe(5);
    await runner.stop();
  });

  it('lets timers and I/O run between the batches of a long catch-up', async () => {
    for (let i = 0; i < 4; i++) {
      await events.append(
        `bulk-${i}`,
        Array.from({ length: 1000 }, () => ({ type: 'Counted', data: {}, metadata: meta })),
        'any',
      );
    }
    const { runner } = await started([counter()]);
    // A timer set once start() has returned fires before the 4,000 events are all applied.
    const seenWhenTimerFired = await new Promise<bigint | null>((resolve) => setTimeout(() => resolve(runner.states()[0]!.seen), 0));
    expect(seenWhenTimerFired === null || seenWhenTimerFired < 4000n).toBe(true);
    await runner.waitFor(4000n, ['counter'], 10_000);
    await runner.stop();
  });

  it('waits for every healthy projection when no names are given, not for a failed one', async () => {
    const failing = counter({
      name: 'failing',
      collections: [{ name: 'failing_counts' }],
      async apply() {
        throw Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
      },
    });
    const healthy = counter({ name: 'healthy', collections: [{ name: 'healthy_counts' }], handles: ['Counted'] });
    const { runner } = await started([failing, healthy]);
    await append('Exploded');
    const { position } = await append('Counted');
    await expect(runner.waitFor(position, undefined, 2000)).resolves.toBeUndefined();
    expect(runner.states().map((s) => [s.name, s.status])).toEqual([
      ['failing', 'failed'],
      ['healthy', 'running'],
    ]);
    await expect(runner.waitFor(position, ['failing'], 200)).rejects.toBeInstanceOf(ProjectionLagError);
    await runner.stop();
  });

  it('rebuilds from the start into fresh collections when the projection version changes', async () => {
    await append('Counted');
    const v1 = new ProjectionRunner(events, store, new ProjectionRegistry([counter()]), logger);
    await v1.start();
    await v1.waitFor(1n, ['counter'], 2000);
    await v1.stop();
    const registry = new ProjectionRegistry([counter({ version: 2 })]);
    const v2 = new ProjectionRunner(events, store, registry, logger);
    await v2.start();
    await v2.waitFor(1n, ['counter'], 2000);
    expect(await new ReadModels(store, registry).physical('counts')).toBe('counts_v2');
    expect(await new ReadModels(store, registry).get('counts', 'total')).toEqual({ id: 'total', n: 1 });
    expect(logs.some((l) => l.includes('v1 -> v2'))).toBe(true);
    await v2.stop();
  });

  describe('operators steering it through the stored states', () => {
    const total = async (registry: ProjectionRegistry) =>
      (await new ReadModels(store, registry).get<{ id: string; n: number }>('counts', 'total'))?.n ?? 0;

    it('pauses within its watch interval, is not waited for while paused, and resumes where it stopped', async () => {
      const { registry, runner } = await started([counter({ handles: ['Counted'] })], 50);
      const first = await append('Counted');
      await runner.waitFor(first.position, ['counter'], 2000);

      expect(await store.setProjectionStatus('counter', 'stopped', null)).toBe(true);
      await eventually(async () => runner.states()[0]!.status === 'stopped');
      const second = await append('Counted');
      // Writers do not wait for a paused projection; it applies nothing while paused.
      await expect(runner.waitFor(second.position, undefined, 200)).resolves.toBeUndefined();
      await new Promise((r) => setTimeout(r, 200));
      expect(await total(registry)).toBe(1);
      expect(await store.getProjectionState('counter')).toMatchObject({ status: 'stopped', checkpoint: first.position });
      expect(logs).toContain(`projection counter: paused at checkpoint ${first.position}`);

      await store.setProjectionStatus('counter', 'running', null);
      await eventually(async () => (await total(registry)) === 2);
      await runner.waitFor(second.position, ['counter'], 2000);
      expect(runner.states()[0]).toMatchObject({ status: 'running', checkpoint: second.position });
      await runner.stop();
    });

    it('stays paused across a restart', async () => {
      await append('Counted');
      const registry = new ProjectionRegistry([counter({ handles: ['Counted'] })]);
      const before = new ProjectionRunner(events, store, registry, logger, 50);
      await before.start();
      await before.waitFor(1n, ['counter'], 2000);
      await store.setProjectionStatus('counter', 'stopped', null);
      await before.stop();

      await append('Counted');
      const after = new ProjectionRunner(events, store, registry, logger, 50);
      await after.start();
      expect(after.states()[0]).toMatchObject({ status: 'stopped', checkpoint: 1n });
      await new Promise((r) => setTimeout(r, 200));
      expect(await store.getProjectionState('counter')).toMatchObject({ status: 'stopped', checkpoint: 1n });
      expect(await total(registry)).toBe(1);
      await after.stop();
    });

    it('answers writers waiting on events that a generation swapped in (a replay) already holds', async () => {
      const { runner } = await started([counter({ handles: ['Counted'] })], 60_000);
      const first = await append('Counted');
      await runner.waitFor(first.position, ['counter'], 2000);
      // A replay swaps in generation 1 holding the next event before this runner applies it.
      const state = (await store.getProjectionState('counter'))!;
      await store.ensureCollections([{ name: 'counts_v1_g1' }]);
      await store.saveProjectionState({ ...state, generation: 1, checkpoint: first.position + 1n });
      const second = await append('Counted');
      expect(second.position).toBe(first.position + 1n);
      // Its batch for generation 0 is refused (moved checkpoint): the runner moves on, and the wait ends.
      await runner.waitFor(second.position, ['counter'], 2000);
      expect(runner.generationOf('counter')).toBe(1);
      await runner.stop();
    });

    it('follows a new generation stored by a reset, rebuilding it from the start without new events', async () => {
      await append('Counted');
      await append('Counted');
      const registry = new ProjectionRegistry([counter({ handles: ['Counted'] })]);
      const runner = new ProjectionRunner(events, store, registry, logger, 50);
      const moved: [string, number][] = [];
      runner.onGeneration((name, generation) => moved.push([name, generation]));
      await runner.start();
      await runner.waitFor(2n, ['counter'], 2000);
      const state = (await store.getProjectionState('counter'))!;
      await store.ensureCollections([{ name: 'counts_v1_g1' }]);
      await store.saveProjectionState({ ...state, generation: 1, checkpoint: null });
      await eventually(async () => runner.generationOf('counter') === 1 && runner.states()[0]!.checkpoint === 2n);
      expect(await store.get('counts_v1_g1', 'total')).toEqual({ id: 'total', n: 2 });
      // Readers in the process are told, so they look the generation up again at once.
      expect(moved).toEqual([['counter', 1]]);
      await runner.stop();
    });
  });
});
