import { Aggregate, conflict, DomainEvent, notFound, Recorded } from '@docs/kernel';

/** GitBook's ContentImportSource: a website by URL, or files of the target space by key (their file ids). */
export type ImportRunSource = { type: 'website'; url: string } | { type: 'file'; files: string[] };

/** GitBook's ContentImportTarget: a space, optionally one of its change requests, optionally a page to import under. */
export interface ImportRunTarget {
  space: string;
  changeRequest?: string;
  page?: string;
}

/** A page an import created (GitBook's `pages` of ContentImportRun). */
export interface ImportedPageRef {
  id: string;
  sourceURL?: string;
  /** A folder made for a URL path (absent: a page of the source). */
  type?: 'folder';
}

export type ImportRunStatus = 'pending' | 'in-progress' | 'completed' | 'failed' | 'cancelled';

type RunIds = { organizationId: string; importRunId: string };

export type ImportRunRequested = DomainEvent<
  'ImportRunRequested',
  RunIds & { source: ImportRunSource; target: ImportRunTarget; site?: string }
>;
/** The run is at work: how much it has imported of how much it found (a restarted run starts counting again). */
export type ImportRunProgressed = DomainEvent<'ImportRunProgressed', RunIds & { importedResources: number; totalResources: number }>;
export type ImportRunCompleted = DomainEvent<
  'ImportRunCompleted',
  RunIds & { revision: string; importedResources: number; totalResources: number; pages: ImportedPageRef[] }
>;
export type ImportRunFailed = DomainEvent<'ImportRunFailed', RunIds & { reason: string }>;
export type ImportRunCancelled = DomainEvent<'ImportRunCancelled', RunIds>;

export type ImportRunEvent = ImportRunRequested | ImportRunProgressed | ImportRunCompleted | ImportRunFailed | ImportRunCancelled;

export type ImportRunCommand =
  | ({ type: 'StartImportRun' } & RunIds & { source: ImportRunSource; target: ImportRunTarget; site?: string })
  | { type: 'RecordImportRunProgress'; importedResources: number; totalResources: number }
  | { type: 'CompleteImportRun'; revision: string; importedResources: number; totalResources: number; pages: ImportedPageRef[] }
  | { type: 'FailImportRun'; reason: string }
  | { type: 'CancelImportRun' };

export interface ImportRunState {
  status: ImportRunStatus | 'none';
  organizationId?: string;
  importRunId?: string;
  importedResources: number;
  totalResources: number;
}

export const REASON_MAX = 1000;

export const initialImportRunState = (): ImportRunState => ({ status: 'none', importedResources: 0, totalResources: 0 });

export function evolveImportRun(state: ImportRunState, event: Recorded<ImportRunEvent>): ImportRunState {
  switch (event.type) {
    case 'ImportRunRequested':
      return {
        status: 'pending',
        organizationId: event.data.organizationId,
        importRunId: event.data.importRunId,
        importedResources: 0,
        totalResources: 0,
      };
    case 'ImportRunProgressed':
    case 'ImportRunCompleted': {
      const { importedResources, totalResources } = event.data;
      return { ...state, status: event.type === 'ImportRunCompleted' ? 'completed' : 'in-progress', importedResources, totalResources };
    }
    case 'ImportRunFailed':
      return { ...state, status: 'failed' };
    case 'ImportRunCancelled':
      return { ...state, status: 'cancelled' };
  }
}

const finished = (status: ImportRunState['status']) => status === 'completed' || status === 'failed' || status === 'cancelled';

/**
 * An import run's life: requested (pending), progressing (in progress), then exactly one of
 * completed, failed or cancelled. Who may start or cancel is decided before (the target space's
 * edit permission); the decider keeps the order of facts: nothing follows the end of a run, and
 * cancelling a cancelled run records nothing.
 */
export function decideImportRun(state: ImportRunState, command: ImportRunCommand): ImportRunEvent[] {
  if (command.type === 'StartImportRun') {
    if (state.status !== 'none') throw conflict('the import run already exists');
    const { type: _type, ...data } = command;
    return [{ type: 'ImportRunRequested', data }];
  }
  if (state.status === 'none') throw notFound('import run not found');
  const ids = { organizationId: state.organizationId!, importRunId: state.importRunId! };
  if (command.type === 'CancelImportRun') {
    if (state.status === 'cancelled') return [];
    if (finished(state.status)) throw conflict(`the import run is ${state.status}: it can no longer be cancelled`);
    return [{ type: 'ImportRunCancelled', data: ids }];
  }
  if (finished(state.status)) throw conflict(`the import run is ${state.status}`);
  switch (command.type) {
    case 'RecordImportRunProgress': {
      const { importedResources, totalResources } = command;
      return [{ type: 'ImportRunProgressed', data: { ...ids, importedResources, totalResources } }];
    }
    case 'CompleteImportRun': {
      const { type: _type, ...data } = command;
      return [{ type: 'ImportRunCompleted', data: { ...ids, ...data } }];
    }
    case 'FailImportRun':
      return [{ type: 'ImportRunFailed', data: { ...ids, reason: command.reason.slice(0, REASON_MAX) } }];
  }
}

/** An import run of an organization, in stream `importRun-<importRunId>`. */
export const importRunAggregate: Aggregate<ImportRunState, ImportRunCommand, ImportRunEvent> = {
  category: 'importRun',
  initialState: initialImportRunState,
  evolve: evolveImportRun,
  decide: decideImportRun,
  schemaVersions: {
    ImportRunRequested: 1,
    ImportRunProgressed: 1,
    ImportRunCompleted: 1,
    ImportRunFailed: 1,
    ImportRunCancelled: 1,
  },
};
