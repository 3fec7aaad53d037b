import { Module } from '@nestjs/common';
import { GitSyncReadModel } from '../git-sync/git-sync.read-model';
import { OrganizationsModule } from '@docs/organizations';
import { ChangeRequestsModule } from '../change-requests/change-requests.module';
import { DownloadFileHandler } from './download-file';
import { DownloadSignedFileHandler } from './download-signed-file';
import { GetFileHandler } from './get-file';
import { GetPageHandler } from './get-page';
import { GetPageByPathHandler } from './get-page-by-path';
import { GetRevisionHandler } from './get-revision';
import { ListFilesHandler } from './list-files';
import { ListPagesHandler } from './list-pages';
import { ContentAt } from '../revisions/read-content';
import { ContentPresenter } from './content.presenter';
import { PageBodies } from './page-bodies';
import { FileDownloadsController, SignedFileDownloadsController } from './file-downloads.controller';
import { ChangeRequestContentController, LiveContentController, RevisionsController } from './content-reads.controller';
import { RevisionsModule } from '../revisions/revisions.module';
import { SpacesModule } from '../spaces/spaces.module';
import { SignedUrlsModule } from '../signed-urls/signed-urls.module';

/**
 * Content reads (docs/content-api.md, "Operations: content reads"): a revision, its page tree, its
 * files, one page (with its body, markdown or document) by id or path, each of the live content, of a change request
 * and of any revision by id, read from the revisions read model through `RevisionTrees`.
 */
@Module({
  imports: [OrganizationsModule, SpacesModule, RevisionsModule, ChangeRequestsModule, SignedUrlsModule],
  controllers: [
    LiveContentController,
    ChangeRequestContentController,
    RevisionsController,
    FileDownloadsController,
    SignedFileDownloadsController,
  ],
  providers: [
    ContentAt,
    ContentPresenter,
    PageBodies,
    GetRevisionHandler,
    GitSyncReadModel,
    ListPagesHandler,
    ListFilesHandler,
    GetFileHandler,
    GetPageHandler,
    GetPageByPathHandler,
    DownloadFileHandler,
    DownloadSignedFileHandler,
  ],
})
export class ContentReadsModule {}
