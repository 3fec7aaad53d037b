import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { ChangeRequestViews } from './application/change-request-views';
import { ChangeRequestWriter } from './application/change-request-writer';
import { CreateChangeRequestHandler } from './application/create-change-request';
import { GetChangeRequestHandler } from './application/get-change-request';
import { ListChangeRequestsHandler } from './application/list-change-requests';
import { UpdateChangeRequestHandler } from './application/update-change-request';
import { ChangeRequestsController } from './http/change-requests.controller';
import { ChangeRequestsPresenter } from './http/change-requests.presenter';
import { ChangeRequestsReadModel } from './projections/change-requests.read-model';
import { SpacesModule } from './spaces.module';

/**
 * Change requests of a space: create (the number allocated on the space), list by status, read by
 * id or number, change the subject and status. Content edits, merges and reviewers come next.
 */
@Module({
  imports: [OrganizationsModule, SpacesModule],
  controllers: [ChangeRequestsController],
  providers: [
    ChangeRequestWriter, ChangeRequestsReadModel, ChangeRequestViews, ChangeRequestsPresenter,
    CreateChangeRequestHandler, ListChangeRequestsHandler, GetChangeRequestHandler, UpdateChangeRequestHandler,
  ],
})
export class ChangeRequestsModule {}
