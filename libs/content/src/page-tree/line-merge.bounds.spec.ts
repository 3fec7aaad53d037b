import fc from 'fast-check';
import { mergeLines } from './line-merge.domain';

// The bounds tier (npm run test:bounds): hostile input costs bounded work. npm test runs it; test:unit does not.
describe('mergeLines on hostile pages', () => {
  /** Sides of a page at the cap that node-diff3 took minutes on (interleaved changes, reversed or shuffled lines, repeated lines). */
  const HOSTILE = fc.tuple(
    fc.constantFrom('# h', 'a', '', 'line'),
    fc.integer({ min: 50_000, max: 200_000 }),
    fc.constantFrom('interleaved', 'reversed', 'shuffled', 'all', 'every-other'),
    fc.constantFrom('interleaved', 'reversed', 'shuffled', 'all', 'every-other'),
  );

  it('merges hostile pages at the cap in bounded time (node-diff3 took 34 s to 57 s at 100,000 lines)', () => {
    const sideOf = (base: string[], how: string, mark: string) => {
      switch (how) {
        case 'interleaved':
          return base.map((line, i) => (i % 2 === (mark === 'o' ? 0 : 1) ? `${line} ${mark}` : line));
        case 'reversed':
          return [...base].reverse();
        case 'shuffled':
          return base.map((_, i) => base[(i * 7919) % base.length]!);
        case 'all':
          return base.map((line) => `${line} ${mark}`);
        default:
          return base.filter((_, i) => i % 2 === 0).map((line, i) => (i % 3 === 0 ? mark : line));
      }
    };
    fc.assert(
      fc.property(HOSTILE, ([unit, count, ourEdit, theirEdit]) => {
        const base = Array.from({ length: count }, (_, i) => (unit === 'line' ? `line ${i}` : unit));
        const ours = sideOf(base, ourEdit, 'o');
        const theirs = sideOf(base, theirEdit, 't');
        const cpu = process.cpuUsage();
        mergeLines(base, ours, theirs);
        const { user, system } = process.cpuUsage(cpu);
        // Two diffs of at most MAX_DIFF_WORK steps and a linear sweep: well under a second of CPU on a
        // quiet machine. The process's CPU time counts its garbage collector's threads too, which work
        // hard on these arrays when the machine is busy; 10 s still tells it from node-diff3's minutes.
        expect((user + system) / 1000).toBeLessThan(10_000);
      }),
      { numRuns: 20 },
    );
  });
});
