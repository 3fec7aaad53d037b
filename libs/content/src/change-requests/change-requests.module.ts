import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { ChangeRequestViews } from './change-request-views';
import { ChangeRequestWriter } from './change-request-writer';
import { CreateChangeRequestHandler } from './create-change-request';
import { EditChangeRequestContentHandler } from './edit-change-request-content';
import { FileUploads } from './file-uploads';
import { DocumentBodies } from './document-bodies';
import { MergeChangeRequestHandler } from './merge-change-request';
import { MergeReadiness } from './merge-readiness';
import { UpdateChangeRequestFromMainHandler } from './update-change-request-from-main';
import { GetChangeRequestHandler } from './get-change-request';
import { ListChangeRequestsHandler } from './list-change-requests';
import { UpdateChangeRequestHandler } from './update-change-request';
import { ChangeRequestsController } from './http/change-requests.controller';
import { ChangeRequestsPresenter } from './http/change-requests.presenter';
import { ChangeRequestsReadModel } from './change-requests.read-model';
import { RevisionsModule } from '../revisions/revisions.module';
import { SpacesModule } from '../spaces/spaces.module';
import { SignedUrlsModule } from '../signed-urls/signed-urls.module';
import { ListReviewersHandler } from './reviewers/list-reviewers';
import { RemoveReviewerHandler } from './reviewers/remove-reviewer';
import { RequestReviewersHandler } from './reviewers/request-reviewers';
import { ChangeRequestReviewersController } from './reviewers/change-request-reviewers.controller';
import { ChangeRequestReviewersPresenter } from './reviewers/change-request-reviewers.presenter';
import { ChangeRequestReviewersReadModel } from './reviewers/change-request-reviewers.read-model';
import { ChangeRequestReviewsController } from './reviews/change-request-reviews.controller';
import { ChangeRequestReviewsPresenter } from './reviews/change-request-reviews.presenter';
import { ChangeRequestReviewsReadModel } from './reviews/change-request-reviews.read-model';
import { GetChangeRequestReviewHandler } from './reviews/get-review';
import { ListChangeRequestReviewsHandler } from './reviews/list-reviews';
import { SubmitChangeRequestReviewHandler } from './reviews/submit-review';

/**
 * Change requests of a space: create (the number allocated on the space), list by status, read by
 * id or number, change the subject and status; edit their content (pages and files, one revision
 * per batch), merge them into the live content and pull the live content in (three-way merges);
 * requested reviewers and reviews.
 */
@Module({
  imports: [OrganizationsModule, SpacesModule, RevisionsModule, SignedUrlsModule],
  controllers: [ChangeRequestsController, ChangeRequestReviewersController, ChangeRequestReviewsController],
  providers: [
    ChangeRequestWriter,
    ChangeRequestsReadModel,
    ChangeRequestViews,
    ChangeRequestsPresenter,
    CreateChangeRequestHandler,
    ListChangeRequestsHandler,
    GetChangeRequestHandler,
    UpdateChangeRequestHandler,
    FileUploads,
    DocumentBodies,
    EditChangeRequestContentHandler,
    MergeChangeRequestHandler,
    MergeReadiness,
    UpdateChangeRequestFromMainHandler,
    ChangeRequestReviewersReadModel,
    ChangeRequestReviewersPresenter,
    RequestReviewersHandler,
    ListReviewersHandler,
    RemoveReviewerHandler,
    ChangeRequestReviewsReadModel,
    ChangeRequestReviewsPresenter,
    SubmitChangeRequestReviewHandler,
    ListChangeRequestReviewsHandler,
    GetChangeRequestReviewHandler,
  ],
  exports: [ChangeRequestViews, ChangeRequestsReadModel, ChangeRequestWriter, ChangeRequestsPresenter],
})
export class ChangeRequestsModule {}
