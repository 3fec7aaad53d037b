import { inTurns } from '@docs/platform';
import { FileNode } from '../page-tree/content-files.domain';
import { PageEdit, planEditSteps } from '../page-tree/page-edits.domain';
import { PageTree } from '../page-tree/page-tree.domain';
import { SpaceScope } from './space-scope';
import { SpaceWriter } from './space-writer';

/** One new revision of a space's live content: page edits on the tree read at the space's revision, and new files. */
export interface LiveContentEdit {
  revisionId: string;
  edits: readonly PageEdit[];
  newPageIds: readonly string[];
  files: readonly FileNode[];
}

/**
 * Writes the edits (and files) as one new live revision on top of `tree`, which was read at
 * `space.revision` (the write is refused with 409 when the live content moved meanwhile), then lets
 * the scope read the space again. What the content imports (website, archive, git) write through.
 */
export async function editLiveContent(
  spaces: SpaceWriter,
  scope: SpaceScope,
  space: { id: string; revision: string },
  tree: PageTree,
  { revisionId, edits, newPageIds, files }: LiveContentEdit,
): Promise<void> {
  const changes = await inTurns(planEditSteps(tree, edits, { newPageIds, base: tree, baseBodies: new Map() }));
  await spaces.execute(
    space.id,
    {
      type: 'ChangeLiveContent',
      revisionId,
      expectedRevision: space.revision,
      parents: [space.revision],
      changes,
      ...(files.length > 0 ? { files: [...files] } : {}),
    },
    scope,
  );
  scope.refresh();
}
