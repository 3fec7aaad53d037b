import { defineProjection, touchDoc } from '@docs/platform/projections';
import { ArchiveExportEvent } from './archive-export.events';
import { ARCHIVE_EXPORTS } from './archive-exports.read-model';

/** Export jobs: their status, and once done their archive or why there is none. */
export const archiveExportsProjection = defineProjection<ArchiveExportEvent>({
  name: 'archive_exports',
  version: 1,
  collections: [ARCHIVE_EXPORTS],
  on: {
    ArchiveExportRequested({ data: { exportId, organizationId, target }, metadata: { occurredAt, actor } }, w) {
      w.put(ARCHIVE_EXPORTS, {
        id: exportId,
        organizationId,
        target,
        status: 'pending',
        requestedBy: actor,
        createdAt: occurredAt,
        updatedAt: occurredAt,
      });
    },
    async ArchiveExportCompleted({ data: { exportId, hash, size, spaces }, metadata: { occurredAt } }, w) {
      await touchDoc(w, ARCHIVE_EXPORTS, exportId, occurredAt, () => ({ status: 'completed' as const, hash, size, spaces }));
    },
    async ArchiveExportFailed({ data: { exportId, reason }, metadata: { occurredAt } }, w) {
      await touchDoc(w, ARCHIVE_EXPORTS, exportId, occurredAt, () => ({ status: 'failed' as const, reason }));
    },
  },
});
