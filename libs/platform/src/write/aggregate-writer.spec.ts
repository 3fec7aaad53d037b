import { Aggregate, conflict, DomainEvent } from '@docs/kernel';
import { ExpectedRevision, NewEvent, WrongExpectedRevisionError } from '../event-store/event-store';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { Consistency } from '../projections/consistency';
import { AggregateWriter, WriteKit } from './aggregate-writer';
import { setImmediate as tick } from 'node:timers/promises';
import { gate } from '../testing/gate';
import { temporaryFolderPerTest } from '../testing/temporary-folder';

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

/** Counts to a total the decision reads from a "read model" (`facts`), refusing when it is behind the stream. */
const checked: Aggregate<number, { type: 'Count'; n: number }, Counted, number> = {
  ...counter,
  decide: (total, c, projected) => {
    if (projected !== total) throw conflict(`read model at ${projected}, stream at ${total}`);
    return [{ type: 'Counted', data: { n: c.n } }];
  },
};

class CheckedWriter extends AggregateWriter<number, { type: 'Count'; n: number }, Counted, number> {
  constructor(
    kit: WriteKit,
    private readonly projected: () => number,
  ) {
    super(kit, checked);
  }
  protected override facts(): number {
    return this.projected();
  }
}

/** A counter whose commands all claim one unique value (until projected). */
class ClaimingWriter extends CounterWriter {
  protected override exclusiveKeys(): readonly string[] {
    return ['counter-key:one'];
  }
}

describe('AggregateWriter', () => {
  const tmp = temporaryFolderPerTest('writer-');
  let store: SqliteEventStore;
  const waits: { position: bigint | null; types: readonly string[] }[] = [];
  const consistency = {
    waitForEvents: async (position: bigint | null, types: readonly string[]) => void waits.push({ position, types }),
  } as unknown as Consistency;
  const ctx = { actor: 'u1', correlationId: 'req-1' };

  beforeEach(() => {
    store = tmp.open(new SqliteEventStore({ file: tmp.path('e.sqlite') }));
    waits.length = 0;
  });

  it('waits for the projections of what one write appended', async () => {
    const writer = new CounterWriter(new WriteKit(store, consistency));
    const { position } = await writer.execute('a', { type: 'Count', n: 1 }, ctx);
    expect(waits).toEqual([{ position, types: ['Counted'] }]);
  });

  it('runs several writes in order and waits once, for the last position', async () => {
    const writer = new CounterWriter(new WriteKit(store, consistency));
    const outcomes = await writer.executeEach(
      [
        { id: 'a', command: { type: 'Count', n: 1 } },
        { id: 'b', command: { type: 'Count', n: 0 } },
        { id: 'c', command: { type: 'Count', n: 2 } },
      ],
      ctx,
    );
    expect(outcomes.map((o) => o.position === null)).toEqual([false, true, false]);
    expect(waits).toEqual([{ position: outcomes[2]!.position, types: ['Counted', 'Counted'] }]);
  });

  describe('one stream, one command at a time', () => {
    /** The store, counting appends refused for a stale expected revision (a lost race). */
    function countingLostRaces(): { store: SqliteEventStore; lost: () => number } {
      let lost = 0;
      const counting = Object.create(store) as SqliteEventStore;
      counting.append = async (stream: string, events: NewEvent[], expected: ExpectedRevision) => {
        try {
          return await store.append(stream, events, expected);
        } catch (error) {
          if (error instanceof WrongExpectedRevisionError) lost++;
          throw error;
        }
      };
      return { store: counting, lost: () => lost };
    }
    /** Waits until `stream` holds `n` events. */
    const appended = async (stream: string, n: number) => {
      while ((await store.readStream(stream)).length < n) await tick();
    };
    /** A kit whose projections catch up only once the test opens `projected`. */
    function heldUntilProjected(): { kit: WriteKit; projected: ReturnType<typeof gate> } {
      const projected = gate();
      return { kit: new WriteKit(store, { waitForEvents: () => projected.opened } as unknown as Consistency), projected };
    }

    it('runs concurrent commands on one stream one after the other: all succeed, none loses a race', async () => {
      const { store: counting, lost } = countingLostRaces();
      const kit = new WriteKit(counting, consistency);
      const writer = new CounterWriter(kit);
      const outcomes = await Promise.all(Array.from({ length: 30 }, () => writer.execute('a', { type: 'Count', n: 1 }, ctx)));
      expect(outcomes.map((o) => o.state).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      expect(lost()).toBe(0);
      expect(await store.readStream('counter-a')).toHaveLength(30);
      expect(kit.exclusion.size).toBe(0);
      expect(kit.unprojected.size).toBe(0);
    });

    it('lets the next command on the stream append while the previous one waits for its projections', async () => {
      const { kit, projected } = heldUntilProjected();
      const writer = new CounterWriter(kit);
      const first = writer.execute('a', { type: 'Count', n: 1 }, ctx);
      const second = writer.execute('a', { type: 'Count', n: 2 }, ctx);
      await appended('counter-a', 2);
      projected.open();
      expect((await Promise.all([first, second])).map((o) => o.state)).toEqual([1, 3]);
    });

    it('still holds exclusive keys until the write is projected', async () => {
      const { kit, projected } = heldUntilProjected();
      const writer = new ClaimingWriter(kit);
      const first = writer.execute('a', { type: 'Count', n: 1 }, ctx);
      const second = writer.execute('b', { type: 'Count', n: 1 }, ctx);
      await appended('counter-a', 1);
      for (let i = 0; i < 10; i++) await tick();
      expect(await store.readStream('counter-b')).toHaveLength(0);
      projected.open();
      await Promise.all([first, second]);
      expect(await store.readStream('counter-b')).toHaveLength(1);
    });

    it('runs batches over the same streams in opposite orders without deadlock', async () => {
      const { store: counting, lost } = countingLostRaces();
      const writer = new CounterWriter(new WriteKit(counting, consistency));
      const ab = [
        { id: 'a', command: { type: 'Count' as const, n: 1 } },
        { id: 'b', command: { type: 'Count' as const, n: 1 } },
      ];
      const batches = Array.from({ length: 10 }, (_, i) => writer.executeEach(i % 2 === 0 ? ab : [...ab].reverse(), ctx));
      const singles = Array.from({ length: 10 }, () => writer.execute('b', { type: 'Count', n: 1 }, ctx));
      await Promise.all([...batches, ...singles]);
      expect(await store.readStream('counter-a')).toHaveLength(10);
      expect(await store.readStream('counter-b')).toHaveLength(20);
      expect(lost()).toBe(0);
    });

    it("decides a refusal again once the stream's previous write is projected (facts were behind)", async () => {
      let projectedTotal = 0;
      const projected = gate();
      // Projections catch up when the test says so; facts read the total they project.
      const lagging = {
        waitForEvents: async () => {
          await projected.opened;
          projectedTotal = (await store.readStream('counter-a')).reduce((total, e) => total + (e.data as { n: number }).n, 0);
        },
      } as unknown as Consistency;
      const kit = new WriteKit(store, lagging);
      const writer = new CheckedWriter(kit, () => projectedTotal);
      const first = writer.execute('a', { type: 'Count', n: 1 }, ctx);
      const second = writer.execute('a', { type: 'Count', n: 2 }, ctx);
      await tick();
      projected.open();
      expect((await Promise.all([first, second])).map((o) => o.state)).toEqual([1, 3]);
      expect(kit.unprojected.size).toBe(0);
    });

    it('answers a refusal at once when no write to the stream is waiting to be projected', async () => {
      const writer = new CheckedWriter(new WriteKit(store, consistency), () => 5);
      await expect(writer.execute('a', { type: 'Count', n: 1 }, ctx)).rejects.toMatchObject({ kind: 'conflict' });
      expect(waits).toEqual([]);
    });
  });
});
