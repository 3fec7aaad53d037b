import { Injectable } from '@nestjs/common';
import { Lru } from '@docs/platform';
import { RevisionContent, RevisionTrees } from '../revisions/revision-trees';
import { differingChunks } from './chunk-diff';
import { changedPageIds, DiffSide, semanticChanges, SemanticChange } from './semantic-changes.domain';

const NOTHING: DiffSide = { tree: new Map(), paths: new Map(), files: [] };

/**
 * Diffs kept in memory (least recently used out): revisions never change, so neither does what
 * changed between two of them, and a review polls the same change request again and again. A kept
 * diff holds the changes only (the pages they name are the trees' own objects).
 */
const CACHED_DIFFS = 128;

/**
 * What changed between two revisions of a space (docs/content-design.md, "What a change request
 * changes"). Both trees come from `RevisionTrees` (kept in memory once built); only the tree chunks
 * whose hashes differ are opened, their two versions merged by id to find the pages that differ,
 * and bodies are compared by hash, never read. What was computed is kept (CACHED_DIFFS).
 */
@Injectable()
export class RevisionDiffs {
  private readonly diffs = new Lru<readonly SemanticChange[]>(CACHED_DIFFS);

  constructor(private readonly trees: RevisionTrees) {}

  /** The changes from `before` (null: from nothing, for a space's first revision) to `after`, in order. */
  async between(before: RevisionContent | null, after: RevisionContent): Promise<readonly SemanticChange[]> {
    // Revision ids are unique across spaces, and every caller has found both revisions in its space.
    const key = `${before?.revision.id ?? ''}>${after.revision.id}`;
    const kept = this.diffs.get(key);
    if (kept) return kept;
    const changes = await this.compute(before, after);
    this.diffs.set(key, changes);
    return changes;
  }

  private async compute(before: RevisionContent | null, after: RevisionContent): Promise<SemanticChange[]> {
    const pairs = differingChunks(before?.revision.chunks ?? [], after.revision.chunks);
    const chunks = await this.trees.chunkPages(pairs.flatMap((pair) => [pair.before, pair.after].filter((h): h is string => h !== null)));
    const pagesOf = (hash: string | null) => (hash === null ? [] : chunks.get(hash)!);
    const changed = pairs.flatMap((pair) => changedPageIds(pagesOf(pair.before), pagesOf(pair.after)));
    return semanticChanges(before ?? NOTHING, after, changed);
  }
}
