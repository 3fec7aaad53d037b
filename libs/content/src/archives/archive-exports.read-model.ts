import { defineReadModel, Doc, FindResult, OLDEST_FIRST, Page, Provided, ReadModels } from '@docs/platform/projections';
import { ArchiveExportTarget } from './archive-export.events';

/** An export job as the API answers it. */
export interface ArchiveExportDoc extends Doc {
  organizationId: string;
  target: ArchiveExportTarget;
  status: 'pending' | 'completed' | 'failed';
  /** Who asked for it (a user id). */
  requestedBy: string;
  createdAt: string;
  updatedAt: string;
  /** Completed: the archive in the blob store, its size and how many spaces it holds. */
  hash?: string;
  size?: number;
  spaces?: number;
  /** Failed: why. */
  reason?: string;
}

export const ARCHIVE_EXPORTS = defineReadModel<ArchiveExportDoc>({
  name: 'archive_exports',
  // The runner's start-up: the jobs still pending, oldest first.
  lists: [['status', 'createdAt']],
});

@Provided()
export class ArchiveExportsReadModel {
  constructor(private readonly readModels: ReadModels) {}

  /** The job, when it is of the organization (null otherwise: as good as none). */
  export(organizationId: string, exportId: string): Promise<ArchiveExportDoc | null> {
    return this.readModels.getIn(ARCHIVE_EXPORTS, exportId, 'organizationId', organizationId);
  }

  byId(exportId: string): Promise<ArchiveExportDoc | null> {
    return this.readModels.get(ARCHIVE_EXPORTS, exportId);
  }

  /** A page of the jobs not yet completed nor failed, oldest first. */
  pending(page: Page): Promise<FindResult<ArchiveExportDoc>> {
    return this.readModels.findIn(ARCHIVE_EXPORTS, 'status', 'pending', OLDEST_FIRST, page);
  }
}
