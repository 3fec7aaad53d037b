import { structuredPatch } from 'diff';

/** One hunk of a unified diff: where it starts on each side (1-based), how many lines it spans, and its lines (` `, `-`, `+` first). */
export interface DiffHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: string[];
}

export interface LineDiff {
  hunks: DiffHunk[];
  /** Lines added and removed. */
  added: number;
  removed: number;
}

/** How far a diff may go before it gives up: lines changed (Myers' edit distance) and wall time. */
export interface DiffBudget {
  maxEditLines: number;
  timeoutMs: number;
}

/**
 * The line diff of two markdown texts (jsdiff's structuredPatch: Myers' O((N+M)·D)), with `context`
 * unchanged lines around each hunk; null when it would take more than `budget` (so many lines
 * changed, or so long, that the diff is no help to a reviewer).
 */
export function lineDiff(before: string, after: string, context: number, budget: DiffBudget): LineDiff | null {
  if (before === after) return { hunks: [], added: 0, removed: 0 };
  const patch = structuredPatch('before', 'after', before, after, undefined, undefined, {
    context,
    maxEditLength: budget.maxEditLines,
    timeout: budget.timeoutMs,
  });
  if (!patch) return null;
  let added = 0;
  let removed = 0;
  const hunks = patch.hunks.map(({ oldStart, oldLines, newStart, newLines, lines }) => {
    for (const line of lines) {
      if (line.startsWith('+')) added++;
      else if (line.startsWith('-')) removed++;
    }
    return { oldStart, oldLines, newStart, newLines, lines };
  });
  return { hunks, added, removed };
}
