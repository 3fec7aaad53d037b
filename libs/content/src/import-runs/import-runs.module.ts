import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { ArchivesModule } from '../archives/archives.module';
import { ImportModule } from '../import/import.module';
import { RevisionsModule } from '../revisions/revisions.module';
import { SpacesModule } from '../spaces/spaces.module';
import { ArchiveSource } from './archive-source';
import { CancelImportRunHandler } from './cancel-import-run';
import { FileSource } from './file-source';
import { ImportRunProcessor } from './import-run-processor';
import { ImportRunScopes } from './import-run-scope';
import { ImportRunWriter } from './import-run-writer';
import { ImportRunsController } from './import-runs.controller';
import { ImportRunsPresenter } from './import-runs.presenter';
import { ImportRunsReadModel } from './import-runs.read-model';
import { GetImportRunHandler, ListImportRunsHandler } from './read-import-runs';
import { StartImportRunHandler } from './start-import-run';
import { WebsiteSource } from './website-source';

/**
 * Import runs (issue 28, "Import runs"): GitBook's startImportRun, getImportRun, listImportRuns and
 * cancelImportRun; event-sourced runs (`importRun-<id>`), projected for the GETs, worked on in the
 * background by ImportRunProcessor.
 */
@Module({
  imports: [OrganizationsModule, SpacesModule, RevisionsModule, ImportModule, ArchivesModule],
  controllers: [ImportRunsController],
  providers: [
    ImportRunWriter,
    ImportRunsReadModel,
    ImportRunScopes,
    ImportRunsPresenter,
    StartImportRunHandler,
    CancelImportRunHandler,
    GetImportRunHandler,
    ListImportRunsHandler,
    WebsiteSource,
    FileSource,
    ArchiveSource,
    ImportRunProcessor,
  ],
})
export class ImportRunsModule {}
