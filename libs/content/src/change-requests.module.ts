import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { ChangeRequestViews } from './application/change-request-views';
import { ChangeRequestWriter } from './application/change-request-writer';
import { CreateChangeRequestHandler } from './application/create-change-request';
import { EditChangeRequestContentHandler } from './application/edit-change-request-content';
import { FileUploads } from './application/file-uploads';
import { MergeChangeRequestHandler } from './application/merge-change-request';
import { UpdateChangeRequestFromMainHandler } from './application/update-change-request-from-main';
import { GetChangeRequestHandler } from './application/get-change-request';
import { ListChangeRequestsHandler } from './application/list-change-requests';
import { UpdateChangeRequestHandler } from './application/update-change-request';
import { ChangeRequestsController } from './http/change-requests.controller';
import { ChangeRequestsPresenter } from './http/change-requests.presenter';
import { ChangeRequestsReadModel } from './projections/change-requests.read-model';
import { RevisionsModule } from './revisions.module';
import { SpacesModule } from './spaces/spaces.module';
import { ListReviewersHandler } from './application/list-reviewers';
import { RemoveReviewerHandler } from './application/remove-reviewer';
import { RequestReviewersHandler } from './application/request-reviewers';
import { ChangeRequestReviewersController } from './http/change-request-reviewers.controller';
import { ChangeRequestReviewersPresenter } from './http/change-request-reviewers.presenter';
import { ChangeRequestReviewersReadModel } from './projections/change-request-reviewers.read-model';

/**
 * Change requests of a space: create (the number allocated on the space), list by status, read by
 * id or number, change the subject and status; edit their content (pages and files, one revision
 * per batch), merge them into the live content and pull the live content in (three-way merges);
 * requested reviewers.
 */
@Module({
  imports: [OrganizationsModule, SpacesModule, RevisionsModule],
  controllers: [ChangeRequestsController, ChangeRequestReviewersController],
  providers: [
    ChangeRequestWriter, ChangeRequestsReadModel, ChangeRequestViews, ChangeRequestsPresenter,
    CreateChangeRequestHandler, ListChangeRequestsHandler, GetChangeRequestHandler, UpdateChangeRequestHandler,
    FileUploads, EditChangeRequestContentHandler, MergeChangeRequestHandler, UpdateChangeRequestFromMainHandler,
    ChangeRequestReviewersReadModel, ChangeRequestReviewersPresenter, RequestReviewersHandler, ListReviewersHandler, RemoveReviewerHandler,
  ],
  exports: [ChangeRequestViews, ChangeRequestsReadModel, ChangeRequestWriter, ChangeRequestsPresenter],
})
export class ChangeRequestsModule {}
