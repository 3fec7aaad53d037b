import { Param, Query } from '@nestjs/common';
import { ApiController, Endpoint, Operation, pageOf, PageQuery, UseCaseRoutes } from '@docs/platform';
import { SpaceScope } from '../../spaces/space-scope';
import { InSpace } from '../../spaces/http/space-scope.pipe';
import { ListContributors } from './list-contributors';
import { ChangeRequestContributorsPresenter } from './change-request-contributors.presenter';
import { ChangeRequestUserContributorResponse } from './contributor.response';

/** The users who contributed to a change request (`{changeRequestId}`: its id or its number). */
@ApiController('v1/spaces/:spaceId/change-requests/:changeRequestId/contributors', 'change-request-contributors')
export class ChangeRequestContributorsController extends UseCaseRoutes(ChangeRequestContributorsPresenter) {
  @Endpoint('GET', '', { answers: [ChangeRequestUserContributorResponse] })
  @Operation(
    'getContributorsByChangeRequestId',
    'List the users who contributed to a change request (its creator and its editors), the most recent contribution first',
  )
  async list(@InSpace() scope: SpaceScope, @Param('changeRequestId') changeRequestId: string, @Query() query: PageQuery) {
    const list = new ListContributors({ changeRequest: changeRequestId, page: pageOf(query) }, scope);
    return this.presentPage(list, (view) => this.present.contributor(view));
  }
}
