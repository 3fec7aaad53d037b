/** The two versions of one bucket of a page tree (tree-chunks.ts): each a chunk's hash, or null for no pages. */
export interface ChunkPair {
  before: string | null;
  after: string | null;
}

/** The buckets whose chunk hashes differ between two revisions' lists: where every changed page is. */
export function differingChunks(before: readonly (string | null)[], after: readonly (string | null)[]): ChunkPair[] {
  const pairs: ChunkPair[] = [];
  for (let bucket = 0; bucket < Math.max(before.length, after.length); bucket++) {
    const pair = { before: before[bucket] ?? null, after: after[bucket] ?? null };
    if (pair.before !== pair.after) pairs.push(pair);
  }
  return pairs;
}
