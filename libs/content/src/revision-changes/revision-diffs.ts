import { Injectable } from '@nestjs/common';
import { RevisionContent, RevisionTrees } from '../revisions/revision-trees';
import { differingChunks } from './chunk-diff';
import { DiffSide, semanticChanges, SemanticChange } from './semantic-changes.domain';

const NOTHING: DiffSide = { tree: new Map(), paths: new Map(), files: [] };

/**
 * What changed between two revisions of a space (docs/content-design.md, "What a change request
 * changes"). Both trees come from `RevisionTrees` (kept in memory once built); only the pages of the
 * tree chunks whose hashes differ are compared, and bodies are compared by hash, never read.
 */
@Injectable()
export class RevisionDiffs {
  constructor(private readonly trees: RevisionTrees) {}

  /** The changes from `before` (null: from nothing, for a space's first revision) to `after`. */
  async between(before: RevisionContent | null, after: RevisionContent): Promise<SemanticChange[]> {
    const hashes = differingChunks(before?.revision.chunks ?? [], after.revision.chunks);
    const candidates = new Set((await this.trees.chunkPages(hashes)).map((page) => page.id));
    return semanticChanges(before ?? NOTHING, after, candidates);
  }
}
