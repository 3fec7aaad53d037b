import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { ChangeRequestsModule } from '../change-requests/change-requests.module';
import { FileUploads } from '../change-requests/file-uploads';
import { RevisionsModule } from '../revisions/revisions.module';
import { SpacesModule } from '../spaces/spaces.module';
import { ArchiveImporter, ImportArchiveHandler } from './archive-importer';
import { ArchiveImportController } from './archive-import.controller';

/**
 * Archives (docs/content-design.md, "Archives and the git layout"): zip archives of spaces in
 * GitBook's git layout, imported into a space or a change request (ArchiveImporter, also used by
 * GitBook's import runs) and exported as background jobs.
 */
@Module({
  imports: [OrganizationsModule, SpacesModule, RevisionsModule, ChangeRequestsModule],
  controllers: [ArchiveImportController],
  providers: [FileUploads, ArchiveImporter, ImportArchiveHandler],
  exports: [ArchiveImporter],
})
export class ArchivesModule {}
