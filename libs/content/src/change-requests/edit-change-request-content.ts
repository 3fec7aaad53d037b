import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ChangeRequestContentEdited } from './change-request.events';
import { FileNode } from '../page-tree/content-files.domain';
import { PageEdit, requirePagesWithinCap } from '../page-tree/page-edits.domain';
import { ChangeRequestView, ChangeRequestViews } from './change-request-views';
import { ChangeRequestWriter } from './change-request-writer';
import { DocumentBodies, SentDocument } from './document-bodies';
import { FileUpload, FileUploads } from './file-uploads';
import { SpaceCommand } from '../spaces/space-scope';

/** A page the batch touched, as GitBook's ChangeRequestContentUpdate lists it. */
export type PageOutcome =
  | { object: 'created_page'; pageId: string; ref?: string }
  | { object: 'updated_page'; pageId: string }
  | { object: 'deleted_page'; pageId: string };

export interface ContentEdited {
  view: ChangeRequestView;
  pages: PageOutcome[];
  insertedFiles: FileNode[];
}

export class EditChangeRequestContent extends SpaceCommand<
  {
    changeRequest: string;
    edits: PageEdit[];
    insertRefs: (string | undefined)[];
    files: FileUpload[];
    /** Bodies sent as JSON documents, and the index of the edit each is the body of. */
    documents: (SentDocument & { edit: number })[];
  },
  ContentEdited
> {}

/**
 * POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/content (GitBook's
 * updateChangeRequestContent): editors and more. The whole batch becomes one new revision of the
 * change request, or nothing at all (any refused change refuses the batch). Files' bytes go to the
 * blob store first; the event carries their hashes.
 */
@CommandHandler(EditChangeRequestContent)
export class EditChangeRequestContentHandler implements ICommandHandler<EditChangeRequestContent> {
  constructor(
    private readonly writer: ChangeRequestWriter,
    private readonly views: ChangeRequestViews,
    private readonly uploads: FileUploads,
    private readonly documentBodies: DocumentBodies,
  ) {}

  async execute({ props, scope }: EditChangeRequestContent): Promise<ContentEdited> {
    const { changeRequest, insertRefs, files, documents } = props;
    const { space } = await scope.requirePermission('edit', 'editing content');
    // Documents are converted once the caller may edit, and their markdown meets the same cap as markdown sent.
    const markdown = await this.documentBodies.markdownOf(documents, space.organizationId);
    const converted = new Map(documents.map((sent, i) => [sent.edit, markdown[i]!]));
    const edits = props.edits.map((edit, i) => (converted.has(i) ? { ...edit, markdown: converted.get(i)! } : edit));
    requirePagesWithinCap(edits);
    const cr = await this.views.find(space.id, changeRequest);
    const newPageIds = insertRefs.map((_, i) => scope.createdId(`page:${i}`));
    const newFiles = await this.uploads.store(
      files,
      files.map((_, i) => scope.createdId(`file:${i}`)),
    );
    const { events } = await this.writer.execute(
      cr.id,
      { type: 'EditChangeRequestContent', revisionId: scope.createdId('revision'), edits, newPageIds, newFiles },
      scope,
    );
    const edited = events.find((e): e is ChangeRequestContentEdited => e.type === 'ChangeRequestContentEdited');
    const refs = new Map(newPageIds.map((id, i) => [id, insertRefs[i]]));
    const fresh = await this.views.find(space.id, cr.id);
    return {
      view: await this.views.view(space, fresh),
      pages: edited ? pagesTouched(edited, refs) : [],
      insertedFiles: edited?.data.files ?? [],
    };
  }
}

/**
 * One entry per page the revision changed, in first-touch order: created (with the batch's ref),
 * updated, or deleted. A page created and deleted in the same batch never existed outside it.
 */
function pagesTouched(event: ChangeRequestContentEdited, refs: ReadonlyMap<string, string | undefined>): PageOutcome[] {
  const touched = new Map<string, PageOutcome>();
  for (const change of event.data.changes) {
    const pageId = change.op === 'insert' ? change.page.id : change.pageId;
    const before = touched.get(pageId);
    if (change.op === 'insert') {
      const ref = refs.get(pageId);
      touched.set(
        pageId,
        before?.object === 'deleted_page'
          ? { object: 'updated_page', pageId }
          : { object: 'created_page', pageId, ...(ref !== undefined ? { ref } : {}) },
      );
    } else if (change.op === 'update') {
      if (!before) touched.set(pageId, { object: 'updated_page', pageId });
    } else if (before?.object === 'created_page') {
      touched.delete(pageId);
    } else {
      touched.set(pageId, { object: 'deleted_page', pageId });
    }
  }
  return [...touched.values()];
}
