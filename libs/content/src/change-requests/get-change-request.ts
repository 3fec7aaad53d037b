import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ChangeRequestView, ChangeRequestViews } from './change-request-views';
import { MergeReadiness } from './merge-readiness';
import { SpaceQuery } from '../spaces/space-scope';

export class GetChangeRequest extends SpaceQuery<{ changeRequest: string }, ChangeRequestView> {}

/**
 * GET /v1/spaces/{spaceId}/change-requests/{changeRequestId} (an id or a number): anyone who can
 * see the space; with whether the caller could merge it now (`mergeability`).
 */
@QueryHandler(GetChangeRequest)
export class GetChangeRequestHandler implements IQueryHandler<GetChangeRequest> {
  constructor(
    private readonly views: ChangeRequestViews,
    private readonly readiness: MergeReadiness,
  ) {}

  async execute({ props: { changeRequest }, scope }: GetChangeRequest): Promise<ChangeRequestView> {
    const doc = await this.views.findIn(scope, changeRequest);
    const spaceView = await scope.view();
    const [view, mergeability] = await Promise.all([
      this.views.view(spaceView.space, doc),
      this.readiness.mergeability(spaceView, doc, scope.actor),
    ]);
    return { ...view, mergeability };
  }
}
