import Database from 'better-sqlite3';
import { Worker } from 'node:worker_threads';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { FindQuery } from '../read-store/query';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import { Projection, projectionWriter } from './projection';
import { ProjectionRegistry } from './projection-registry';
import { ProjectionReplayer, ReplayDatabases, ReplayFailedError, ReplayProgress } from './projection-replayer';
import { ReadModels } from './read-models';
import { temporaryFolderPerTest } from '../testing/temporary-folder';

const meta = { schemaVersion: 1, actor: 'u1', correlationId: 'c1', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' };

describe('ProjectionReplayer', () => {
  const tmp = temporaryFolderPerTest('replayer-');
  let events: SqliteEventStore;
  let store: SqliteReadStore;
  beforeEach(async () => {
    events = tmp.open(new SqliteEventStore({ file: tmp.path('e.sqlite') }));
    store = tmp.open(new SqliteReadStore({ file: tmp.path('r.sqlite') }));
    for (let i = 0; i < 25; i++) await events.append(`thing-${i % 5}`, [{ type: 'Counted', data: { n: i }, metadata: meta }], 'any');
  });
  /** Replays the projection from `log` into the store, quietly and without pauses. */
  const replay = (projection: Projection, log = events) => new ProjectionReplayer(log, store, () => undefined, 0).replay(projection);
  /** A replayer that drops the old generation at once and tells `seen` how it is getting on. */
  const reporting = (seen: ReplayProgress[], databases?: ReplayDatabases) =>
    new ProjectionReplayer(
      events,
      store,
      () => undefined,
      0,
      (p) => seen.push(p),
      databases,
    );

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
    const replayer = reporting(seen);
    await replayer.replay(things(false));
    expect(seen.map((p) => p.phase)).toEqual(['started', 'catching-up', 'swapped']);
    expect(seen[0]).toEqual({ phase: 'started', projection: 'things', generation: 0, head: 25n });
    expect(seen[1]).toMatchObject({ phase: 'catching-up', events: 25, checkpoint: 25n, head: 25n, seconds: expect.any(Number) });
    expect(seen[2]).toEqual({
      phase: 'swapped',
      projection: 'things',
      generation: 0,
      previous: null,
      checkpoint: 25n,
      dropAfterMs: 0,
      parked: 0,
    });

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
    const db = new Database(tmp.path('r.sqlite'), { readonly: true });
    try {
      return (
        db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?").all(`rm_${collection}`) as { name: string }[]
      ).map((r) => r.name);
    } finally {
      db.close();
    }
  };

  it.each([false, true])('rebuilds the same documents, with their indexes, and swaps them in (indexes built late: %s)', async (late) => {
    const projection = things(late);
    const first = await replay(projection);
    expect(first).toMatchObject({ projection: 'things', generation: 0, events: 25, checkpoint: 25n });
    const second = await replay(projection);
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
      await events.append(
        `membership-${group}-${user}`,
        [{ type, data: { group, user, role: i % 3 === 0 ? 'admin' : 'read' }, metadata: meta }],
        'any',
      );
    }
  };

  const tableRows = (sql: string) => {
    const db = new Database(tmp.path('r.sqlite'), { readonly: true });
    try {
      return db.prepare(sql).all();
    } finally {
      db.close();
    }
  };

  it('counts at the end of a fresh load what triggers count row by row, and two replays build identical documents', async () => {
    await appendMemberships();
    // Incremental: indexes, counters and their triggers from the first row (generation 0).
    await replay(memberships(false));
    const incremental = {
      counters: tableRows('SELECT scope, key, n FROM "rmc_memberships_v1" WHERE n <> 0 ORDER BY scope, key'),
      docs: tableRows('SELECT * FROM "rm_memberships_v1" ORDER BY id'),
    };
    // Loaded bare, then indexed and counted once (generation 1, into a store that keeps serving generation 0 meanwhile).
    await replay(memberships(true));
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
    expect(
      tableRows("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'rm_memberships_v1_g1' ORDER BY name"),
    ).toHaveLength(4);
  });

  it("parks the events a projection throws on, carries their count into the swap, and discards the old generation's", async () => {
    await appendMemberships();
    const log: string[] = [];
    const first = await new ProjectionReplayer(events, store, (l) => log.push(l), 0).replay(memberships(true, 175n));
    expect(first).toMatchObject({ generation: 0, events: 325, checkpoint: 325n, parked: 1 });
    expect(await store.getProjectionState('memberships')).toMatchObject({ generation: 0, checkpoint: 325n, status: 'running', parked: 1 });
    expect(await store.listParkedEvents({ projection: 'memberships', limit: 10 })).toEqual([
      expect.objectContaining({ version: 1, generation: 0, position: 175n, error: 'projection bug', attempts: 1 }),
    ]);
    expect(log).toContainEqual(
      expect.stringMatching(/^memberships: parked event \w+ \S+ at position 175 \(stream membership-.*\): projection bug$/),
    );

    // Fixed: the next replay parks nothing, and the old generation's parked event goes with it.
    const second = await replay(memberships(true));
    expect(second).toMatchObject({ generation: 1, parked: 0 });
    expect((await store.getProjectionState('memberships'))!.parked).toBeUndefined();
    expect(await store.parkedGenerations()).toEqual([]);
  });

  it('a replay that fails midway drops what it built, says where and that running it again is safe', async () => {
    await appendMemberships();
    await replay(memberships(true));
    let models = new ReadModels(store, new ProjectionRegistry([memberships(true)]));
    const groupG1: FindQuery = {
      where: [{ field: 'group', op: 'eq', value: 'g1' }],
      sort: { field: 'joined', direction: 'asc' },
      limit: 1000,
    };
    const before = await models.find('memberships', groupG1);

    // A store failure (not the event's fault): nothing is parked, the replay stops.
    const diskFull = Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
    const failing: Projection = {
      ...memberships(true),
      async apply(event, w) {
        if (event.position === 175n) throw diskFull;
        return memberships(true).apply(event, w);
      },
    };
    const seen: ReplayProgress[] = [];
    const replayer = reporting(seen, { events: 'SQLite /d/events.sqlite', readStore: 'SQLite /d/read-models.sqlite' });
    const failure = await replayer.replay(failing).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(ReplayFailedError);
    expect((failure as Error).message).toBe(
      'projection memberships: replay failed while committing events up to position 325 (SQLite ' +
        '/d/read-models.sqlite): database or disk is full. ' +
        'Nothing was swapped in: the live generation keeps serving, and running the replay again is safe; ' +
        'generation 1, which it was building, was dropped.',
    );
    expect(seen[seen.length - 1]).toEqual({
      phase: 'abandoned',
      projection: 'memberships',
      generation: 1,
      collections: ['memberships_v1_g1'],
      leftover: false,
    });
    expect(await store.listCollections()).toEqual(['memberships_v1']);
    expect(await store.getProjectionState('memberships')).toMatchObject({ generation: 0, checkpoint: 325n, status: 'running' });
    expect(await store.getProjectionState('memberships:replay')).toMatchObject({
      generation: 1,
      status: 'failed',
      error: (failure as Error).message,
    });
    expect(await models.physical('memberships')).toBe('memberships_v1');
    expect(await models.find('memberships', groupG1)).toEqual(before);

    const again = await replay(memberships(true));
    expect(again).toMatchObject({ generation: 1, events: 325, checkpoint: 325n });
    models = new ReadModels(store, new ProjectionRegistry([memberships(true)])); // a fresh look at the generation (cached for a second)
    expect(await models.physical('memberships')).toBe('memberships_v1_g1');
    expect(await models.find('memberships', groupG1)).toEqual(before);
    expect(
      await models.count('memberships', {
        where: [
          { field: 'group', op: 'eq', value: 'g1' },
          { field: 'role', op: 'eq', value: 'admin' },
        ],
      }),
    ).toBe(before.items.filter((m) => (m as unknown as { role: string }).role === 'admin').length);
    expect(await store.listCollections()).toEqual(['memberships_v1_g1']);
  });

  it('swaps in only once it has every event the live generation applied meanwhile', async () => {
    const projection = things(false);
    await replay(projection);
    // A server beside the replay: just as the replay reaches the end of the log, one more event is
    // appended and applied to the live generation (checkpoint 26) before the replay swaps.
    let raced = false;
    const racing = Object.create(events) as SqliteEventStore;
    racing.readAll = async (after, limit) => {
      const batch = await events.readAll(after, limit);
      if (batch.length === 0 && !raced) {
        raced = true;
        const { position } = await events.append('thing-0', [{ type: 'Counted', data: { n: 100 }, metadata: meta }], 'any');
        const [event] = await events.readAll(position - 1n, 1);
        await store.commitBatch({ name: 'things', generation: 0, checkpoint: 25n }, position, (w) =>
          projection.apply(
            event!,
            projectionWriter(w, (c) => `${c}_v1`),
          ),
        );
      }
      return batch;
    };
    const report = await replay(projection, racing);
    expect(raced).toBe(true);
    expect(report).toMatchObject({ generation: 1, checkpoint: 26n, events: 26 });
    expect(await store.get('things_v1_g1', 'thing-0')).toEqual({ id: 'thing-0', total: 150 });
  });

  it('replays beside another connection writing the read store all along (a running server)', async () => {
    const projection = things(true);
    await replay(projection);
    // Another thread, as a server is another process: it commits a write every few milliseconds,
    // holding the lock a few milliseconds each time, as a server's batches do.
    const server = new Worker(
      `
      const { parentPort, workerData } = require('node:worker_threads');
      const db = new (require(workerData.driver))(workerData.file);
      db.pragma('busy_timeout = 5000');
      db.exec('CREATE TABLE IF NOT EXISTS server_writes (n INTEGER)');
      let writes = 0;
      let stop = false;
      parentPort.on('message', () => (stop = true));
      const loop = () => {
        if (stop) return (db.close(), parentPort.postMessage(writes));
        if (writes === 1) parentPort.postMessage('writing');
        db.transaction(() => {
          const until = Date.now() + 3;
          while (Date.now() < until) db.prepare('INSERT INTO server_writes (n) VALUES (?)').run(writes);
        }).immediate();
        writes += 1;
        setTimeout(loop, 2);
      };
      loop();
      `,
      { eval: true, workerData: { file: tmp.path('r.sqlite'), driver: require.resolve('better-sqlite3') } },
    );
    let writes = 0;
    await new Promise((resolve) => server.once('message', resolve));
    try {
      for (let i = 0; i < 3; i++) await replay(projection);
    } finally {
      writes = await new Promise<number>((resolve) => {
        server.once('message', resolve);
        server.postMessage('stop');
      });
      await server.terminate();
    }
    // The other connection wrote before the first replay began ('writing') and until after the last ended.
    expect(writes).toBeGreaterThanOrEqual(2);
    expect(await store.getProjectionState('things')).toMatchObject({ generation: 3, checkpoint: 25n });
    // Each replay dropped the generation it replaced.
    expect(await store.listCollections()).toEqual(['things_v1_g3']);
  });
});
