import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { ChangeRequestsModule } from '../change-requests/change-requests.module';
import { FileUploads } from '../change-requests/file-uploads';
import { RevisionsModule } from '../revisions/revisions.module';
import { SpacesModule } from '../spaces/spaces.module';
import { GitSync } from './git-sync';
import { GitSyncController } from './git-sync.controller';
import { GitSyncReadModel } from './git-sync.read-model';
import { GitSyncWriter } from './git-sync-writer';
import { ExportToGitRepositoryHandler, GetSpaceGitInfoHandler, ImportGitRepositoryHandler } from './git-sync.use-cases';

/** Git sync with any remote (docs/content-api.md, "Git sync"). */
@Module({
  imports: [OrganizationsModule, SpacesModule, RevisionsModule, ChangeRequestsModule],
  controllers: [GitSyncController],
  providers: [
    FileUploads,
    GitSync,
    GitSyncReadModel,
    GitSyncWriter,
    ExportToGitRepositoryHandler,
    ImportGitRepositoryHandler,
    GetSpaceGitInfoHandler,
  ],
})
export class GitSyncModule {}
