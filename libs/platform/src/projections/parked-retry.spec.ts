import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { SqliteReadStore } from '../read-store/sqlite-read-store';
import { retryParkedEvents, RetryRefused } from './parked-retry';
import { Projection } from './projection';
import { ProjectionRegistry } from './projection-registry';
import { ProjectionRunner } from './projection-runner';
import { ReadModels } from './read-models';
import { temporaryFolderPerTest } from '../testing/temporary-folder';
import { eventually } from '../testing/eventually';

const meta = { schemaVersion: 1, actor: 'u1', correlationId: 'c1', causationId: null, occurredAt: '2026-01-01T00:00:00.000Z' };

describe('retryParkedEvents (projections retry)', () => {
  const tmp = temporaryFolderPerTest('retry-');
  let events: SqliteEventStore;
  /** The server's connection, and the operator's (the CLI is another process with its own). */
  let server: SqliteReadStore;
  let cli: SqliteReadStore;
  const logger = { log: () => undefined, error: () => undefined };
  /** Event ids the projection cannot apply yet: the "bug" a fix removes. */
  let broken: Set<string>;

  beforeEach(() => {
    events = tmp.open(new SqliteEventStore({ file: tmp.path('e.sqlite'), pollIntervalMs: 20 }));
    server = tmp.open(new SqliteReadStore({ file: tmp.path('r.sqlite') }));
    cli = tmp.open(new SqliteReadStore({ file: tmp.path('r.sqlite') }));
    broken = new Set();
  });

  const tally: Projection = {
    name: 'tally',
    version: 1,
    collections: [{ name: 'tallies' }],
    handles: ['Added'],
    async apply(event, w) {
      const { n } = event.data as { n: number };
      if (broken.has(String(n))) throw new Error(`cannot add ${n}`);
      await w.update<{ id: string; sum: number; order: number[] }>('tallies', 'all', (doc) => ({
        id: 'all',
        sum: (doc?.sum ?? 0) + n,
        order: [...(doc?.order ?? []), n],
      }));
    },
  };
  const add = (n: number) => events.append('tally-1', [{ type: 'Added', data: { n }, metadata: meta }], 'any');

  it('applies parked events again after a fix, in log order, while a server keeps running; those still failing stay parked', async () => {
    const registry = new ProjectionRegistry([tally]);
    const runner = new ProjectionRunner(events, server, registry, logger, 50);
    await runner.start();
    broken = new Set(['2', '3', '5']);
    let last = 0n;
    for (const n of [1, 2, 3, 4, 5]) last = (await add(n)).position;
    await runner.waitFor(last, ['tally'], 3000);
    const models = new ReadModels(server, registry);
    expect(await models.get('tallies', 'all')).toMatchObject({ sum: 5, order: [1, 4] });
    expect(runner.states()[0]).toMatchObject({ status: 'running', parked: 3 });
    const parked = await cli.listParkedEvents({ projection: 'tally', limit: 10 });
    expect(parked.map((p) => p.error)).toEqual(['cannot add 2', 'cannot add 3', 'cannot add 5']);

    // The fix covers 2 and 5, not 3; the server applies a new event meanwhile.
    broken = new Set(['3']);
    const outcomes = await retryParkedEvents(events, cli, tally);
    expect(outcomes.map((o) => [o.parked.eventId, o.result])).toEqual([
      [parked[0]!.eventId, 'applied'],
      [parked[1]!.eventId, 'failed'],
      [parked[2]!.eventId, 'applied'],
    ]);
    expect(outcomes[1]).toMatchObject({ error: 'cannot add 3', parked: { attempts: 2, parkedAt: parked[1]!.parkedAt } });
    const six = await add(6);
    await runner.waitFor(six.position, ['tally'], 3000);
    expect(await models.get('tallies', 'all')).toMatchObject({ sum: 18, order: [1, 4, 2, 5, 6] });
    expect(await cli.listParkedEvents({ projection: 'tally', limit: 10 })).toEqual([
      { ...parked[1], attempts: 2, failedAt: expect.any(String) },
    ]);
    expect(await cli.getProjectionState('tally')).toMatchObject({ parked: 1, checkpoint: six.position });
    // The running server picks the new count up from the stored state.
    await eventually(async () => runner.states()[0]!.parked === 1);

    // One event by id, once it is fixed too.
    broken = new Set();
    expect((await retryParkedEvents(events, cli, tally, { eventIds: [parked[1]!.eventId] })).map((o) => o.result)).toEqual(['applied']);
    expect(await cli.listParkedEvents({ projection: 'tally', limit: 10 })).toEqual([]);
    await eventually(async () => runner.states()[0]!.parked === 0);
    await eventually(async () => (await new ReadModels(server, registry).get<{ id: string; sum: number }>('tallies', 'all'))?.sum === 21);
    await runner.stop();
  });

  it('refuses a projection that has not started, and has nothing to do without parked events', async () => {
    await expect(retryParkedEvents(events, cli, tally)).rejects.toBeInstanceOf(RetryRefused);
    const runner = new ProjectionRunner(events, server, new ProjectionRegistry([tally]), logger);
    await runner.start();
    await runner.waitFor((await add(1)).position, ['tally'], 3000);
    expect(await retryParkedEvents(events, cli, tally)).toEqual([]);
    await runner.stop();
  });
});
