import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { APP_CONFIG, AppConfig, conflict, invalid, notFound } from '@docs/platform';
import { OrganizationCommand, OrganizationSites } from '@docs/organizations';
import { ImportTargets } from '../import/import-target';
import { ImportRunSource, ImportRunTarget } from './import-run.decider';
import { ImportRunWriter } from './import-run-writer';
import { ImportRunDoc, ImportRunsReadModel } from './import-runs.read-model';
import { ImportRunScopes } from './import-run-scope';
import { namedFiles } from './import-file-kinds';

export class StartImportRun extends OrganizationCommand<
  { source: ImportRunSource; target: ImportRunTarget; site?: string },
  ImportRunDoc
> {}

/**
 * startImportRun: editors of the target space (and more). What can be checked now is, so a bad
 * run is a 4xx rather than a failed run: the space is the organization's and visible (else 404),
 * the caller may edit it (403), it is not locked and the change request is open (409), the page
 * is in the target content (404), the site is the organization's (404), and a `file` source names
 * files of the target content of a kind it imports (400 naming the kinds; a zip archive alone).
 * An organization has at most IMPORT_RUNS_ACTIVE_MAX runs pending or in progress (409 past it;
 * two starts racing may both pass: the cap bounds a queue, it is not a quota). The run is then
 * recorded `pending`; the processor does the work in the background.
 */
@CommandHandler(StartImportRun)
export class StartImportRunHandler implements ICommandHandler<StartImportRun> {
  constructor(
    private readonly writer: ImportRunWriter,
    private readonly read: ImportRunsReadModel,
    private readonly scopes: ImportRunScopes,
    private readonly targets: ImportTargets,
    private readonly sites: OrganizationSites,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ props: { source, target, site }, scope }: StartImportRun): Promise<ImportRunDoc> {
    await scope.member();
    const spaceScope = this.scopes.of(target.space, scope.caller);
    const opened = await this.targets.open(spaceScope, target.changeRequest);
    if (opened.space.organizationId !== scope.organizationId) throw notFound('space not found');
    if (target.page !== undefined || source.type === 'file') {
      const content = await this.targets.content(opened);
      if (target.page !== undefined && !content.tree.has(target.page))
        throw notFound(`target.page not found: ${target.page.slice(0, 100)}`);
      if (source.type === 'file') namedFiles(content.files, source.files);
    }
    if (site !== undefined && !(await this.sites.has(scope.organizationId, site))) throw notFound('site not found');
    if (source.type === 'website' && !URL.canParse(source.url)) throw invalid('source.url must be an http(s) URL');
    const max = this.config.importRunsActiveMax;
    if ((await this.read.activeIn(scope.organizationId)) >= max)
      throw conflict(`the organization has ${max} import runs pending or in progress, the most it may: wait for one to end, or cancel one`);

    const importRunId = scope.createdId('importRun');
    await this.writer.execute(
      importRunId,
      {
        type: 'StartImportRun',
        organizationId: scope.organizationId,
        importRunId,
        source,
        target: { space: opened.space.id, ...(opened.changeRequest ? { changeRequest: opened.changeRequest.id } : {}), ...pageOf(target) },
        ...(site !== undefined ? { site } : {}),
      },
      scope,
    );
    return this.read.get(scope.organizationId, importRunId);
  }
}

const pageOf = (target: ImportRunTarget) => (target.page !== undefined ? { page: target.page } : {});
