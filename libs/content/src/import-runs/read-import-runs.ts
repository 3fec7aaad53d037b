import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { OrganizationQuery } from '@docs/organizations';
import { ImportRunDoc, ImportRunFilters, ImportRunsReadModel } from './import-runs.read-model';

const GUESTS = 'guests cannot see the import runs of an organization';

export class GetImportRun extends OrganizationQuery<{ importRunId: string }, ImportRunDoc> {}
export class ListImportRuns extends OrganizationQuery<{ filters: ImportRunFilters; page: Page }, FindResult<ImportRunDoc>> {}

/** getImportRun: members with a role (guests 403, others 404). */
@QueryHandler(GetImportRun)
export class GetImportRunHandler implements IQueryHandler<GetImportRun> {
  constructor(private readonly read: ImportRunsReadModel) {}

  async execute({ props: { importRunId }, scope }: GetImportRun): Promise<ImportRunDoc> {
    await scope.requireRole(GUESTS);
    return this.read.get(scope.organizationId, importRunId);
  }
}

/** listImportRuns: members with a role; newest first, filtered by target space, change request, site or status. */
@QueryHandler(ListImportRuns)
export class ListImportRunsHandler implements IQueryHandler<ListImportRuns> {
  constructor(private readonly read: ImportRunsReadModel) {}

  async execute({ props: { filters, page }, scope }: ListImportRuns): Promise<FindResult<ImportRunDoc>> {
    await scope.requireRole(GUESTS);
    return this.read.filtered(scope.organizationId, filters, page);
  }
}
