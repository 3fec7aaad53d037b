import { Output, renderTable } from './output';
import { ReplayProgressView } from './replay-progress';

describe('ReplayProgressView', () => {
  let clock: number;
  let lines: string[];
  let bars: (string | null)[];
  const output = (tty: boolean): Output => ({
    line: () => undefined,
    error: (t) => void lines.push(t),
    bar: (t) => void bars.push(t),
    stderrIsTTY: tty,
    columns: 120,
  });
  const progress = (events: number, seconds: number) =>
    ({ phase: 'catching-up', projection: 'users', generation: 1, events, checkpoint: BigInt(events), head: 1000n, seconds }) as const;

  beforeEach(() => {
    clock = 1_000_000;
    lines = [];
    bars = [];
  });

  it('draws a bar with events/s and an ETA on a terminal, then says when it swaps and drops', () => {
    const view = new ReplayProgressView(output(true), () => clock);
    view.on({ phase: 'started', projection: 'users', generation: 1, head: 1000n });
    view.on(progress(250, 1));
    clock += 50;
    view.on(progress(500, 2)); // within 100 ms of the last redraw: skipped
    clock += 100;
    view.on(progress(1000, 4));
    view.on({ phase: 'swapped', projection: 'users', generation: 1, previous: 0, checkpoint: 1000n, dropAfterMs: 3000, parked: 0 });
    view.on({ phase: 'dropped', projection: 'users', generation: 0, collections: ['users_v2'] });
    expect(bars).toEqual([
      expect.stringMatching(/^users \[#{10}\.{30}\] {2}25% {2}250 events {2}250 events\/s {2}ETA 3s$/),
      expect.stringMatching(/^users \[#{40}\] 100% {2}1,000 events {2}250 events\/s {2}ETA 0s$/),
      null,
    ]);
    expect(lines).toEqual([
      'users: rebuilding generation 1 from the start of the log (head at position 1000)',
      'users: swapped in generation 1 at checkpoint 1000; generation 0 stays readable for 3s, then is dropped',
      'users: dropped generation 0 (users_v2)',
    ]);
  });

  it('prints a line every two seconds when not on a terminal, and the last figures before the swap', () => {
    const view = new ReplayProgressView(output(false), () => clock);
    view.on({ phase: 'started', projection: 'users', generation: 0, head: 1000n });
    view.on(progress(100, 0.5));
    clock += 1000;
    view.on(progress(200, 1));
    clock += 1500;
    view.on(progress(500, 2.5));
    clock += 100;
    view.on(progress(1000, 5));
    view.on({ phase: 'swapped', projection: 'users', generation: 0, previous: null, checkpoint: 1000n, dropAfterMs: 3000, parked: 2 });
    expect(bars).toEqual([]);
    expect(lines.slice(1)).toEqual([
      'users: 10% 100 events, 200 events/s, ETA 5s (checkpoint 100 of 1000)',
      'users: 50% 500 events, 200 events/s, ETA 3s (checkpoint 500 of 1000)',
      'users: 100% 1,000 events, 200 events/s, ETA 0s (checkpoint 1000 of 1000)',
      'users: swapped in generation 0 at checkpoint 1000 with 2 parked events (`projections parked users` ' +
        'lists them); there is no previous generation to drop',
    ]);
  });

  it('says what became of the generation a failed replay was building', () => {
    const view = new ReplayProgressView(output(true), () => clock);
    view.on({ phase: 'started', projection: 'users', generation: 3, head: 1000n });
    view.on(progress(250, 1));
    view.on({ phase: 'abandoned', projection: 'users', generation: 3, collections: ['users_v2_g3', 'api_tokens_v2_g3'], leftover: false });
    view.on({ phase: 'abandoned', projection: 'teams', generation: 1, collections: ['teams_v2_g1'], leftover: true });
    expect(bars[bars.length - 1]).toBeNull();
    expect(lines.slice(1)).toEqual([
      'users: the replay failed; dropped generation 3, which it was building (users_v2_g3, api_tokens_v2_g3)',
      'teams: the replay failed, and generation 1 could not be dropped (`projections drop-leftovers` removes it)',
    ]);
  });
});

describe('renderTable', () => {
  it('aligns columns under upper-case headers and cuts long cells', () => {
    const rows = [
      { name: 'users', events: 4, data: { a: 'x'.repeat(30) } },
      { name: 'organizations', events: 12345, data: null },
    ];
    expect(renderTable(rows, [{ key: 'name' }, { key: 'events', align: 'right' }, { key: 'data', max: 12 }])).toEqual([
      'NAME           EVENTS  DATA',
      '-------------  ------  ------------',
      'users               4  {"a":"xxxxx…',
      'organizations   12345',
    ]);
  });
});
