import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { ChangeRequestStatus } from './change-request.events';
import { ChangeRequestsReadModel } from './change-requests.read-model';
import { ChangeRequestView, ChangeRequestViews } from './change-request-views';
import { SpaceQuery } from '../spaces/space-scope';

export class ListChangeRequests extends SpaceQuery<
  { status: ChangeRequestStatus | 'all'; contributor?: string; page: Page },
  FindResult<ChangeRequestView>
> {}

/**
 * GET /v1/spaces/{spaceId}/change-requests: the space's change requests in one status (open by
 * default, `all` for every status), most recently updated first (GitBook's default order), or only
 * those `contributor` created or edited; anyone who can see the space.
 */
@QueryHandler(ListChangeRequests)
export class ListChangeRequestsHandler implements IQueryHandler<ListChangeRequests> {
  constructor(
    private readonly changeRequests: ChangeRequestsReadModel,
    private readonly views: ChangeRequestViews,
  ) {}

  async execute({ props: { status, contributor, page }, scope }: ListChangeRequests): Promise<FindResult<ChangeRequestView>> {
    const space = await scope.space();
    const result = await this.changeRequests.list(space.id, status, page, contributor);
    return { ...result, items: await this.views.views(space, result.items) };
  }
}
