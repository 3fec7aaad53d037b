import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ChangeRequestView, ChangeRequestViews } from './change-request-views';
import { SpaceQuery } from '../spaces/space-scope';

export class GetChangeRequest extends SpaceQuery<{ changeRequest: string }, ChangeRequestView> {}

/** GET /v1/spaces/{spaceId}/change-requests/{changeRequestId} (an id or a number): anyone who can see the space. */
@QueryHandler(GetChangeRequest)
export class GetChangeRequestHandler implements IQueryHandler<GetChangeRequest> {
  constructor(private readonly views: ChangeRequestViews) {}

  async execute({ props: { changeRequest }, scope }: GetChangeRequest): Promise<ChangeRequestView> {
    const space = await scope.space();
    return this.views.view(space, await this.views.find(space.id, changeRequest));
  }
}
