import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ChangeRequestViews } from '../change-requests/change-request-views';
import { RevisionTrees } from '../revisions/revision-trees';
import { SpaceQuery } from '../spaces/space-scope';
import { PageDiffView, PageLineDiffs } from './page-line-diffs';

/** Where a page's line diff is taken: between two revisions of the space, or a change request's base and head. */
export type DiffSides = { revisionId: string; from: string } | { changeRequest: string };

export class DiffPage extends SpaceQuery<{ sides: DiffSides; pageId: string; context: number }, PageDiffView> {}

/**
 * GET /v1/spaces/{spaceId}/revisions/{revisionId}/pages/{pageId}/diff?from=… and
 * GET /v1/spaces/{spaceId}/change-requests/{changeRequestId}/pages/{pageId}/diff (this server's
 * extension): the page's markdown line by line, from one revision to the other; anyone who can see
 * the space. A revision or change request of another space is 404, and so is a page in neither.
 */
@QueryHandler(DiffPage)
export class DiffPageHandler implements IQueryHandler<DiffPage> {
  constructor(
    private readonly changeRequests: ChangeRequestViews,
    private readonly trees: RevisionTrees,
    private readonly diffs: PageLineDiffs,
  ) {}

  async execute({ props: { sides, pageId, context }, scope }: DiffPage): Promise<PageDiffView> {
    const space = await scope.space();
    const [from, to] =
      'changeRequest' in sides
        ? await this.changeRequests.find(space.id, sides.changeRequest).then((cr) => [cr.revisionMergedAncestor, cr.revision])
        : [sides.from, sides.revisionId];
    const [before, after] = await Promise.all([this.trees.content(space.id, from!), this.trees.content(space.id, to!)]);
    return this.diffs.diff(before, after, pageId, context);
  }
}
