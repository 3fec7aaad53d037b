import { WorkPool } from '@docs/platform';
import { Bodies, LineMerges, lineMergeKey, linesToMerge } from './merge.domain';
import { PageTree } from './page-tree.domain';

const MERGE_TASK = require.resolve('./merge-bodies.task');
/** Text (the three sides of every body to merge) merged on the event loop at most: a few milliseconds. */
const INLINE_MERGE_CHARS = 64 * 1024;
/** Text one work-thread task merges at most, and the time it may take (a merge at the page cap takes well under a second). */
const TASK_CHARS = 8 * 1024 * 1024;
const MERGE_BUDGET_MS = 30_000;

/**
 * The line merges a three-way merge of these trees needs (docs/content-design.md, "Caps on a
 * page"): none when the bodies changed on both sides are small (mergeTrees merges them as it goes),
 * else all of them in work threads, a task per 8 MiB, so a merge of large pages never holds the
 * event loop. Past its budget a task fails with a WorkError (422: the content is too large).
 */
export async function lineMergesOffLoop(
  work: WorkPool,
  base: PageTree,
  ours: PageTree,
  theirs: PageTree,
  bodies: Bodies,
  organizationId: string,
): Promise<LineMerges> {
  const hashes = linesToMerge(base, ours, theirs);
  const texts = hashes.map((sides) => sides.map((hash) => bodies.get(hash) ?? '') as [string, string, string]);
  const size = (sides: readonly string[]) => sides.reduce((sum, text) => sum + text.length, 0);
  if (texts.reduce((sum, sides) => sum + size(sides), 0) <= INLINE_MERGE_CHARS) return new Map();
  const merged = new Map<string, string | null>();
  for (let first = 0; first < texts.length; ) {
    let last = first + 1;
    for (let chars = size(texts[first]!); last < texts.length && chars + size(texts[last]!) <= TASK_CHARS; last++)
      chars += size(texts[last]!);
    const results = await work.run<(string | null)[]>(MERGE_TASK, 'mergeBodies', texts.slice(first, last), {
      budgetMs: MERGE_BUDGET_MS,
      key: organizationId,
    });
    for (const [i, result] of results.entries()) merged.set(lineMergeKey(...hashes[first + i]!), result);
    first = last;
  }
  return merged;
}
