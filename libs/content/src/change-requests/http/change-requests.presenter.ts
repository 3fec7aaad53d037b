import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@docs/platform';
import { OrganizationsPresenter } from '@docs/organizations';
import { ChangeRequestView } from '../change-request-views';
import { ContentEdited } from '../edit-change-request-content';
import { FileNode } from '../../page-tree/content-files.domain';
import { ChangeRequestResponse } from './change-request.response';
import { ChangeRequestContentUpdateResponse, RevisionFileResponse } from './content-update.response';
import { namedUsers } from '../named-users';
import { FileLinkSigner } from '../../signed-urls/file-link-signer';

/** GitBook's ChangeRequest object. No I/O: the use cases read the change request, its space and its users. */
@Injectable()
export class ChangeRequestsPresenter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly organizations: OrganizationsPresenter,
    private readonly fileLinks: FileLinkSigner,
  ) {}

  changeRequest({ changeRequest: cr, space, users, mergeability }: ChangeRequestView): ChangeRequestResponse {
    const user = namedUsers(this.organizations, users);
    return {
      object: 'change-request' as const,
      id: cr.id,
      number: cr.number,
      status: cr.status,
      subject: cr.subject,
      createdBy: user(cr.createdBy),
      createdAt: cr.createdAt,
      updatedAt: cr.updatedAt,
      ...(cr.mergedBy !== undefined ? { mergedBy: user(cr.mergedBy) } : {}),
      ...(cr.mergedAt !== undefined ? { mergedAt: cr.mergedAt } : {}),
      space: cr.spaceId,
      revision: cr.revision,
      revisionInitial: cr.revisionInitial,
      revisionMergedAncestor: cr.revisionMergedAncestor,
      ...(cr.revisionMerged !== undefined ? { revisionMerged: cr.revisionMerged } : {}),
      comments: cr.comments,
      // The live content moved since the change request last synced (a merged one is never outdated).
      outdated: cr.status !== 'merged' && cr.revisionMergedAncestor !== space.revision,
      urls: {
        location: `${this.config.publicUrl}/v1/spaces/${cr.spaceId}/change-requests/${cr.id}`,
        app: `${this.config.appUrl}/s/${cr.spaceId}/~/changes/${cr.id}`,
      },
      ...(mergeability !== undefined ? { mergeability } : {}),
    };
  }

  /** GitBook's ChangeRequestContentUpdate (updateChangeRequestContent with compat=false). */
  contentUpdate({ view, pages, insertedFiles }: ContentEdited): ChangeRequestContentUpdateResponse {
    const { spaceId, id, revision } = view.changeRequest;
    const pageRef = (pageId: string) => ({
      object: 'page' as const,
      id: pageId,
      urls: { location: `${this.config.publicUrl}/v1/spaces/${spaceId}/change-requests/${id}/content/page/${pageId}` },
    });
    return {
      changeRequest: this.changeRequest(view),
      changes: pages.map((p) =>
        p.object === 'deleted_page'
          ? { object: p.object, page: p.pageId }
          : { object: p.object, ...(p.object === 'created_page' && p.ref !== undefined ? { ref: p.ref } : {}), page: pageRef(p.pageId) },
      ),
      ...(insertedFiles.length > 0 ? { insertedFiles: insertedFiles.map((f) => this.revisionFile(spaceId, revision, f)) } : {}),
    };
  }

  /**
   * GitBook's RevisionFile. `downloadURL` is signed (FileLinkSigner): it serves the bytes of the file
   * in that revision without a token, so it works in an `<img>`, a PDF or a browser.
   */
  revisionFile(spaceId: string, revisionId: string, file: FileNode): RevisionFileResponse {
    return {
      id: file.id,
      name: file.name,
      contentType: file.contentType,
      downloadURL: this.fileLinks.url(spaceId, revisionId, file.id),
      size: file.size,
      ...(file.dimensions ? { dimensions: file.dimensions } : {}),
    };
  }
}
