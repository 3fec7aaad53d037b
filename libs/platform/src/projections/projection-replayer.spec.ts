import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import { Projection } from './projection';
import { ProjectionRegistry } from './projection-registry';
import { ProjectionReplayer, ReplayProgress } from './projection-replayer';
import { ReadModels } from './read-models';

const meta = { schemaVersion: 1, actor: 'u1', correlationId: 'c1', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' };

describe('ProjectionReplayer', () => {
  let dir: string;
  let events: SqliteEventStore;
  let store: SqliteReadStore;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'replayer-'));
    events = new SqliteEventStore({ file: join(dir, 'e.sqlite') });
    store = new SqliteReadStore({ file: join(dir, 'r.sqlite') });
    for (let i = 0; i < 25; i++) await events.append(`thing-${i % 5}`, [{ type: 'Counted', data: { n: i }, metadata: meta }], 'any');
  });
  afterEach(async () => {
    await events.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const things = (applyReadsByIdOnly: boolean): Projection => ({
    name: 'things',
    version: 1,
    collections: [{ name: 'things', indexes: ['total'] }],
    handles: ['Counted'],
    applyReadsByIdOnly,
    async apply(event, w) {
      const id = event.streamId;
      await w.update<{ id: string; total: number }>('things', id, (doc) => ({ id, total: (doc?.total ?? 0) + (event.data.n as number) }));
    },
  });

  it('reports its progress: started, catching up, swapped, and the old generation dropped', async () => {
    const seen: ReplayProgress[] = [];
    const replayer = new ProjectionReplayer(events, store, () => undefined, 0, (p) => seen.push(p));
    await replayer.replay(things(false));
    expect(seen.map((p) => p.phase)).toEqual(['started', 'catching-up', 'swapped']);
    expect(seen[0]).toEqual({ phase: 'started', projection: 'things', generation: 0, head: 25n });
    expect(seen[1]).toMatchObject({ phase: 'catching-up', events: 25, checkpoint: 25n, head: 25n, seconds: expect.any(Number) });
    expect(seen[2]).toEqual({ phase: 'swapped', projection: 'things', generation: 0, previous: null, checkpoint: 25n, dropAfterMs: 0 });

    seen.length = 0;
    await replayer.replay(things(false));
    expect(seen.map((p) => p.phase)).toEqual(['started', 'catching-up', 'swapped', 'dropped']);
    expect(seen[2]).toMatchObject({ phase: 'swapped', generation: 1, previous: 0 });
    expect(seen[3]).toEqual({ phase: 'dropped', projection: 'things', generation: 0, collections: ['things_v1'] });
  });

  it('keeps a paused projection paused in the generation it swaps in', async () => {
    const replayer = new ProjectionReplayer(events, store, () => undefined, 0);
    await replayer.replay(things(false));
    expect(await store.setProjectionStatus('things', 'stopped', null)).toBe(true);
    await replayer.replay(things(false));
    expect(await store.getProjectionState('things')).toMatchObject({ generation: 1, checkpoint: 25n, status: 'stopped' });
  });

  const indexesOf = (collection: string) => {
    const db = new Database(join(dir, 'r.sqlite'), { readonly: true });
    try {
      return (db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?").all(`rm_${collection}`) as { name: string }[]).map((r) => r.name);
    } finally {
      db.close();
    }
  };

  it.each([false, true])('rebuilds the same documents, with their indexes, and swaps them in (indexes built late: %s)', async (late) => {
    const projection = things(late);
    const first = await new ProjectionReplayer(events, store, () => undefined, 0).replay(projection);
    expect(first).toMatchObject({ projection: 'things', generation: 0, events: 25, checkpoint: 25n });
    const second = await new ProjectionReplayer(events, store, () => undefined, 0).replay(projection);
    expect(second.generation).toBe(1);

    const models = new ReadModels(store, new ProjectionRegistry([projection]));
    expect(await models.physical('things')).toBe('things_v1_g1');
    const docs = await models.find('things', { sort: { field: 'total', direction: 'asc' }, limit: 10 });
    expect(docs.items).toEqual([
      { id: 'thing-0', total: 50 },
      { id: 'thing-1', total: 55 },
      { id: 'thing-2', total: 60 },
      { id: 'thing-3', total: 65 },
      { id: 'thing-4', total: 70 },
    ]);
    expect(indexesOf('things_v1_g1')).toContain('ix_things_v1_g1_total');
    expect(indexesOf('things_v1')).toEqual([]);
    expect(await store.getProjectionState('things')).toMatchObject({ generation: 1, checkpoint: 25n, status: 'running' });
  });

  /** Members joining and leaving groups, with counters per group and per (group, role). */
  const memberships = (applyReadsByIdOnly: boolean, failAt?: bigint): Projection => ({
    name: 'memberships',
    version: 1,
    collections: [{ name: 'memberships', indexes: [['group', 'joined']], counts: [['group'], ['group', 'role']] }],
    handles: ['Joined', 'Left', 'RoleChanged'],
    applyReadsByIdOnly,
    async apply(event, w) {
      if (failAt !== undefined && event.position === failAt) throw new Error('projection bug');
      const { group, user, role } = event.data as { group: string; user: string; role?: string };
      const id = `${group}:${user}`;
      if (event.type === 'Joined') w.put('memberships', { id, group, user, role, joined: Number(event.position) });
      else if (event.type === 'Left') w.delete('memberships', id);
      else await w.update<{ id: string; role: string }>('memberships', id, (doc) => doc && { ...doc, role: role! });
    },
  });

  const appendMemberships = async () => {
    for (let i = 0; i < 300; i++) {
      const group = `g${i % 7}`;
      const user = `u${i % 40}`;
      const type = i % 11 === 5 ? 'Left' : i % 5 === 3 ? 'RoleChanged' : 'Joined';
      await events.append(`membership-${group}-${user}`, [{ type, data: { group, user, role: i % 3 === 0 ? 'admin' : 'read' }, metadata: meta }], 'any');
    }
  };

  const tableRows = (sql: string) => {
    const db = new Database(join(dir, 'r.sqlite'), { readonly: true });
    try {
      return db.prepare(sql).all();
    } finally {
      db.close();
    }
  };

  it('counts at the end of a fresh load what triggers count row by row, and two replays build identical documents', async () => {
    await appendMemberships();
    // Incremental: indexes, counters and their triggers from the first row (generation 0).
    await new ProjectionReplayer(events, store, () => undefined, 0).replay(memberships(false));
    const incremental = {
      counters: tableRows('SELECT scope, key, n FROM "rmc_memberships_v1" WHERE n <> 0 ORDER BY scope, key'),
      docs: tableRows('SELECT * FROM "rm_memberships_v1" ORDER BY id'),
    };
    // Loaded bare, then indexed and counted once (generation 1, into a store that keeps serving generation 0 meanwhile).
    await new ProjectionReplayer(events, store, () => undefined, 0).replay(memberships(true));
    const late = {
      counters: tableRows('SELECT scope, key, n FROM "rmc_memberships_v1_g1" WHERE n <> 0 ORDER BY scope, key'),
      docs: tableRows('SELECT * FROM "rm_memberships_v1_g1" ORDER BY id'),
    };
    expect(incremental.counters.length).toBeGreaterThan(7);
    expect(late).toEqual(incremental);
    // The triggers are in place after the late build: a live batch moves the counters.
    const models = new ReadModels(store, new ProjectionRegistry([memberships(true)]));
    expect(await models.count('memberships', { where: [{ field: 'group', op: 'eq', value: 'g0' }] })).toBe(
      (await models.find('memberships', { where: [{ field: 'group', op: 'eq', value: 'g0' }], limit: 1000 })).items.length,
    );
    expect(tableRows("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'rm_memberships_v1_g1' ORDER BY name")).toHaveLength(4);
  }, 20_000);

  it('a replay that fails midway leaves the old generation serving, and can be run again', async () => {
    await appendMemberships();
    await new ProjectionReplayer(events, store, () => undefined, 0).replay(memberships(true));
    let models = new ReadModels(store, new ProjectionRegistry([memberships(true)]));
    const before = await models.find('memberships', { where: [{ field: 'group', op: 'eq', value: 'g1' }], sort: { field: 'joined', direction: 'asc' }, limit: 1000 });

    await expect(new ProjectionReplayer(events, store, () => undefined, 0).replay(memberships(true, 175n))).rejects.toThrow('projection bug');
    expect(await store.getProjectionState('memberships')).toMatchObject({ generation: 0, checkpoint: 325n, status: 'running' });
    expect(await models.physical('memberships')).toBe('memberships_v1');
    expect(await models.find('memberships', { where: [{ field: 'group', op: 'eq', value: 'g1' }], sort: { field: 'joined', direction: 'asc' }, limit: 1000 })).toEqual(before);

    const again = await new ProjectionReplayer(events, store, () => undefined, 0).replay(memberships(true));
    expect(again).toMatchObject({ generation: 1, events: 325, checkpoint: 325n });
    models = new ReadModels(store, new ProjectionRegistry([memberships(true)])); // a fresh look at the generation (cached for a second)
    expect(await models.physical('memberships')).toBe('memberships_v1_g1');
    expect(await models.find('memberships', { where: [{ field: 'group', op: 'eq', value: 'g1' }], sort: { field: 'joined', direction: 'asc' }, limit: 1000 })).toEqual(before);
    expect(await models.count('memberships', { where: [{ field: 'group', op: 'eq', value: 'g1' }, { field: 'role', op: 'eq', value: 'admin' }] })).toBe(
      before.items.filter((m) => (m as unknown as { role: string }).role === 'admin').length,
    );
  }, 20_000);
});
