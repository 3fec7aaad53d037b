import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { notFound } from '@docs/platform';
import { OrganizationQuery } from '@docs/organizations';
import { ArchiveLinkSigner } from './archive-link-signer';
import { ArchiveExportDoc, ArchiveExportsReadModel } from './archive-exports.read-model';

/** A job and, once completed, a signed URL of its archive. */
export interface ArchiveExportView {
  job: ArchiveExportDoc;
  downloadUrl?: string;
}

/** GET /v1/orgs/{organizationId}/archive-exports/{exportId}: the member who asked for it, or an organization admin; 404 for anyone else. */
export class GetArchiveExport extends OrganizationQuery<{ exportId: string }, ArchiveExportView> {}

@QueryHandler(GetArchiveExport)
export class GetArchiveExportHandler implements IQueryHandler<GetArchiveExport> {
  constructor(
    private readonly read: ArchiveExportsReadModel,
    private readonly links: ArchiveLinkSigner,
  ) {}

  async execute({ props: { exportId }, scope }: GetArchiveExport): Promise<ArchiveExportView> {
    const member = await scope.member();
    const job = await this.read.export(scope.organizationId, exportId);
    if (!job || (job.requestedBy !== member.userId && member.role !== 'admin')) throw notFound('export not found');
    return job.status === 'completed' ? { job, downloadUrl: this.links.url(job.id) } : { job };
  }
}
