import { defineProjection, ProjectionWriter, touchDoc } from '@docs/platform/projections';
import { ImportRunEvent } from './import-run.decider';
import { IMPORT_RUNS, ImportRunDoc } from './import-runs.read-model';

type Change = (doc: ImportRunDoc) => Partial<ImportRunDoc>;

/** Import runs of organizations, as listImportRuns and getImportRun answer them. */
export const importRunsProjection = defineProjection<ImportRunEvent>({
  name: 'import_runs',
  version: 1,
  collections: [IMPORT_RUNS],
  on: {
    ImportRunRequested({ data: { organizationId, importRunId, source, target, site }, metadata: { occurredAt, actor } }, w) {
      w.put(IMPORT_RUNS, {
        id: importRunId,
        organizationId,
        status: 'pending',
        active: true,
        source,
        target,
        space: target.space,
        ...(target.changeRequest !== undefined ? { changeRequest: target.changeRequest } : {}),
        ...(site !== undefined ? { site } : {}),
        createdBy: actor,
        createdAt: occurredAt,
        updatedAt: occurredAt,
        importedResources: 0,
        totalResources: 0,
      });
    },
    async ImportRunProgressed({ data: { importRunId, importedResources, totalResources }, metadata: { occurredAt } }, w) {
      await change(w, importRunId, occurredAt, (doc) => ({
        status: 'in-progress',
        startedAt: doc.startedAt ?? occurredAt,
        importedResources,
        totalResources,
      }));
    },
    async ImportRunCompleted({ data: { importRunId, revision, importedResources, totalResources, pages }, metadata: { occurredAt } }, w) {
      await change(w, importRunId, occurredAt, (doc) => ({
        status: 'completed',
        active: false,
        startedAt: doc.startedAt ?? occurredAt,
        completedAt: occurredAt,
        revision,
        importedResources,
        totalResources,
        pages,
      }));
    },
    async ImportRunFailed({ data: { importRunId, reason }, metadata: { occurredAt } }, w) {
      await change(w, importRunId, occurredAt, () => ({ status: 'failed', active: false, reason }));
    },
    async ImportRunCancelled({ data: { importRunId }, metadata: { occurredAt } }, w) {
      await change(w, importRunId, occurredAt, () => ({ status: 'cancelled', active: false }));
    },
  },
});

async function change(w: ProjectionWriter, id: string, occurredAt: string, changed: Change): Promise<void> {
  await touchDoc(w, IMPORT_RUNS, id, occurredAt, changed);
}
