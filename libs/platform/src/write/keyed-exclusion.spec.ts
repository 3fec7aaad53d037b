import { KeyedExclusion } from './keyed-exclusion';
import { setImmediate as tick } from 'node:timers/promises';
import { gate } from '../testing/gate';

describe('KeyedExclusion', () => {
  let exclusion: KeyedExclusion;
  /** What the work did, in order. */
  let log: string[];
  beforeEach(() => {
    exclusion = new KeyedExclusion();
    log = [];
  });
  /** After a turn of the loop the log reads `before`; once `held` opens and all the work ends, `after`, and no key is held. */
  async function expectLog(work: Promise<unknown>[], held: { open: () => void }, before: string[], after: string[]): Promise<void> {
    await tick();
    expect(log).toEqual(before);
    held.open();
    await Promise.all(work);
    expect(log).toEqual(after);
    expect(exclusion.size).toBe(0);
  }

  it('runs work sharing a key one at a time, in arrival order, and work with other keys at once', async () => {
    const first = gate();
    const a = exclusion.run(['k'], async () => {
      log.push('a start');
      await first.opened;
      log.push('a end');
    });
    const b = exclusion.run(['k'], async () => void log.push('b'));
    const c = exclusion.run(['other'], async () => void log.push('c'));
    await expectLog([a, b, c], first, ['a start', 'c'], ['a start', 'c', 'a end', 'b']);
  });

  it('waits for every earlier holder of any of its keys, without deadlock between overlapping sets', async () => {
    const x = gate();
    const y = gate();
    const one = exclusion.run(['x'], async () => x.opened.then(() => void log.push('x')));
    const two = exclusion.run(['y'], async () => y.opened.then(() => void log.push('y')));
    const both = exclusion.run(['y', 'x', 'x'], async () => void log.push('both'));
    const after = exclusion.run(['x', 'y'], async () => void log.push('after'));
    y.open();
    await expectLog([one, two, both, after], x, ['y'], ['y', 'x', 'both', 'after']);
  });

  it('nests as writers use it (a claimed value, then the stream) without deadlock', async () => {
    const held = gate();
    // A claims the value and appends; B writes the stream only; C claims the value, then the stream.
    const a = exclusion.run(['claim'], () =>
      exclusion.run(['stream:s'], async () => void log.push('a appends')).then(() => held.opened.then(() => void log.push('a projected'))),
    );
    const b = exclusion.run(['stream:s'], async () => void log.push('b appends'));
    const c = exclusion.run(['claim'], () => exclusion.run(['stream:s'], async () => void log.push('c appends')));
    // B takes the stream before A (A asks for it once it holds the claim); C waits for A's claim.
    await expectLog([a, b, c], held, ['b appends', 'a appends'], ['b appends', 'a appends', 'a projected', 'c appends']);
  });

  it('lets the next work run when one fails, and passes the failure to its caller', async () => {
    const failed = exclusion.run(['k'], async () => {
      throw new Error('refused');
    });
    const next = exclusion.run(['k'], async () => 'ran');
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('ran');
    expect(exclusion.size).toBe(0);
  });

  it('runs work with no keys at once', async () => {
    const held = gate();
    const holding = exclusion.run(['k'], () => held.opened);
    await expect(exclusion.run([], async () => 'free')).resolves.toBe('free');
    held.open();
    await holding;
  });

  it('keeps prototype names apart from the map machinery', async () => {
    const results = await Promise.all(['__proto__', 'constructor', 'toString'].map((key) => exclusion.run([key], async () => key)));
    expect(results).toEqual(['__proto__', 'constructor', 'toString']);
    expect(exclusion.size).toBe(0);
  });
});
