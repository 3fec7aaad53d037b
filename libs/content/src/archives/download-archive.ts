import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { BlobStore, notFound } from '@docs/platform';
import { SpacesReadModel } from '../spaces/reads/spaces.read-model';
import { ArchiveLinkSigner } from './archive-link-signer';
import { ArchiveExportsReadModel } from './archive-exports.read-model';

export interface ArchiveFile {
  filename: string;
  bytes: Uint8Array;
}

/** GET /v1/archives/{token}: no caller, the signed token is the credential. */
export class DownloadArchive extends Query<ArchiveFile> {
  constructor(readonly props: { token: string }) {
    super();
  }
}

/**
 * The archive a signed link names: the token is checked (403 when malformed, tampered or expired),
 * then the job it names must have completed and its archive be in the blob store (404 otherwise). A
 * space's export whose space was deleted since is 404: a deletion withdraws its links.
 */
@QueryHandler(DownloadArchive)
export class DownloadArchiveHandler implements IQueryHandler<DownloadArchive> {
  constructor(
    private readonly links: ArchiveLinkSigner,
    private readonly exports: ArchiveExportsReadModel,
    private readonly spaces: SpacesReadModel,
    private readonly blobs: BlobStore,
  ) {}

  async execute({ props: { token } }: DownloadArchive): Promise<ArchiveFile> {
    const { exportId } = this.links.verify(token);
    const job = await this.exports.byId(exportId);
    if (job?.status !== 'completed' || !job.hash) throw notFound('archive not found');
    if (job.target.kind === 'space' && (await this.spaces.space(job.target.id))?.status !== 'active') throw notFound('archive not found');
    const bytes = await this.blobs.get(job.hash);
    if (!bytes) throw notFound('archive not found');
    return { filename: `${job.target.kind}-${job.id}.zip`, bytes };
  }
}
