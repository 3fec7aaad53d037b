import { Injectable } from '@nestjs/common';
import { ChangeRequestsPresenter } from '../change-requests/http/change-requests.presenter';
import { FileNode } from '../page-tree/content-files.domain';
import { PageNode } from '../page-tree/page-tree.domain';
import { ChangesView } from './changes-view';
import { PageDiffResponse } from './page-diff.response';
import { PageDiffView } from './page-line-diffs';
import { SemanticChange } from './semantic-changes.domain';
import {
  ChangedFileResponse,
  ChangedPageResponse,
  RevisionSemanticChangesResponse,
  SemanticChangeResponse,
} from './revision-changes.response';

const pageOf = (page: PageNode, path: string): ChangedPageResponse => ({ id: page.id, type: 'document', title: page.title, path });

/** GitBook's RevisionSemanticChanges, and page line diffs. No I/O: the use cases read the revisions and the merged change request. */
@Injectable()
export class RevisionChangesPresenter {
  constructor(private readonly changeRequests: ChangeRequestsPresenter) {}

  changes(view: ChangesView): RevisionSemanticChangesResponse {
    return {
      changes: view.changes.map((change) => this.change(view, change)),
      ...(view.more > 0 ? { more: view.more } : {}),
      ...(view.mergedFrom ? { mergedFrom: this.changeRequests.changeRequest(view.mergedFrom) } : {}),
    };
  }

  private change(view: ChangesView, change: SemanticChange): SemanticChangeResponse {
    switch (change.type) {
      case 'page_created':
      case 'page_deleted':
        return { type: change.type, page: pageOf(change.page, change.path) };
      case 'page_edited':
        return { type: change.type, page: pageOf(change.page, change.path), attributes: change.attributes };
      case 'page_moved': {
        const { before, after } = change.parent;
        return {
          type: change.type,
          page: pageOf(change.page, change.path),
          parent: {
            ...(before ? { before: pageOf(before.page, before.path) } : {}),
            ...(after ? { after: pageOf(after.page, after.path) } : {}),
          },
        };
      }
      case 'file_created':
        return { type: change.type, file: this.file(view.spaceId, view.after, change.file) };
      case 'file_deleted':
        // A file is deleted from the older revision, which then exists (a space's first revision has no files).
        return { type: change.type, file: this.file(view.spaceId, view.before ?? view.after, change.file) };
    }
  }

  pageDiff({ pageId, from, to, diff }: PageDiffView): PageDiffResponse {
    const side = ({ revision, page }: PageDiffView['from']) => ({
      revision,
      ...(page ? { page: pageOf(page.page, page.path), document: page.page.bodyHash } : {}),
    });
    return {
      object: 'page-diff',
      page: pageId,
      from: side(from),
      to: side(to),
      stats: { added: diff.added, removed: diff.removed },
      hunks: diff.hunks,
    };
  }

  private file(spaceId: string, revisionId: string, file: FileNode): ChangedFileResponse {
    const { id, name, contentType, downloadURL } = this.changeRequests.revisionFile(spaceId, revisionId, file);
    return { id, name, contentType, downloadURL };
  }
}
