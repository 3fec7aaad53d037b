/**
 * Three-way merge of lines (diff3), with bounded work (docs/content-design.md, "Caps on a page").
 * Each side is diffed against the base: common first and last lines are set aside, the lines are
 * numbered (one Map lookup each), and Myers' O((N+M)·D) diff runs on the numbers with a budget of
 * MAX_DIFF_WORK steps. Past the budget the rest of the range counts as one changed block: still a
 * correct diff, only a coarser one, so the merge may report a conflict where a finer diff would
 * have found none, never a wrong merge. Then the two sides' changed blocks are swept in base
 * order: blocks of one side are taken, overlapping (or touching) blocks of both sides are taken
 * when both made the same change, and are a conflict otherwise (diff3 with false conflicts
 * excluded, as node-diff3 did before: its LCS is quadratic on repeated lines).
 */

/** Steps (diagonal moves and line comparisons) one diff may take: some 10 ms, and at most 8 MB kept for the way back. */
export const MAX_DIFF_WORK = 2_000_000;

/** A changed block: base lines [baseStart, baseEnd) became the side's lines [sideStart, sideEnd). */
interface Block {
  baseStart: number;
  baseEnd: number;
  sideStart: number;
  sideEnd: number;
}

/** Lines as numbers, equal lines equal numbers (shared across the three texts of one merge). */
class LineNumbers {
  private readonly ids = new Map<string, number>();

  of(lines: readonly string[], from: number, to: number): Int32Array {
    const out = new Int32Array(to - from);
    for (let i = from; i < to; i++) {
      let id = this.ids.get(lines[i]!);
      if (id === undefined) this.ids.set(lines[i]!, (id = this.ids.size));
      out[i - from] = id;
    }
    return out;
  }
}

/**
 * Myers' greedy diff of a and b, as blocks offset by `at` (both start at the same line); null past
 * `budget` steps. It keeps the furthest point of each diagonal after every edit distance d, for the
 * way back: (d + 1)² numbers in all, bounded by the budget since distance d costs at least 2d + 1.
 */
function myers(a: Int32Array, b: Int32Array, at: number, budget: number): Block[] | null {
  const n = a.length;
  const m = b.length;
  const maxD = Math.min(n + m, Math.ceil(Math.sqrt(budget)));
  const v = new Int32Array(2 * maxD + 3);
  const o = maxD + 1;
  const trace: Int32Array[] = [];
  let work = 0;
  for (let d = 0; d <= maxD; d++) {
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[o + k - 1]! < v[o + k + 1]!) ? v[o + k + 1]! : v[o + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
        work++;
      }
      v[o + k] = x;
      work++;
      if (x >= n && y >= m) {
        trace.push(v.slice(o - d, o + d + 1));
        return backtrack(trace, n, m, at);
      }
    }
    trace.push(v.slice(o - d, o + d + 1));
    if (work > budget) return null;
  }
  return null;
}

/** The blocks of the path the trace found, walked back from its end, adjacent edits joined. */
function backtrack(trace: Int32Array[], n: number, m: number, at: number): Block[] {
  const blocks: Block[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const before = trace[d - 1]!;
    const furthest = (k: number) => before[k + d - 1]!;
    const k = x - y;
    // As the forward pass chose: down (a line of b inserted) or right (a line of a deleted).
    const down = k === -d || (k !== d && furthest(k - 1) < furthest(k + 1));
    const fromK = down ? k + 1 : k - 1;
    const fromX = furthest(fromK);
    const fromY = fromX - fromK;
    const block = {
      baseStart: at + fromX,
      baseEnd: at + fromX + (down ? 0 : 1),
      sideStart: at + fromY,
      sideEnd: at + fromY + (down ? 1 : 0),
    };
    const next = blocks[blocks.length - 1];
    if (next && next.baseStart === block.baseEnd && next.sideStart === block.sideEnd) {
      next.baseStart = block.baseStart;
      next.sideStart = block.sideStart;
    } else {
      blocks.push(block);
    }
    x = fromX;
    y = fromY;
  }
  return blocks.reverse();
}

/** The blocks that turn base into side: common first and last lines set aside, Myers on the rest. */
export function diffBlocks(base: readonly string[], side: readonly string[], numbers = new LineNumbers(), budget = MAX_DIFF_WORK): Block[] {
  let start = 0;
  while (start < base.length && start < side.length && base[start] === side[start]) start++;
  let baseEnd = base.length;
  let sideEnd = side.length;
  while (baseEnd > start && sideEnd > start && base[baseEnd - 1] === side[sideEnd - 1]) {
    baseEnd--;
    sideEnd--;
  }
  if (start === baseEnd && start === sideEnd) return [];
  if (start === baseEnd || start === sideEnd) return [{ baseStart: start, baseEnd, sideStart: start, sideEnd }];
  const blocks = myers(numbers.of(base, start, baseEnd), numbers.of(side, start, sideEnd), start, budget);
  return blocks ?? [{ baseStart: start, baseEnd, sideStart: start, sideEnd }];
}

/** The side's lines for base lines [from, to) that its blocks (all within or touching the range) change. */
function sideLines(side: readonly string[], blocks: readonly Block[], from: number, to: number): string[] {
  const first = blocks[0]!;
  const last = blocks[blocks.length - 1]!;
  return side.slice(first.sideStart - (first.baseStart - from), last.sideEnd + (to - last.baseEnd));
}

/** The three-way merge of `ours` and `theirs` from `base`, as lines; null when both changed the same lines differently. */
export function mergeLines(
  base: readonly string[],
  ours: readonly string[],
  theirs: readonly string[],
  budget = MAX_DIFF_WORK,
): string[] | null {
  const numbers = new LineNumbers();
  const sides = [ours, theirs].map((lines) => ({ lines, blocks: diffBlocks(base, lines, numbers, budget), next: 0 }));
  const merged: string[] = [];
  let copied = 0;
  for (;;) {
    // A region: the earliest block left, grown by every block of either side that overlaps or touches it.
    const start = Math.min(...sides.map((side) => side.blocks[side.next]?.baseStart ?? Infinity));
    if (start === Infinity) break;
    let end = start;
    const inRegion: Block[][] = sides.map(() => []);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [i, side] of sides.entries()) {
        for (let block = side.blocks[side.next]; block && block.baseStart <= end; block = side.blocks[++side.next]) {
          inRegion[i]!.push(block);
          end = Math.max(end, block.baseEnd);
          grew = true;
        }
      }
    }
    for (let i = copied; i < start; i++) merged.push(base[i]!);
    const [mine, other] = sides.map((side, i) => (inRegion[i]!.length > 0 ? sideLines(side.lines, inRegion[i]!, start, end) : null));
    if (mine && other && !sameLines(mine, other)) return null;
    for (const line of (mine ?? other)!) merged.push(line);
    copied = end;
  }
  for (let i = copied; i < base.length; i++) merged.push(base[i]!);
  return merged;
}

function sameLines(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Markdown merged per line: edits to different lines both survive; overlapping edits conflict (null). */
export function mergeMarkdown(base: string, ours: string, theirs: string): string | null {
  if (ours === base || ours === theirs) return theirs;
  if (theirs === base) return ours;
  return mergeLines(base.split('\n'), ours.split('\n'), theirs.split('\n'))?.join('\n') ?? null;
}
