import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Aggregate, DomainEvent } from '@docs/kernel';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { Consistency } from '../projections/consistency';
import { AggregateWriter, WriteKit } from './aggregate-writer';

type Counted = DomainEvent<'Counted', { n: number }>;
const counter: Aggregate<number, { type: 'Count'; n: number }, Counted> = {
  category: 'counter',
  initialState: () => 0,
  evolve: (total, e) => total + e.data.n,
  decide: (_total, c) => (c.n === 0 ? [] : [{ type: 'Counted', data: { n: c.n } }]),
  schemaVersions: { Counted: 1 },
};

class CounterWriter extends AggregateWriter<number, { type: 'Count'; n: number }, Counted> {
  constructor(kit: WriteKit) {
    super(kit, counter);
  }
}

describe('AggregateWriter', () => {
  let dir: string;
  let store: SqliteEventStore;
  const waits: { position: bigint | null; types: readonly string[] }[] = [];
  const consistency = { waitForEvents: async (position: bigint | null, types: readonly string[]) => void waits.push({ position, types }) } as unknown as Consistency;
  const ctx = { actor: 'u1', correlationId: 'req-1' };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'writer-'));
    store = new SqliteEventStore({ file: join(dir, 'e.sqlite') });
    waits.length = 0;
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('waits for the projections of what one write appended', async () => {
    const writer = new CounterWriter(new WriteKit(store, consistency));
    const { position } = await writer.execute('a', { type: 'Count', n: 1 }, ctx);
    expect(waits).toEqual([{ position, types: ['Counted'] }]);
  });

  it('runs several writes in order and waits once, for the last position', async () => {
    const writer = new CounterWriter(new WriteKit(store, consistency));
    const outcomes = await writer.executeEach([{ id: 'a', command: { type: 'Count', n: 1 } }, { id: 'b', command: { type: 'Count', n: 0 } }, { id: 'c', command: { type: 'Count', n: 2 } }], ctx);
    expect(outcomes.map((o) => o.position === null)).toEqual([false, true, false]);
    expect(waits).toEqual([{ position: outcomes[2]!.position, types: ['Counted', 'Counted'] }]);
  });
});
