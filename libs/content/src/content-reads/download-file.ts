import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { BlobStore, found } from '@docs/platform';
import { FileNode } from '../page-tree/content-files.domain';
import { ContentAt } from '../revisions/read-content';
import { SpaceQuery } from '../spaces/space-scope';

export interface FileBytes {
  file: FileNode;
  bytes: Buffer;
}

export class DownloadFile extends SpaceQuery<{ revisionId: string; fileId: string }, FileBytes> {}

/**
 * GET /v1/spaces/{spaceId}/revisions/{revisionId}/files/{fileId}/download (a file's `downloadURL`):
 * the bytes of a file of a revision, for anyone who can see the space. The file is looked up in
 * the revision, so a blob is only ever served through a file of a space the caller can see.
 */
@QueryHandler(DownloadFile)
export class DownloadFileHandler implements IQueryHandler<DownloadFile> {
  constructor(
    private readonly contentAt: ContentAt,
    private readonly blobs: BlobStore,
  ) {}

  async execute({ props: { revisionId, fileId }, scope }: DownloadFile): Promise<FileBytes> {
    const { content } = await this.contentAt.view(scope, { at: 'revision', revisionId });
    const file = found(
      content.files.find((f) => f.id === fileId),
      `file not found: ${fileId}`,
    );
    const bytes = await this.blobs.get(file.hash);
    // A recorded file always has its bytes (they are stored before the event); a missing blob is a broken store.
    if (!bytes) throw new Error(`blob ${file.hash} of file ${file.id} is missing from the blob store`);
    return { file, bytes };
  }
}
