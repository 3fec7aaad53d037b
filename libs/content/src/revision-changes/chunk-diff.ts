/** The tree chunks whose hashes differ between two revisions (tree-chunks.ts): where every changed page is. */
export function differingChunks(before: readonly (string | null)[], after: readonly (string | null)[]): string[] {
  const hashes: string[] = [];
  for (let bucket = 0; bucket < Math.max(before.length, after.length); bucket++) {
    const [was, is] = [before[bucket] ?? null, after[bucket] ?? null];
    if (was === is) continue;
    if (was !== null) hashes.push(was);
    if (is !== null) hashes.push(is);
  }
  return hashes;
}
