import { Body, Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, pageOf, UseCaseRoutes } from '@docs/platform';
import { OrganizationScope, OrgScope } from '@docs/organizations';
import { CancelImportRun } from './cancel-import-run';
import { ImportRunSource } from './import-run.decider';
import { ListImportRunsQuery, StartImportRunBody } from './import-run.dto';
import { ImportRunResponse } from './import-run.response';
import { ImportRunsPresenter } from './import-runs.presenter';
import { GetImportRun, ListImportRuns } from './read-import-runs';
import { StartImportRun } from './start-import-run';

/** Import runs (docs/content-api.md, "Import runs"): website and file imports that run in the background. */
@ApiController('v1/org/:organizationId', 'imports')
export class ImportRunsController extends UseCaseRoutes(ImportRunsPresenter) {
  @Endpoint('POST', 'imports', { status: 201, answers: ImportRunResponse, located: true })
  @Operation('startImportRun', 'Import content into a space from a website or from files of the space, in the background')
  async start(@OrgScope() scope: OrganizationScope, @Body() body: StartImportRunBody) {
    const { source, target, site } = body;
    const from: ImportRunSource =
      source.type === 'website' ? { type: 'website', url: source.url! } : { type: 'file', files: source.files! };
    const run = await this.useCases.command(
      new StartImportRun(
        {
          source: from,
          target: {
            space: target.space,
            ...(target.changeRequest !== undefined ? { changeRequest: target.changeRequest } : {}),
            ...(target.page !== undefined ? { page: target.page } : {}),
          },
          ...(site !== undefined ? { site } : {}),
        },
        scope,
      ),
    );
    return this.present.run(run);
  }

  @Endpoint('GET', 'imports', { answers: [ImportRunResponse] })
  @Operation('listImportRuns', 'List the import runs of an organization, most recent first')
  async list(@OrgScope() scope: OrganizationScope, @Query() query: ListImportRunsQuery) {
    const { space, changeRequest, site, status } = query;
    const filters = { space, changeRequest, site, status };
    return this.presentPage(new ListImportRuns({ filters, page: pageOf(query) }, scope), (run) => this.present.run(run));
  }

  @Endpoint('GET', 'imports/:importRunId', { answers: ImportRunResponse })
  @Operation('getImportRun', 'Get an import run')
  async get(@OrgScope() scope: OrganizationScope, @Param('importRunId') importRunId: string) {
    return this.present.run(await this.useCases.query(new GetImportRun({ importRunId }, scope)));
  }

  @Endpoint('POST', 'imports/:importRunId/cancel', { status: 200, answers: ImportRunResponse })
  @Operation('cancelImportRun', 'Cancel an import run')
  async cancel(@OrgScope() scope: OrganizationScope, @Param('importRunId') importRunId: string) {
    return this.present.run(await this.useCases.command(new CancelImportRun({ importRunId }, scope)));
  }
}
