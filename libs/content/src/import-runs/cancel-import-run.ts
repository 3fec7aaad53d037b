import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { OrganizationCommand } from '@docs/organizations';
import { ImportRunWriter } from './import-run-writer';
import { ImportRunDoc, ImportRunsReadModel } from './import-runs.read-model';
import { ImportRunScopes } from './import-run-scope';

export class CancelImportRun extends OrganizationCommand<{ importRunId: string }, ImportRunDoc> {}

/**
 * cancelImportRun: editors of the target space. A pending or running run is recorded cancelled
 * (the processor stops its work when it sees that, and writes nothing); a cancelled one is
 * answered as it is; a completed or failed one is 409.
 */
@CommandHandler(CancelImportRun)
export class CancelImportRunHandler implements ICommandHandler<CancelImportRun> {
  constructor(
    private readonly writer: ImportRunWriter,
    private readonly read: ImportRunsReadModel,
    private readonly scopes: ImportRunScopes,
  ) {}

  async execute({ props: { importRunId }, scope }: CancelImportRun): Promise<ImportRunDoc> {
    await scope.member();
    const run = await this.read.get(scope.organizationId, importRunId);
    await this.scopes.of(run.space, scope.caller).requirePermission('edit', 'cancelling an import', { inTrash: true });
    await this.writer.execute(importRunId, { type: 'CancelImportRun' }, scope);
    return this.read.get(scope.organizationId, importRunId);
  }
}
