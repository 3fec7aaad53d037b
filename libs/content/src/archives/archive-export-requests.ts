import { Injectable } from '@nestjs/common';
import { CallerScope, notFound } from '@docs/platform';
import { ArchiveExportRunner } from './archive-export-runner';
import { ArchiveExportWriter } from './archive-export-writer';
import { ArchiveExportTarget } from './archive-export.events';
import { ArchiveExportDoc, ArchiveExportsReadModel } from './archive-exports.read-model';

/** Records a request and starts its job (shared by the two routes). */
@Injectable()
export class ArchiveExportRequests {
  constructor(
    private readonly writer: ArchiveExportWriter,
    private readonly read: ArchiveExportsReadModel,
    private readonly runner: ArchiveExportRunner,
  ) {}

  async request(organizationId: string, target: ArchiveExportTarget, scope: CallerScope): Promise<ArchiveExportDoc> {
    const exportId = scope.createdId('archive-export');
    const existing = await this.read.byId(exportId);
    if (!existing) await this.writer.execute(exportId, { type: 'RequestArchiveExport', exportId, organizationId, target }, scope);
    const job = await this.read.byId(exportId);
    if (!job) throw notFound('export not found');
    void this.runner.start(exportId);
    return job;
  }
}
