import { mergeMarkdown } from './line-merge.domain';

/**
 * Runs in a work thread (body-merges.ts, through the WorkPool): merges page bodies line by line,
 * each as `[base, ours, theirs]`; null for a body whose sides changed the same lines differently.
 */
export function mergeBodies(triples: readonly [string, string, string][]): (string | null)[] {
  return triples.map(([base, ours, theirs]) => mergeMarkdown(base, ours, theirs));
}
