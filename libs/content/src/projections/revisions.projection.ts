import { sha256 } from '@docs/kernel';
import { defineProjection, ProjectionWriter } from '@docs/platform';
import { ChangeRequestContentEdited, ChangeRequestUpdatedFromMain } from '../domain/change-request';
import { FileNode } from '../domain/content-files';
import { applyChanges, firstRevisionPages, PageNode, TreeChange } from '../domain/page-tree';
import { LiveContentChanged, SpaceCreated, SpacePurged } from '../domain/space';
import { PAGE_BODIES, RevisionDoc, REVISIONS } from './revisions.read-model';

type Made = Pick<RevisionDoc, 'id' | 'spaceId' | 'organizationId' | 'parents' | 'type' | 'changeRequestId' | 'createdAt' | 'createdBy'>;

/** The bodies `changes` bring, each stored once under the hash of its markdown. */
function putBodies(w: ProjectionWriter, changes: readonly TreeChange[]): void {
  for (const change of changes) {
    const markdown = change.op === 'insert' || change.op === 'update' ? change.markdown : undefined;
    if (markdown !== undefined) w.put(PAGE_BODIES, { id: sha256(markdown), markdown });
  }
}

/**
 * A new revision: `changes` and `files` applied to the revision `from` (none for a space's first
 * content). Revisions are immutable, so this is the only write a revision ever gets.
 */
async function putRevision(w: ProjectionWriter, made: Made, from: string | undefined, changes: readonly TreeChange[], files: readonly FileNode[] = []): Promise<void> {
  const parent = from === undefined ? null : await w.get(REVISIONS, from);
  const tree = applyChanges(new Map((parent?.pages ?? []).map((p: PageNode) => [p.id, p])), changes);
  putBodies(w, changes);
  w.put(REVISIONS, { ...made, pages: [...tree.values()], files: [...(parent?.files ?? []), ...files] });
}

/**
 * Revisions and page bodies: every content event makes one revision from its parent's tree and its
 * changes, so a one-page edit writes the tree's metadata and one body, never the other pages' bodies.
 */
export const revisionsProjection = defineProjection<SpaceCreated | LiveContentChanged | SpacePurged | ChangeRequestContentEdited | ChangeRequestUpdatedFromMain>({
  name: 'revisions',
  version: 1,
  collections: [REVISIONS, PAGE_BODIES],
  on: {
    SpaceCreated({ data, metadata: { occurredAt, actor } }, w) {
      const pages = firstRevisionPages(data.revisionId, data.empty === true);
      if (pages.length > 0) w.put(PAGE_BODIES, { id: pages[0]!.bodyHash, markdown: '' });
      w.put(REVISIONS, {
        id: data.revisionId, spaceId: data.spaceId, organizationId: data.organizationId, parents: [], type: 'edits',
        changeRequestId: null, createdAt: occurredAt, createdBy: actor, pages, files: [],
      });
    },
    LiveContentChanged: ({ data, metadata: { occurredAt, actor } }, w) =>
      putRevision(w, {
        id: data.revisionId, spaceId: data.spaceId, organizationId: data.organizationId, parents: data.parents,
        type: data.changeRequestId ? 'merge' : 'edits', changeRequestId: data.changeRequestId ?? null, createdAt: occurredAt, createdBy: actor,
      }, data.parents[0], data.changes, data.files),
    ChangeRequestContentEdited: ({ data, metadata: { occurredAt, actor } }, w) =>
      putRevision(w, {
        id: data.revisionId, spaceId: data.spaceId, organizationId: data.organizationId, parents: [data.parentRevisionId],
        type: 'edits', changeRequestId: data.changeRequestId, createdAt: occurredAt, createdBy: actor,
      }, data.parentRevisionId, data.changes, data.files),
    ChangeRequestUpdatedFromMain: ({ data, metadata: { occurredAt, actor } }, w) =>
      putRevision(w, {
        id: data.revisionId, spaceId: data.spaceId, organizationId: data.organizationId, parents: data.parents,
        type: 'update', changeRequestId: data.changeRequestId, createdAt: occurredAt, createdBy: actor,
      }, data.parents[0], data.changes, data.files),
    // Bodies stay: they are shared by content address and hold nothing without a revision naming them.
    async SpacePurged({ data: { spaceId } }, w) {
      let after: string | undefined;
      for (;;) {
        const page = await w.find(REVISIONS, { where: [{ field: 'spaceId', op: 'eq', value: spaceId }], after, limit: 500 });
        for (const revision of page.items) w.delete(REVISIONS, revision.id);
        if (!page.next) return;
        after = page.next;
      }
    },
  },
});
