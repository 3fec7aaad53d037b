import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ChangeRequestViews } from '../change-requests/change-request-views';
import { RevisionTrees } from '../revisions/revision-trees';
import { SpaceQuery } from '../spaces/space-scope';
import { ChangesView, cut } from './changes-view';
import { RevisionDiffs } from './revision-diffs';

export class GetChangeRequestChanges extends SpaceQuery<{ changeRequest: string; limit: number }, ChangesView> {}

/**
 * GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/changes (an id or a number): what the
 * change request changes, from the live revision it last synced from (`revisionMergedAncestor`:
 * its base, `revisionInitial` until an update from main) to its current revision; anyone who can
 * see the space (404 otherwise, and for a change request of another space).
 */
@QueryHandler(GetChangeRequestChanges)
export class GetChangeRequestChangesHandler implements IQueryHandler<GetChangeRequestChanges> {
  constructor(
    private readonly changeRequests: ChangeRequestViews,
    private readonly trees: RevisionTrees,
    private readonly diffs: RevisionDiffs,
  ) {}

  async execute({ props: { changeRequest, limit }, scope }: GetChangeRequestChanges): Promise<ChangesView> {
    const cr = await this.changeRequests.findIn(scope, changeRequest);
    const [base, head] = await Promise.all([
      this.trees.content(cr.spaceId, cr.revisionMergedAncestor),
      this.trees.content(cr.spaceId, cr.revision),
    ]);
    const changes = await this.diffs.between(base, head);
    return { spaceId: cr.spaceId, before: base.revision.id, after: head.revision.id, ...cut(changes, limit) };
  }
}
