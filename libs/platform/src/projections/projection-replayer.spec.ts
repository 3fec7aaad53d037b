import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import { Projection } from './projection';
import { ProjectionRegistry } from './projection-registry';
import { ProjectionReplayer } from './projection-replayer';
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
});
