import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { ChangeRequestsModule } from '../change-requests/change-requests.module';
import { FileUploads } from '../change-requests/file-uploads';
import { CollectionsModule } from '../collections/collections.module';
import { ImportModule } from '../import/import.module';
import { RevisionsModule } from '../revisions/revisions.module';
import { SignedUrlsModule } from '../signed-urls/signed-urls.module';
import { SpacesModule } from '../spaces/spaces.module';
import { ArchiveExportRunner } from './archive-export-runner';
import { ArchiveExportWriter } from './archive-export-writer';
import { ArchiveDownloadsController, ArchiveExportsController } from './archive-export.controller';
import { ArchiveExportsReadModel } from './archive-exports.read-model';
import { ArchiveImportController } from './archive-import.controller';
import { ArchiveImporter, ImportArchiveHandler } from './archive-importer';
import { ArchiveLinkSigner } from './archive-link-signer';
import { DownloadArchiveHandler } from './download-archive';
import { GetArchiveExportHandler } from './get-archive-export';
import { ArchiveExportRequests } from './archive-export-requests';
import { RequestOrganizationArchiveExportHandler, RequestSpaceArchiveExportHandler } from './request-archive-export';

/**
 * Archives (docs/content-design.md, "Archives and the git layout"): zip archives of spaces in
 * GitBook's git layout, imported into a space or a change request (ArchiveImporter, also used by
 * GitBook's import runs), and exported as background jobs polled for a signed download URL.
 */
@Module({
  imports: [OrganizationsModule, SpacesModule, CollectionsModule, RevisionsModule, ChangeRequestsModule, SignedUrlsModule, ImportModule],
  controllers: [ArchiveImportController, ArchiveExportsController, ArchiveDownloadsController],
  providers: [
    FileUploads,
    ArchiveImporter,
    ImportArchiveHandler,
    ArchiveExportWriter,
    ArchiveExportsReadModel,
    ArchiveExportRunner,
    ArchiveExportRequests,
    ArchiveLinkSigner,
    RequestSpaceArchiveExportHandler,
    RequestOrganizationArchiveExportHandler,
    GetArchiveExportHandler,
    DownloadArchiveHandler,
  ],
  exports: [ArchiveImporter],
})
export class ArchivesModule {}
