import { Injectable } from '@nestjs/common';
import { conflict } from '@docs/platform';
import { ChangeRequestContentEdited } from '../change-requests/change-request.events';
import { ChangeRequestDoc } from '../change-requests/change-requests.read-model';
import { ChangeRequestViews } from '../change-requests/change-request-views';
import { ChangeRequestWriter } from '../change-requests/change-request-writer';
import { FileNode } from '../page-tree/content-files.domain';
import { PageEdit } from '../page-tree/page-edits.domain';
import { RevisionContent, RevisionTrees } from '../revisions/revision-trees';
import { SpaceDoc } from '../spaces/reads/spaces.read-model';
import { SpaceScope } from '../spaces/space-scope';
import { SpaceWriter } from '../spaces/space-writer';
import { editLiveContent } from '../spaces/edit-live-content';

/** Where an import writes: the space's live content, or one of its change requests. */
export interface ImportTarget {
  space: SpaceDoc;
  changeRequest: ChangeRequestDoc | null;
}

/** What an import writes, in one new revision. */
export interface ImportWrite {
  revisionId: string;
  edits: Extract<PageEdit, { operation: 'insert_page' }>[];
  newPageIds: string[];
  files: FileNode[];
}

/**
 * The target of an import (the synchronous one and import runs alike): who may import (editors and
 * more), what refuses it (a locked space, a merged or archived change request: 409), the content
 * it starts from, and the write of every page (and file) in ONE new revision: the change request's
 * (one EditChangeRequestContent) or the live content's (one ChangeLiveContent, planned on the live tree).
 */
@Injectable()
export class ImportTargets {
  constructor(
    private readonly spaces: SpaceWriter,
    private readonly changeRequests: ChangeRequestWriter,
    private readonly views: ChangeRequestViews,
    private readonly trees: RevisionTrees,
  ) {}

  async open(scope: SpaceScope, changeRequest?: string): Promise<ImportTarget> {
    const { space } = await scope.requirePermission('edit', 'importing content');
    if (space.editMode === 'locked') throw conflict('the space is locked: its content cannot change');
    const cr = changeRequest !== undefined ? await this.views.find(space.id, changeRequest) : null;
    if (cr && (cr.status === 'merged' || cr.status === 'archived'))
      throw conflict(`the change request is ${cr.status}: importing is not possible`);
    return { space, changeRequest: cr };
  }

  /** The content the import adds to (the change request's, or the live one). */
  content({ space, changeRequest }: ImportTarget): Promise<RevisionContent> {
    return this.trees.content(space.id, changeRequest?.revision ?? space.revision);
  }

  /** Writes the pages and files; answers the new revision (the change request's current one when nothing changed). */
  async write(scope: SpaceScope, { space, changeRequest: cr }: ImportTarget, write: ImportWrite): Promise<string> {
    const { revisionId, edits, newPageIds, files } = write;
    if (cr) {
      const { events } = await this.changeRequests.execute(
        cr.id,
        { type: 'EditChangeRequestContent', revisionId, edits, newPageIds, newFiles: files },
        scope,
      );
      const edited = events.find((e): e is ChangeRequestContentEdited => e.type === 'ChangeRequestContentEdited');
      return edited?.data.revisionId ?? cr.revision;
    }
    const live = await this.trees.content(space.id, space.revision);
    await editLiveContent(this.spaces, scope, space, live.tree, { revisionId, edits, newPageIds, files });
    return revisionId;
  }
}
