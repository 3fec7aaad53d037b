import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { BlobStore, notFound } from '@docs/platform';
import { FileBytes } from './download-file';
import { FileLinkSigner } from '../signed-urls/file-link-signer';
import { SpacesReadModel } from '../spaces/reads/spaces.read-model';
import { RevisionTrees } from '../revisions/revision-trees';

export interface SignedFileBytes extends FileBytes {
  /** How long the signature has left: how long a cache may keep the answer. */
  secondsLeft: number;
}

/** GET /v1/files/{token}: no caller, the signed token is the credential. */
export class DownloadSignedFile extends Query<SignedFileBytes> {
  constructor(readonly props: { token: string }) {
    super();
  }
}

/**
 * The bytes a file's signed `downloadURL` names. The token is checked first (403 when malformed,
 * tampered or expired), so nothing about the file is told to a caller without a good signature.
 * A space deleted since is 404: a deletion withdraws its URLs.
 */
@QueryHandler(DownloadSignedFile)
export class DownloadSignedFileHandler implements IQueryHandler<DownloadSignedFile> {
  constructor(
    private readonly links: FileLinkSigner,
    private readonly spaces: SpacesReadModel,
    private readonly trees: RevisionTrees,
    private readonly blobs: BlobStore,
  ) {}

  async execute({ props: { token } }: DownloadSignedFile): Promise<SignedFileBytes> {
    const claims = this.links.verify(token);
    const space = await this.spaces.space(claims.spaceId);
    if (space?.status !== 'active') throw notFound('file not found');
    const content = await this.trees.content(space.id, claims.revisionId);
    const file = content.files.find((f) => f.id === claims.fileId);
    if (!file) throw notFound('file not found');
    const bytes = await this.blobs.get(file.hash);
    // A recorded file always has its bytes (they are stored before the event); a missing blob is a broken store.
    if (!bytes) throw new Error(`blob ${file.hash} of file ${file.id} is missing from the blob store`);
    return { file, bytes, secondsLeft: this.links.secondsLeft(claims) };
  }
}
