import { Aggregate, conflict, notFound } from '@docs/kernel';
import { ArchiveExportEvent, ArchiveExportIds, ArchiveExportTarget } from './archive-export.events';

export interface ArchiveExportState {
  status: 'none' | 'pending' | 'completed' | 'failed';
  ids: ArchiveExportIds;
}

export type ArchiveExportCommand =
  | ({ type: 'RequestArchiveExport'; target: ArchiveExportTarget } & ArchiveExportIds)
  | { type: 'CompleteArchiveExport'; hash: string; size: number; spaces: number }
  | { type: 'FailArchiveExport'; reason: string };

export const initialArchiveExportState = (): ArchiveExportState => ({ status: 'none', ids: { exportId: '', organizationId: '' } });

export function evolveArchiveExport(state: ArchiveExportState, event: ArchiveExportEvent): ArchiveExportState {
  switch (event.type) {
    case 'ArchiveExportRequested':
      return { status: 'pending', ids: { exportId: event.data.exportId, organizationId: event.data.organizationId } };
    case 'ArchiveExportCompleted':
      return { ...state, status: 'completed' };
    case 'ArchiveExportFailed':
      return { ...state, status: 'failed' };
  }
}

/**
 * An export job (docs/content-design.md, "Archives and the git layout"): requested once, then
 * completed or failed once. Who may request it is checked before (the space's readers, the
 * organization's admins for a collection or the whole organization); completing and failing are the
 * runner's (as `system`).
 */
export function decideArchiveExport(state: ArchiveExportState, command: ArchiveExportCommand): ArchiveExportEvent[] {
  switch (command.type) {
    case 'RequestArchiveExport': {
      if (state.status !== 'none') throw conflict(`export ${command.exportId} was already requested`);
      const { exportId, organizationId, target } = command;
      return [{ type: 'ArchiveExportRequested', data: { exportId, organizationId, target } }];
    }
    case 'CompleteArchiveExport':
    case 'FailArchiveExport': {
      if (state.status === 'none') throw notFound('export not found');
      if (state.status !== 'pending') throw conflict(`the export is already ${state.status}`);
      if (command.type === 'FailArchiveExport') return [{ type: 'ArchiveExportFailed', data: { ...state.ids, reason: command.reason } }];
      const { hash, size, spaces } = command;
      return [{ type: 'ArchiveExportCompleted', data: { ...state.ids, hash, size, spaces } }];
    }
  }
}

/** An export job, in stream `archive-export-<exportId>`. */
export const archiveExportAggregate: Aggregate<ArchiveExportState, ArchiveExportCommand, ArchiveExportEvent> = {
  category: 'archive-export',
  initialState: initialArchiveExportState,
  evolve: evolveArchiveExport,
  decide: decideArchiveExport,
  schemaVersions: { ArchiveExportRequested: 1, ArchiveExportCompleted: 1, ArchiveExportFailed: 1 },
};
