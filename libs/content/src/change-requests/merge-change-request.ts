import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { conflict, WorkPool } from '@docs/platform';
import { mergeIntoLive } from './change-request.decider';
import { filesMissingFrom } from '../page-tree/content-files.domain';
import { hashesToMerge } from '../page-tree/merge.domain';
import { lineMergesOffLoop } from '../page-tree/body-merges';
import { ChangeRequestViews } from './change-request-views';
import { ChangeRequestWriter } from './change-request-writer';
import { MergeReadiness } from './merge-readiness';
import { requireMergeable } from './merge-rules.domain';
import { RevisionTrees } from '../revisions/revision-trees';
import { SpaceCommand } from '../spaces/space-scope';
import { SpaceWriter } from '../spaces/space-writer';

export interface ContentSynced {
  revision: string;
  result: 'merge' | 'update';
}

export class MergeChangeRequest extends SpaceCommand<{ changeRequest: string }, ContentSynced> {}

/**
 * POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/merge: reviewers and more. A
 * three-way merge of the change request onto the live content, with the live revision it last
 * synced from as the base: pages merge one by one (adds, deletes, moves, metadata), bodies line by
 * line (large ones in work threads, body-merges.ts). A conflict is 409 naming the pages, and nothing changes. Otherwise the live content
 * advances (the space checks it is still the revision merged onto, and not locked), then the
 * change request is marked merged. A merge the merge rules do not allow (merge-rules.domain.ts) is
 * a 409 naming every unmet rule, checked before anything changes.
 */
@CommandHandler(MergeChangeRequest)
export class MergeChangeRequestHandler implements ICommandHandler<MergeChangeRequest> {
  constructor(
    private readonly spaces: SpaceWriter,
    private readonly writer: ChangeRequestWriter,
    private readonly views: ChangeRequestViews,
    private readonly trees: RevisionTrees,
    private readonly work: WorkPool,
    private readonly readiness: MergeReadiness,
  ) {}

  async execute({ props: { changeRequest }, scope }: MergeChangeRequest): Promise<ContentSynced> {
    const { space } = await scope.requirePermission('merge', 'merging');
    const cr = await this.views.find(space.id, changeRequest);
    if (cr.status === 'merged' || cr.status === 'archived') throw conflict(`the change request is ${cr.status}: merging is not possible`);
    if (space.editMode === 'locked') throw conflict('the space is locked: merging is not possible');
    // Before the live content moves: the change request's decision checks the rules again, on its stream.
    requireMergeable(await this.readiness.verdict(space, cr, scope.actor));
    const [base, live, theirs] = await Promise.all([
      this.trees.content(space.id, cr.revisionMergedAncestor),
      this.trees.content(space.id, space.revision),
      this.trees.content(space.id, cr.revision),
    ]);
    const bodies = await this.trees.bodies(hashesToMerge(base.tree, live.tree, theirs.tree));
    const lineMerges = await lineMergesOffLoop(this.work, base.tree, live.tree, theirs.tree, bodies, space.organizationId);
    const changes = mergeIntoLive(base.tree, live.tree, theirs.tree, bodies, lineMerges);
    const files = filesMissingFrom(live.files, theirs.files);
    const revisionMerged = scope.createdId('revision');
    await this.spaces.execute(
      space.id,
      {
        type: 'ChangeLiveContent',
        revisionId: revisionMerged,
        expectedRevision: space.revision,
        parents: [space.revision, cr.revision],
        changes,
        ...(files.length > 0 ? { files } : {}),
        changeRequestId: cr.id,
      },
      scope,
    );
    await this.writer.execute(cr.id, { type: 'MergeChangeRequest', revisionMerged, onto: space.revision }, scope);
    scope.refresh();
    return { revision: revisionMerged, result: 'merge' };
  }
}
