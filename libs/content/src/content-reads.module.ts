import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { ChangeRequestsModule } from './change-requests/change-requests.module';
import { DownloadFileHandler } from './application/download-file';
import { GetFileHandler } from './application/get-file';
import { GetPageHandler } from './application/get-page';
import { GetPageByPathHandler } from './application/get-page-by-path';
import { GetRevisionHandler } from './application/get-revision';
import { ListFilesHandler } from './application/list-files';
import { ListPagesHandler } from './application/list-pages';
import { ContentAt } from './revisions/read-content';
import { ChangeRequestContentController } from './http/change-request-content.controller';
import { ContentPresenter } from './http/content.presenter';
import { FileDownloadsController } from './http/file-downloads.controller';
import { LiveContentController } from './http/live-content.controller';
import { RevisionsController } from './http/revisions.controller';
import { RevisionsModule } from './revisions/revisions.module';
import { SpacesModule } from './spaces/spaces.module';

/**
 * Content reads (docs/content-api.md, "Operations: content reads"): a revision, its page tree, its
 * files, one page (with its markdown) by id or path, each of the live content, of a change request
 * and of any revision by id, read from the revisions read model through `RevisionTrees`.
 */
@Module({
  imports: [OrganizationsModule, SpacesModule, RevisionsModule, ChangeRequestsModule],
  controllers: [LiveContentController, ChangeRequestContentController, RevisionsController, FileDownloadsController],
  providers: [
    ContentAt, ContentPresenter,
    GetRevisionHandler, ListPagesHandler, ListFilesHandler, GetFileHandler, GetPageHandler, GetPageByPathHandler,
    DownloadFileHandler,
  ],
})
export class ContentReadsModule {}
