import { defineReadModel, Doc, ReadModels, Provided } from '@docs/platform/projections';
import { FileNode } from '../page-tree/content-files.domain';
import { PageNode } from '../page-tree/page-tree.domain';

/** How a revision came to be (GitBook's Revision `type`). */
export type RevisionType = 'edits' | 'merge' | 'update';

/**
 * The revisions read model: one immutable document per revision of a space's content (live or in a
 * change request): its page tree as the hashes of its chunks (`tree_chunks`, see tree-chunks.ts:
 * metadata only) and its files. Bodies are in `page_bodies`.
 */
export interface RevisionDoc extends Doc {
  spaceId: string;
  organizationId: string;
  parents: string[];
  type: RevisionType;
  /** The change request it was made in (edits, updates) or merged from (merges); null for live edits. */
  changeRequestId: string | null;
  createdAt: string;
  createdBy: string;
  /** Per bucket (index), the hash of its chunk; null for an empty bucket. */
  chunks: (string | null)[];
  files: FileNode[];
}

/** Pages of one bucket of a tree, addressed by the SHA-256 of their JSON: shared by every revision that has the same pages there. */
export interface TreeChunkDoc extends Doc {
  pages: PageNode[];
}

/** A page body, addressed by the SHA-256 of its markdown: written once however many revisions share it. */
export interface PageBodyDoc extends Doc {
  markdown: string;
}

export const REVISIONS = defineReadModel<RevisionDoc>({
  name: 'revisions',
  // A purge drops the space's revisions.
  indexes: ['spaceId'],
});

export const PAGE_BODIES = defineReadModel<PageBodyDoc>({ name: 'page_bodies' });

export const TREE_CHUNKS = defineReadModel<TreeChunkDoc>({ name: 'tree_chunks' });

/** Reads of revisions and bodies; the trees built from them are kept by `RevisionTrees`. */
@Provided()
export class RevisionsReadModel {
  constructor(private readonly readModels: ReadModels) {}

  /** The space's revision with this id, or null (a revision of another space is none). */
  revision(spaceId: string, revisionId: string): Promise<RevisionDoc | null> {
    return this.readModels.getIn(REVISIONS, revisionId, 'spaceId', spaceId);
  }

  /** The chunks with these hashes. */
  chunks(hashes: string[]): Promise<TreeChunkDoc[]> {
    return hashes.length === 0 ? Promise.resolve([]) : this.readModels.getMany(TREE_CHUNKS, hashes);
  }

  /** The bodies with these hashes, by hash (missing ones absent). */
  async bodies(hashes: Iterable<string>): Promise<Map<string, string>> {
    const ids = [...new Set(hashes)];
    if (ids.length === 0) return new Map();
    return new Map((await this.readModels.getMany(PAGE_BODIES, ids)).map((b) => [b.id, b.markdown]));
  }
}
