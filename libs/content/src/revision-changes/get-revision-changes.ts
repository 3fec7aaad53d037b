import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ChangeRequestViews } from '../change-requests/change-request-views';
import { RevisionTrees } from '../revisions/revision-trees';
import { SpaceQuery } from '../spaces/space-scope';
import { ChangesView, cut } from './changes-view';
import { RevisionDiffs } from './revision-diffs';

export class GetRevisionChanges extends SpaceQuery<{ revisionId: string; limit: number }, ChangesView> {}

/**
 * GET /v1/spaces/{spaceId}/revisions/{revisionId}/changes: what the revision changed from its
 * (first) parent: for an edit its parent, for a merge the live revision it was merged into (and
 * `mergedFrom`, the change request), for an update from main the change request's revision before
 * it; a space's first revision against nothing. Anyone who can see the space; another space's
 * revision is 404.
 */
@QueryHandler(GetRevisionChanges)
export class GetRevisionChangesHandler implements IQueryHandler<GetRevisionChanges> {
  constructor(
    private readonly changeRequests: ChangeRequestViews,
    private readonly trees: RevisionTrees,
    private readonly diffs: RevisionDiffs,
  ) {}

  async execute({ props: { revisionId, limit }, scope }: GetRevisionChanges): Promise<ChangesView> {
    const space = await scope.space();
    const head = await this.trees.content(space.id, revisionId);
    const { parents, type, changeRequestId } = head.revision;
    const parent = parents[0] === undefined ? null : await this.trees.content(space.id, parents[0]);
    const changes = await this.diffs.between(parent, head);
    const view: ChangesView = { spaceId: space.id, before: parent?.revision.id ?? null, after: revisionId, ...cut(changes, limit) };
    if (type !== 'merge' || changeRequestId === null) return view;
    const merged = await this.changeRequests.find(space.id, changeRequestId);
    return { ...view, mergedFrom: await this.changeRequests.view(space, merged) };
  }
}
