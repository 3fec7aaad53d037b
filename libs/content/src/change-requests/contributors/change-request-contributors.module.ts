import { Module } from '@nestjs/common';
import { OrganizationsModule } from '@docs/organizations';
import { ChangeRequestsModule } from '../change-requests.module';
import { SpacesModule } from '../../spaces/spaces.module';
import { ChangeRequestContributorsController } from './change-request-contributors.controller';
import { ChangeRequestContributorsPresenter } from './change-request-contributors.presenter';
import { ChangeRequestContributorsReadModel } from './change-request-contributors.read-model';
import { ListContributorsHandler } from './list-contributors';

/** Who contributed to a change request (getContributorsByChangeRequestId). */
@Module({
  imports: [OrganizationsModule, SpacesModule, ChangeRequestsModule],
  controllers: [ChangeRequestContributorsController],
  providers: [ChangeRequestContributorsReadModel, ChangeRequestContributorsPresenter, ListContributorsHandler],
})
export class ChangeRequestContributorsModule {}
