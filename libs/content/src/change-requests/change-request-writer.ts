import { Injectable } from '@nestjs/common';
import { AggregateWriter, WriteKit } from '@docs/platform';
import { changeRequestAggregate, ChangeRequestCommand, ChangeRequestFacts, ChangeRequestState } from './change-request.decider';
import { ChangeRequestEvent } from './change-request.events';
import { hashesToMerge } from '../page-tree/merge.domain';
import { ChangeRequestsReadModel } from './change-requests.read-model';
import { RevisionTrees } from '../revisions/revision-trees';
import { SpaceAccess } from '../spaces/space-access';
import { SpaceScope } from '../spaces/space-scope';
import { MergeReadiness } from './merge-readiness';

/**
 * Writes change requests, always in the request's space scope. Every decision needs the caller's
 * effective role in the space and whether the space is locked; content decisions also get the trees
 * involved (read at the change request's revision, which the decider checks is still current),
 * reviewer requests who can see the space. A space the caller cannot see is 404 first.
 */
@Injectable()
export class ChangeRequestWriter extends AggregateWriter<
  ChangeRequestState,
  ChangeRequestCommand,
  ChangeRequestEvent,
  ChangeRequestFacts,
  SpaceScope
> {
  constructor(
    kit: WriteKit,
    private readonly changeRequests: ChangeRequestsReadModel,
    private readonly trees: RevisionTrees,
    private readonly access: SpaceAccess,
    private readonly readiness: MergeReadiness,
  ) {
    super(kit, changeRequestAggregate);
  }

  protected override async facts(changeRequestId: string, command: ChangeRequestCommand, scope: SpaceScope): Promise<ChangeRequestFacts> {
    const { space, role } = await scope.view();
    const facts: ChangeRequestFacts = { role, locked: space.editMode === 'locked' };
    if (command.type === 'RequestReviewers') return { ...facts, canSee: await this.whoCanSee(scope, command.userIds) };
    if (command.type === 'SubmitChangeRequestReview') return { ...facts, caller: scope.actor };
    if (
      command.type !== 'EditChangeRequestContent' &&
      command.type !== 'UpdateChangeRequestFromMain' &&
      command.type !== 'MergeChangeRequest'
    )
      return facts;
    const doc = await this.changeRequests.byId(space.id, changeRequestId);
    if (!doc) return facts;
    facts.revision = doc.revision;
    if (command.type === 'MergeChangeRequest') return { ...facts, caller: scope.actor, mergeRules: await this.readiness.rulesFor(space) };
    const [current, base] = await Promise.all([
      this.trees.content(space.id, doc.revision),
      this.trees.content(space.id, doc.revisionMergedAncestor),
    ]);
    Object.assign(facts, { tree: current.tree, files: current.files, base: base.tree });
    if (command.type === 'EditChangeRequestContent') {
      const reverted = command.edits.flatMap((e) => (e.operation === 'revert_page' ? [base.tree.get(e.page)?.bodyHash ?? ''] : []));
      facts.bodies = await this.trees.bodies(reverted);
      return facts;
    }
    const live = await this.trees.content(space.id, space.revision);
    facts.live = { revisionId: live.revision.id, tree: live.tree, files: live.files };
    facts.bodies = await this.trees.bodies(hashesToMerge(base.tree, current.tree, live.tree));
    return facts;
  }

  /** Which of these users can see the space (a reviewer must). */
  private async whoCanSee(scope: SpaceScope, userIds: readonly string[]): Promise<Set<string>> {
    const space = await scope.space();
    const seeing = new Set<string>();
    for (const userId of new Set(userIds)) {
      const facts = await this.access.callerFacts(space.organizationId, userId);
      if ((await this.access.rolesOn([space], facts)).get(space.id)) seeing.add(userId);
    }
    return seeing;
  }
}
