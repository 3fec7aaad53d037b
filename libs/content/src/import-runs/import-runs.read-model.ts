import { defineReadModel, Doc, Filter, FindResult, OwnedDocs, Page, ReadModels, Sort, Provided } from '@docs/platform/projections';
import { ImportedPageRef, ImportRunSource, ImportRunStatus, ImportRunTarget } from './import-run.decider';

/** An import run as GETs answer it (GitBook's ContentImportRun, before presenting). */
export interface ImportRunDoc extends Doc {
  organizationId: string;
  status: ImportRunStatus;
  /** pending or in-progress: the `active` filter, and the processor's queue. */
  active: boolean;
  source: ImportRunSource;
  target: ImportRunTarget;
  /** The target's space and change request again, as filter columns. */
  space: string;
  changeRequest?: string;
  site?: string;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  startedAt?: string;
  completedAt?: string;
  reason?: string;
  importedResources: number;
  totalResources: number;
  revision?: string;
  pages?: ImportedPageRef[];
}

// listImportRuns: by organization, newest first, optionally by one filter (each its own index range);
// the processor's queue: the active runs, oldest first.
export const IMPORT_RUNS = defineReadModel<ImportRunDoc>({
  name: 'import_runs',
  lists: [
    ['organizationId', 'createdAt'],
    ['organizationId', 'space', 'createdAt'],
    ['organizationId', 'changeRequest', 'createdAt'],
    ['organizationId', 'site', 'createdAt'],
    ['organizationId', 'status', 'createdAt'],
    ['organizationId', 'active', 'createdAt'],
  ],
  indexes: [['active', 'createdAt']],
});

const NEWEST_FIRST: Sort = { field: 'createdAt', direction: 'desc' };

/** listImportRuns' filters; `active` covers pending and in-progress. */
export interface ImportRunFilters {
  space?: string;
  changeRequest?: string;
  site?: string;
  status?: ImportRunStatus | 'active';
}

/** An organization's import runs: one (404 unless the organization's), a filtered page of them, and the processor's queue. */
@Provided()
export class ImportRunsReadModel extends OwnedDocs<ImportRunDoc, 'organizationId'> {
  constructor(readModels: ReadModels) {
    super(readModels, IMPORT_RUNS, 'organizationId', 'import run not found', NEWEST_FIRST);
  }

  filtered(organizationId: string, filters: ImportRunFilters, page: Page): Promise<FindResult<ImportRunDoc>> {
    const where: Filter[] = [{ field: 'organizationId', op: 'eq', value: organizationId }];
    const { status, ...equal } = filters;
    for (const [field, value] of Object.entries(equal)) if (value !== undefined) where.push({ field, op: 'eq', value });
    if (status === 'active') where.push({ field: 'active', op: 'eq', value: true });
    else if (status !== undefined) where.push({ field: 'status', op: 'eq', value: status });
    return this.readModels.find(IMPORT_RUNS, { where, sort: NEWEST_FIRST, ...page });
  }

  /** How many of the organization's runs are pending or in progress (a counter). */
  activeIn(organizationId: string): Promise<number> {
    return this.readModels.count(IMPORT_RUNS, {
      where: [
        { field: 'organizationId', op: 'eq', value: organizationId },
        { field: 'active', op: 'eq', value: true },
      ],
    });
  }

  /** Runs pending or in progress (left by a process that stopped, at start-up), oldest first. */
  active(page: Page): Promise<FindResult<ImportRunDoc>> {
    return this.readModels.find(IMPORT_RUNS, {
      where: [{ field: 'active', op: 'eq', value: true }],
      sort: { field: 'createdAt', direction: 'asc' },
      ...page,
    });
  }
}
