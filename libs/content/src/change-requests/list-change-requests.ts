import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { FindResult, Page } from '@docs/platform';
import { ChangeRequestFilters, ChangeRequestOrder, ChangeRequestsReadModel } from './change-requests.read-model';
import { ChangeRequestView, ChangeRequestViews } from './change-request-views';
import { SpaceQuery } from '../spaces/space-scope';

export class ListChangeRequests extends SpaceQuery<
  { filters: ChangeRequestFilters; orderBy: ChangeRequestOrder; page: Page },
  FindResult<ChangeRequestView>
> {}

/**
 * GET /v1/spaces/{spaceId}/change-requests: the space's change requests in one status (open by
 * default, `all` for every status), or only those one user created, contributed to or is requested
 * to review, most recently updated (GitBook's default order) or created first; anyone who can see
 * the space.
 */
@QueryHandler(ListChangeRequests)
export class ListChangeRequestsHandler implements IQueryHandler<ListChangeRequests> {
  constructor(
    private readonly changeRequests: ChangeRequestsReadModel,
    private readonly views: ChangeRequestViews,
  ) {}

  async execute({ props: { filters, orderBy, page }, scope }: ListChangeRequests): Promise<FindResult<ChangeRequestView>> {
    const space = await scope.space();
    const result = await this.changeRequests.list(space.id, filters, orderBy, page);
    return { ...result, items: await this.views.views(space, result.items) };
  }
}
