import { sha256 } from '@docs/kernel';
import { defineProjection, deleteWhere, ProjectionWriter } from '@docs/platform/projections';
import { ChangeRequestContentEdited, ChangeRequestUpdatedFromMain } from '../change-requests/change-request.events';
import { FileNode } from '../page-tree/content-files.domain';
import { applyChanges, firstRevisionPages, PageNode, TreeChange } from '../page-tree/page-tree.domain';
import { LiveContentChanged, SpaceCreated, SpacePurged } from '../spaces/space.events';
import { PAGE_BODIES, RevisionDoc, REVISIONS, TREE_CHUNKS } from './revisions.read-model';
import { BUCKETS, bucketOf, byBucket, chunkOf } from './tree-chunks';

type Made = Pick<RevisionDoc, 'id' | 'spaceId' | 'organizationId' | 'parents' | 'type' | 'changeRequestId' | 'createdAt' | 'createdBy'>;

/** The bodies `changes` bring, each stored once under the hash of its markdown. */
function putBodies(w: ProjectionWriter, changes: readonly TreeChange[]): void {
  for (const change of changes) {
    const markdown = change.op === 'insert' || change.op === 'update' ? change.markdown : undefined;
    if (markdown !== undefined) w.put(PAGE_BODIES, { id: sha256(markdown), markdown });
  }
}

const pageIdOf = (change: TreeChange) => (change.op === 'insert' ? change.page.id : change.pageId);

async function chunkPages(w: ProjectionWriter, hash: string | null): Promise<PageNode[]> {
  if (hash === null) return [];
  const chunk = await w.get(TREE_CHUNKS, hash);
  if (!chunk) throw new Error(`tree chunk ${hash} is missing`);
  return chunk.pages;
}

/** Stores a bucket's pages as a chunk (unless the parent had the same one) and answers its hash; null for no pages. */
function putChunk(w: ProjectionWriter, pages: Iterable<PageNode> | undefined, previous: string | null): string | null {
  const chunk = chunkOf(pages ?? []);
  if (chunk.pages.length === 0) return null;
  if (chunk.hash !== previous) w.put(TREE_CHUNKS, { id: chunk.hash, pages: chunk.pages });
  return chunk.hash;
}

/**
 * The chunks of the revision `changes` make of the one whose chunks are `parent`. Inserts and
 * updates touch their own buckets only; a delete removes a subtree whose pages can be anywhere, so
 * it rebuilds from the whole tree (writing only the chunks that changed).
 */
async function applyToChunks(
  w: ProjectionWriter,
  parent: readonly (string | null)[],
  changes: readonly TreeChange[],
): Promise<(string | null)[]> {
  const chunks = [...parent];
  if (changes.some((c) => c.op === 'delete')) {
    const tree = new Map<string, PageNode>();
    for (const hash of parent) for (const page of await chunkPages(w, hash)) tree.set(page.id, page);
    const buckets = byBucket(applyChanges(tree, changes).values());
    for (let bucket = 0; bucket < BUCKETS; bucket++) chunks[bucket] = putChunk(w, buckets.get(bucket), parent[bucket]!);
    return chunks;
  }
  const touched = new Map<number, TreeChange[]>();
  for (const change of changes) {
    const bucket = bucketOf(pageIdOf(change));
    const mine = touched.get(bucket);
    if (mine) mine.push(change);
    else touched.set(bucket, [change]);
  }
  for (const [bucket, mine] of touched) {
    const pages = await chunkPages(w, parent[bucket]!);
    chunks[bucket] = putChunk(w, applyChanges(new Map(pages.map((p) => [p.id, p])), mine).values(), parent[bucket]!);
  }
  return chunks;
}

const NO_CHUNKS: readonly null[] = Array.from({ length: BUCKETS }, () => null);

/**
 * A new revision: `changes` and `files` applied to the revision `from` (none for a space's first
 * content). Revisions are immutable, so this is the only write a revision ever gets.
 */
async function putRevision(
  w: ProjectionWriter,
  made: Made,
  from: string | undefined,
  changes: readonly TreeChange[],
  files: readonly FileNode[] = [],
): Promise<void> {
  const parent = from === undefined ? null : await w.get(REVISIONS, from);
  const chunks = await applyToChunks(w, parent?.chunks ?? NO_CHUNKS, changes);
  putBodies(w, changes);
  w.put(REVISIONS, { ...made, chunks, files: [...(parent?.files ?? []), ...files] });
}

/**
 * Revisions, their tree chunks and page bodies: every content event makes one revision from its
 * parent's and its changes, so a one-page edit writes one chunk, the revision's list of chunks and
 * one body, never the other pages' metadata or bodies.
 */
export const revisionsProjection = defineProjection<
  SpaceCreated | LiveContentChanged | SpacePurged | ChangeRequestContentEdited | ChangeRequestUpdatedFromMain
>({
  name: 'revisions',
  version: 2,
  collections: [REVISIONS, TREE_CHUNKS, PAGE_BODIES],
  on: {
    SpaceCreated({ data, metadata: { occurredAt, actor } }, w) {
      const pages = firstRevisionPages(data.revisionId, data.empty === true);
      const chunks = byBucket(pages);
      if (pages.length > 0) w.put(PAGE_BODIES, { id: pages[0]!.bodyHash, markdown: '' });
      w.put(REVISIONS, {
        id: data.revisionId,
        spaceId: data.spaceId,
        organizationId: data.organizationId,
        parents: [],
        type: 'edits',
        changeRequestId: null,
        createdAt: occurredAt,
        createdBy: actor,
        chunks: NO_CHUNKS.map((_, bucket) => putChunk(w, chunks.get(bucket), null)),
        files: [],
      });
    },
    LiveContentChanged: ({ data, metadata: { occurredAt, actor } }, w) =>
      putRevision(
        w,
        {
          id: data.revisionId,
          spaceId: data.spaceId,
          organizationId: data.organizationId,
          parents: data.parents,
          type: data.changeRequestId ? 'merge' : 'edits',
          changeRequestId: data.changeRequestId ?? null,
          createdAt: occurredAt,
          createdBy: actor,
        },
        data.parents[0],
        data.changes,
        data.files,
      ),
    ChangeRequestContentEdited: ({ data, metadata: { occurredAt, actor } }, w) =>
      putRevision(
        w,
        {
          id: data.revisionId,
          spaceId: data.spaceId,
          organizationId: data.organizationId,
          parents: [data.parentRevisionId],
          type: 'edits',
          changeRequestId: data.changeRequestId,
          createdAt: occurredAt,
          createdBy: actor,
        },
        data.parentRevisionId,
        data.changes,
        data.files,
      ),
    ChangeRequestUpdatedFromMain: ({ data, metadata: { occurredAt, actor } }, w) =>
      putRevision(
        w,
        {
          id: data.revisionId,
          spaceId: data.spaceId,
          organizationId: data.organizationId,
          parents: data.parents,
          type: 'update',
          changeRequestId: data.changeRequestId,
          createdAt: occurredAt,
          createdBy: actor,
        },
        data.parents[0],
        data.changes,
        data.files,
      ),
    // Chunks and bodies stay: they are shared by content address and hold nothing without a revision naming them.
    async SpacePurged({ data: { spaceId } }, w) {
      await deleteWhere(w, REVISIONS, 'spaceId', spaceId);
    },
  },
});
