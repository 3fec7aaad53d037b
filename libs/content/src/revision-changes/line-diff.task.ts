import { DiffBudget, LineDiff, lineDiff } from './line-diff';

/** Runs in a work thread (page-line-diffs.ts, through the WorkPool): the line diff of a page's two bodies. */
export function pageLineDiff(input: { before: string; after: string; context: number; budget: DiffBudget }): LineDiff | null {
  return lineDiff(input.before, input.after, input.context, input.budget);
}
