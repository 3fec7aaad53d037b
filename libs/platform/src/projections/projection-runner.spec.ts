import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import { Projection } from './projection';
import { ProjectionRegistry } from './projection-registry';
import { ProjectionLagError, ProjectionRunner } from './projection-runner';
import { ReadModels } from './read-models';

const meta = { schemaVersion: 1, actor: 'u1', correlationId: 'c1', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' };

describe('ProjectionRunner', () => {
  let dir: string;
  let events: SqliteEventStore;
  let store: SqliteReadStore;
  const logs: string[] = [];
  const logger = { log: (m: string) => logs.push(m), error: (m: string) => logs.push(`ERROR ${m}`) };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'runner-'));
    events = new SqliteEventStore({ file: join(dir, 'e.sqlite'), pollIntervalMs: 20 });
    store = new SqliteReadStore({ file: join(dir, 'r.sqlite') });
    logs.length = 0;
  });
  afterEach(async () => {
    await events.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const counter = (overrides: Partial<Projection> = {}): Projection => ({
    name: 'counter',
    version: 1,
    collections: [{ name: 'counts' }],
    handles: ['Counted', 'Exploded'],
    async apply(event, w) {
      if (event.type === 'Exploded') throw new Error('boom');
      await w.update<{ id: string; n: number }>('counts', 'total', (doc) => ({ id: 'total', n: (doc?.n ?? 0) + 1 }));
    },
    ...overrides,
  });

  const append = (type: string, stream = 's-1') => events.append(stream, [{ type, data: {}, metadata: meta }], 'any');

  it('catches up, goes live, and lets writers wait for a position', async () => {
    await append('Counted');
    await append('Ignored');
    const registry = new ProjectionRegistry([counter()]);
    const runner = new ProjectionRunner(events, store, registry, logger);
    await runner.start();
    const { position } = await append('Counted');
    await runner.waitFor(position, ['counter'], 2000);
    const models = new ReadModels(store, registry);
    expect(await models.get('counts', 'total')).toEqual({ id: 'total', n: 2 });
    expect((await store.getProjectionState('counter'))?.checkpoint).toBe(position);
    await runner.stop();
  });

  it('stops on a failing event, logs it, marks the projection failed and never skips it', async () => {
    const registry = new ProjectionRegistry([counter()]);
    const runner = new ProjectionRunner(events, store, registry, logger);
    await runner.start();
    const first = await append('Counted');
    await runner.waitFor(first.position, ['counter'], 2000);
    const bad = await append('Exploded');
    await append('Counted');
    await expect(runner.waitFor(bad.position, ['counter'], 300)).rejects.toBeInstanceOf(ProjectionLagError);
    const state = runner.states().find((s) => s.name === 'counter')!;
    expect(state.status).toBe('failed');
    expect(state.error).toMatch(/Exploded .* at position 2 .*boom/);
    expect(logs.some((l) => l.startsWith('ERROR') && l.includes('boom'))).toBe(true);
    expect((await store.getProjectionState('counter'))).toMatchObject({ status: 'failed', checkpoint: first.position });
    await runner.stop();

    // After a fix, a restart resumes at the failed event instead of past it.
    const fixed = new ProjectionRunner(events, store, new ProjectionRegistry([counter({ handles: ['Counted'] })]), logger);
    await fixed.start();
    await fixed.waitFor(3n, ['counter'], 2000);
    expect(await new ReadModels(store, registry).get('counts', 'total')).toEqual({ id: 'total', n: 2 });
    await fixed.stop();
  });

  it('waits for every healthy projection when no names are given, not for a failed one', async () => {
    const healthy = counter({ name: 'healthy', collections: [{ name: 'healthy_counts' }], handles: ['Counted'] });
    const registry = new ProjectionRegistry([counter(), healthy]);
    const runner = new ProjectionRunner(events, store, registry, logger);
    await runner.start();
    await append('Exploded');
    const { position } = await append('Counted');
    await expect(runner.waitFor(position, undefined, 2000)).resolves.toBeUndefined();
    expect(runner.states().map((s) => [s.name, s.status])).toEqual([['counter', 'failed'], ['healthy', 'running']]);
    await expect(runner.waitFor(position, ['counter'], 200)).rejects.toBeInstanceOf(ProjectionLagError);
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
    const total = async (registry: ProjectionRegistry) => (await new ReadModels(store, registry).get<{ id: string; n: number }>('counts', 'total'))?.n ?? 0;
    const eventually = async (check: () => Promise<boolean>, ms = 3000) => {
      const deadline = Date.now() + ms;
      while (!(await check())) {
        if (Date.now() > deadline) throw new Error('condition not met in time');
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    it('pauses within its watch interval, is not waited for while paused, and resumes where it stopped', async () => {
      const registry = new ProjectionRegistry([counter({ handles: ['Counted'] })]);
      const runner = new ProjectionRunner(events, store, registry, logger, 50);
      await runner.start();
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

    it('follows a new generation stored by a reset, rebuilding it from the start without new events', async () => {
      await append('Counted');
      await append('Counted');
      const registry = new ProjectionRegistry([counter({ handles: ['Counted'] })]);
      const runner = new ProjectionRunner(events, store, registry, logger, 50);
      await runner.start();
      await runner.waitFor(2n, ['counter'], 2000);
      const state = (await store.getProjectionState('counter'))!;
      await store.ensureCollections([{ name: 'counts_v1_g1' }]);
      await store.saveProjectionState({ ...state, generation: 1, checkpoint: null });
      await eventually(async () => runner.generationOf('counter') === 1 && runner.states()[0]!.checkpoint === 2n);
      expect(await store.get('counts_v1_g1', 'total')).toEqual({ id: 'total', n: 2 });
      await runner.stop();
    });

    it('records a failure as status and error only, keeping the committed checkpoint', async () => {
      const registry = new ProjectionRegistry([counter()]);
      const runner = new ProjectionRunner(events, store, registry, logger, 50);
      await runner.start();
      const ok = await append('Counted');
      await runner.waitFor(ok.position, ['counter'], 2000);
      await append('Exploded');
      await eventually(async () => (await store.getProjectionState('counter'))?.status === 'failed');
      expect(await store.getProjectionState('counter')).toMatchObject({ checkpoint: ok.position, error: expect.stringContaining('boom') });
      await runner.stop();
    });
  });
});
