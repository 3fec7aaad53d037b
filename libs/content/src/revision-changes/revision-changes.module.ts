import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { ChangeRequestsModule } from '../change-requests/change-requests.module';
import { RevisionsModule } from '../revisions/revisions.module';
import { SpacesModule } from '../spaces/spaces.module';
import { DiffPageHandler } from './diff-page';
import { GetChangeRequestChangesHandler } from './get-change-request-changes';
import { GetRevisionChangesHandler } from './get-revision-changes';
import { PageLineDiffs } from './page-line-diffs';
import { RevisionChangesController } from './revision-changes.controller';
import { RevisionChangesPresenter } from './revision-changes.presenter';
import { RevisionDiffs } from './revision-diffs';

/**
 * What a change request or a revision changes (docs/content-design.md, "What a change request
 * changes"): semantic changes from the revisions' trees (no bodies read), and line diffs of a
 * page's markdown between two revisions (an extension).
 */
@Module({
  imports: [OrganizationsModule, SpacesModule, RevisionsModule, ChangeRequestsModule],
  controllers: [RevisionChangesController],
  providers: [
    RevisionDiffs,
    PageLineDiffs,
    RevisionChangesPresenter,
    GetChangeRequestChangesHandler,
    GetRevisionChangesHandler,
    DiffPageHandler,
  ],
})
export class RevisionChangesModule {}
