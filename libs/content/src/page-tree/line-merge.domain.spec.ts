import fc from 'fast-check';
import { diff3Merge } from 'node-diff3';
import { diffBlocks, mergeLines } from './line-merge.domain';

/** The side rebuilt from the base and the blocks: what a correct diff must give. */
function apply(base: readonly string[], side: readonly string[], blocks: ReturnType<typeof diffBlocks>): string[] {
  const out: string[] = [];
  let at = 0;
  for (const block of blocks) {
    out.push(...base.slice(at, block.baseStart), ...side.slice(block.sideStart, block.sideEnd));
    at = block.baseEnd;
  }
  return [...out, ...base.slice(at)];
}

/** node-diff3's answer (the former merge), as the reference where lines are unique. */
function reference(base: string[], ours: string[], theirs: string[]): string[] | null {
  const merged: string[] = [];
  for (const region of diff3Merge(ours, base, theirs, { excludeFalseConflicts: true })) {
    if (region.conflict) return null;
    merged.push(...region.ok!);
  }
  return merged;
}

const lines = (alphabet: string[], maxLength = 30) => fc.array(fc.constantFrom(...alphabet), { maxLength });
/** An edit of `base`: some lines kept, some dropped, some new ones (from `fresh`) inserted. */
const editOf = (base: string[], fresh: string[]) =>
  fc
    .array(fc.tuple(fc.constantFrom('keep', 'keep', 'keep', 'drop', 'insert'), fc.constantFrom(...fresh)), {
      minLength: base.length,
      maxLength: base.length + 5,
    })
    .map((ops) => {
      const out: string[] = [];
      let i = 0;
      for (const [op, line] of ops) {
        if (op === 'insert') out.push(line);
        else if (i < base.length) {
          if (op === 'keep') out.push(base[i]!);
          i++;
        }
      }
      return [...out, ...base.slice(i)];
    });

describe('diffBlocks', () => {
  it('gives blocks that turn the base into the side, exact or (past its budget) coarse', () => {
    fc.assert(
      fc.property(
        lines(['a', 'b', 'c', '', '#']),
        lines(['a', 'b', 'c', '', '#']),
        fc.constantFrom(1, 10, 2_000_000),
        (base, side, budget) => {
          const blocks = diffBlocks(base, side, undefined, budget);
          expect(apply(base, side, blocks)).toEqual(side);
          for (let i = 1; i < blocks.length; i++) {
            expect(blocks[i]!.baseStart).toBeGreaterThanOrEqual(blocks[i - 1]!.baseEnd);
            expect(blocks[i]!.sideStart).toBeGreaterThanOrEqual(blocks[i - 1]!.sideEnd);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('finds a shortest edit: one changed line in a long page is one block of one line', () => {
    const base = Array.from({ length: 10_000 }, (_, i) => `line ${i % 7}`);
    const side = base.map((line, i) => (i === 5_000 ? 'changed' : line));
    expect(diffBlocks(base, side)).toEqual([{ baseStart: 5_000, baseEnd: 5_001, sideStart: 5_000, sideEnd: 5_001 }]);
  });
});

describe('mergeLines', () => {
  it('agrees with node-diff3 where every line is unique', () => {
    const unique = Array.from({ length: 30 }, (_, i) => `l${i}`);
    fc.assert(
      fc.property(
        fc
          .shuffledSubarray(unique, { minLength: 0, maxLength: 20 })
          .chain((base) => fc.tuple(fc.constant(base), editOf(base, ['x1', 'x2', 'x3']), editOf(base, ['y1', 'y2', 'y3']))),
        ([base, ours, theirs]) => {
          expect(mergeLines(base, ours, theirs)).toEqual(reference(base, ours, theirs));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('takes one side when the other did not change, and equal changes once', () => {
    fc.assert(
      fc.property(lines(['a', 'b', '']), lines(['a', 'b', 'c', '']), (base, side) => {
        expect(mergeLines(base, base, side)).toEqual(side);
        expect(mergeLines(base, side, base)).toEqual(side);
        expect(mergeLines(base, side, side)).toEqual(side);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps edits to different lines of both sides, and refuses overlapping ones', () => {
    const base = ['one', 'two', 'three', 'four', 'five'];
    expect(mergeLines(base, ['ONE', 'two', 'three', 'four', 'five'], ['one', 'two', 'three', 'four', 'FIVE'])).toEqual([
      'ONE',
      'two',
      'three',
      'four',
      'FIVE',
    ]);
    expect(mergeLines(base, ['one', 'two', 'inserted', 'three', 'four', 'five'], ['one', 'two', 'three', 'five'])).toEqual([
      'one',
      'two',
      'inserted',
      'three',
      'five',
    ]);
    expect(mergeLines(base, ['one', 'TWO', 'three', 'four', 'five'], ['one', '2', 'three', 'four', 'five'])).toBeNull();
    // Touching edits conflict, as in diff3.
    expect(mergeLines(base, ['one', 'TWO', 'three', 'four', 'five'], ['one', 'two', 'THREE', 'four', 'five'])).toBeNull();
  });

  it('merges a long page edited far apart on both sides, whatever the budget', () => {
    const base = Array.from({ length: 50_000 }, () => 'same');
    const ours = [...base];
    ours.splice(10, 0, 'ours');
    const theirs = [...base];
    theirs.splice(40_000, 1, 'theirs');
    const merged = mergeLines(base, ours, theirs, 100)!;
    expect(merged).toHaveLength(50_001);
    expect(merged.indexOf('ours')).toBe(10);
    expect(merged.indexOf('theirs')).toBe(40_001);
  });
});
