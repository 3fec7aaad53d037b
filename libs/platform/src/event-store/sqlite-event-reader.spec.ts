import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NewEvent } from './event-store';
import { SqliteEventStore } from './sqlite-event-store';
import { UpcasterRegistry } from './upcasters';

const meta = (i: number) => ({
  schemaVersion: 1,
  actor: `u${i}`,
  correlationId: `c${i}`,
  causationId: null,
  occurredAt: '2026-01-01T00:00:00.000Z',
});

/** readAll of 1,000 events or more runs on the reader thread (after the first, served in place). */
describe('SqliteEventStore reader thread', () => {
  let dir: string;
  let events: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'event-reader-'));
    events = new SqliteEventStore({
      file: join(dir, 'e.sqlite'),
      upcasters: new UpcasterRegistry([{ type: 'Old', fromVersion: 1, upcast: (data) => ({ ...data, upcast: true }) }]),
    });
  });
  afterEach(async () => {
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the same events as a read in place, upcast, with every kind of data', async () => {
    const odd = { text: 'é \u2028 "quoted" \\ \n', big: 2 ** 53 + 2, float: 0.1, neg: -5, nested: { list: [null, true, {}] }, empty: '' };
    for (let s = 0; s < 30; s++) {
      const batch: NewEvent[] = Array.from({ length: 50 }, (_, i) => ({
        type: i % 7 === 0 ? 'Old' : 'Thing',
        data: { ...odd, i, s },
        metadata: meta(i),
      }));
      await events.append(`stream-${s}`, batch, 'no_stream');
    }
    const inPlace = await events.readAll(null, 100_000); // the first large read starts the thread and is served in place
    const onThread = await events.readAll(null, 100_000);
    expect(onThread).toHaveLength(1500);
    expect(onThread).toEqual(inPlace);
    expect(onThread[0]).toMatchObject({
      type: 'Old',
      data: { ...odd, i: 0, s: 0, upcast: true },
      metadata: { schemaVersion: 2 },
      revision: 0n,
      position: 1n,
    });
    expect(onThread[1]!.data).toEqual({ ...odd, i: 1, s: 0 });
    expect(await events.readAll(1400n, 5000)).toEqual(inPlace.slice(1400));
    expect(await events.readAll(1500n, 5000)).toEqual([]);
  });

  it('sees every append that resolved before the read, and reads in stretches', async () => {
    await events.readAll(null, 1000); // starts the thread
    const positions: bigint[] = [];
    for (let i = 0; i < 20; i++) {
      const { position } = await events.append(`s-${i}`, [{ type: 'Thing', data: { i }, metadata: meta(i) }], 'no_stream');
      positions.push(position);
      const read = await events.readAll(null, 1000);
      expect(read.map((e) => e.position)).toEqual(positions);
    }
    expect((await events.readAll(5n, 1000)).map((e) => e.data.i)).toEqual([...Array(15).keys()].map((i) => i + 5));
  });
});
