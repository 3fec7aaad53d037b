import { Aggregate, conflict, invalid, MergeRulesConfiguration, notFound, Recorded, Role } from '@docs/kernel';
import { FileNode, filesMissingFrom } from '../page-tree/content-files.domain';
import { Bodies, LineMerges, MergeConflict, mergeTrees } from '../page-tree/merge.domain';
import { EditContext, PageEdit, planEdits } from '../page-tree/page-edits.domain';
import { PageTree, TreeChange } from '../page-tree/page-tree.domain';
import { ChangeRequestEvent, ChangeRequestIds, ChangeRequestStatus } from './change-request.events';
import { requireChangeRequestPermission } from './change-requests.policy';
import { requireMergeAllowed } from './merge-rules.domain';
import { decideReview, SubmitReview } from './reviews/change-request-review.decider';
import { ReviewStatus } from './reviews/change-request-review.events';

export interface ChangeRequestState {
  status: 'none' | ChangeRequestStatus;
  ids: ChangeRequestIds;
  subject: string;
  /** The change request's current revision. */
  revision: string;
  /** The live revision it last synced from: the base of merges and updates. */
  mergedAncestor: string;
  reviewers: ReadonlySet<string>;
  /** Who created it (reviews: an author never approves their own). */
  createdBy: string;
  /** Who requested each pending review, by reviewer. */
  requestedBy: ReadonlyMap<string, string>;
  /** The current reviews: each reviewer's latest review status of the current revision (merge rules read them). */
  reviews: ReadonlyMap<string, ReviewStatus>;
}

/**
 * Outside facts of change request decisions: the caller's role in the space, whether the space is
 * locked, and for content decisions the trees involved (read from the immutable revision read
 * model) with the bodies a merge or revert reads.
 */
export interface ChangeRequestFacts {
  role: Role | null;
  locked: boolean;
  /**
   * The revision `tree` and `files` were read at: a decision refuses to build on them (409, retry)
   * when the change request moved past it meanwhile.
   */
  revision?: string;
  /** The change request's current tree and files (edits, updates). */
  tree?: PageTree;
  files?: readonly FileNode[];
  /** The live revision id, tree and files (updates). */
  live?: { revisionId: string; tree: PageTree; files: readonly FileNode[] };
  /** The tree of `mergedAncestor` (merges, updates, reverts). */
  base?: PageTree;
  bodies?: Bodies;
  /** For reviewer requests: which users can see the space. */
  canSee?: ReadonlySet<string>;
  /** For reviews: who is submitting it; for merges: who is merging. */
  caller?: string;
  /** For merges: the merge rules the space's change requests follow (its own or its organization's). */
  mergeRules?: MergeRulesConfiguration;
}

export type ChangeRequestCommand =
  | ({ type: 'CreateChangeRequest'; number: number; subject: string; revisionInitial: string } & ChangeRequestIds)
  | { type: 'UpdateChangeRequest'; subject?: string; status?: Exclude<ChangeRequestStatus, 'merged'> }
  | { type: 'EditChangeRequestContent'; revisionId: string; edits: PageEdit[]; newPageIds: string[]; newFiles: FileNode[] }
  | { type: 'UpdateChangeRequestFromMain'; revisionId: string }
  /** `onto`: the live revision it is merged onto (the merge rules' "up to date" compares it with the last sync). */
  | { type: 'MergeChangeRequest'; revisionMerged: string; onto: string }
  | { type: 'RequestReviewers'; userIds: string[]; subject?: string }
  | { type: 'RemoveReviewer'; userId: string }
  | SubmitReview;

export function initialChangeRequestState(): ChangeRequestState {
  return {
    status: 'none',
    ids: { changeRequestId: '', spaceId: '', organizationId: '' },
    subject: '',
    revision: '',
    mergedAncestor: '',
    reviewers: new Set(),
    createdBy: '',
    requestedBy: new Map(),
    reviews: new Map(),
  };
}

export function evolveChangeRequest(state: ChangeRequestState, event: Recorded<ChangeRequestEvent>): ChangeRequestState {
  switch (event.type) {
    case 'ChangeRequestCreated': {
      const { changeRequestId, spaceId, organizationId, subject, revisionInitial } = event.data;
      return {
        ...initialChangeRequestState(),
        status: 'open',
        ids: { changeRequestId, spaceId, organizationId },
        subject,
        revision: revisionInitial,
        mergedAncestor: revisionInitial,
        createdBy: event.metadata.actor,
      };
    }
    case 'ChangeRequestSubjectChanged':
      return { ...state, subject: event.data.subject };
    case 'ChangeRequestStatusChanged':
      return { ...state, status: event.data.status };
    case 'ChangeRequestContentEdited':
      return { ...state, revision: event.data.revisionId, reviews: new Map() };
    case 'ChangeRequestUpdatedFromMain':
      return { ...state, revision: event.data.revisionId, mergedAncestor: event.data.parents[1], reviews: new Map() };
    case 'ChangeRequestMerged':
      return { ...state, status: 'merged' };
    case 'ReviewersRequested':
      return {
        ...state,
        reviewers: new Set([...state.reviewers, ...event.data.userIds]),
        requestedBy: new Map([...state.requestedBy, ...event.data.userIds.map((u): [string, string] => [u, event.metadata.actor])]),
      };
    case 'ReviewerRemoved':
      return {
        ...state,
        reviewers: new Set([...state.reviewers].filter((u) => u !== event.data.userId)),
        requestedBy: new Map([...state.requestedBy].filter(([u]) => u !== event.data.userId)),
      };
    case 'ChangeRequestReviewSubmitted':
      return { ...state, reviews: new Map([...state.reviews, [event.metadata.actor, event.data.status]]) };
  }
}

/** Status changes allowed through PATCH (merged only comes from a merge, and is final). */
const TRANSITIONS: ReadonlyMap<ChangeRequestStatus, readonly ChangeRequestStatus[]> = new Map([
  ['draft', ['open', 'archived']],
  ['open', ['draft', 'archived']],
  ['archived', ['open', 'draft']],
  ['merged', []],
]);

const describeConflicts = (conflicts: MergeConflict[]) =>
  `conflicts in pages: ${conflicts.map((c) => `${c.path || c.pageId} (${c.pageId}): ${c.reason}`).join('; ')}`;

function requireEditable(state: ChangeRequestState, facts: ChangeRequestFacts, action: string): void {
  if (state.status === 'merged' || state.status === 'archived')
    throw conflict(`the change request is ${state.status}: ${action} is not possible`);
  if (facts.locked) throw conflict(`the space is locked: ${action} is not possible`);
}

const need = <T>(value: T | undefined, what: string): T => {
  if (value === undefined) throw new Error(`change request decision without ${what}`);
  return value;
};

/** The trees in the facts were read at the change request's current revision (not one a concurrent write replaced). */
function requireCurrent(state: ChangeRequestState, facts: ChangeRequestFacts): void {
  if (need(facts.revision, 'the revision read') !== state.revision) throw conflict('the change request changed meanwhile; retry');
}

export function decideChangeRequest(
  state: ChangeRequestState,
  command: ChangeRequestCommand,
  facts: ChangeRequestFacts,
): ChangeRequestEvent[] {
  if (command.type === 'CreateChangeRequest') {
    requireChangeRequestPermission(facts.role, 'create', 'creating change requests');
    if (state.status !== 'none') throw conflict('change request already exists');
    const { type: _type, ...data } = command;
    return [{ type: 'ChangeRequestCreated', data }];
  }
  if (state.status === 'none') throw notFound('change request not found');
  const ids = state.ids;
  switch (command.type) {
    case 'UpdateChangeRequest': {
      requireChangeRequestPermission(facts.role, 'edit', 'changing a change request');
      const events: ChangeRequestEvent[] = [];
      if (command.status !== undefined && command.status !== state.status) {
        if (!TRANSITIONS.get(state.status)!.includes(command.status))
          throw conflict(`a ${state.status} change request cannot become ${command.status}`);
        events.push({ type: 'ChangeRequestStatusChanged', data: { ...ids, status: command.status, from: state.status } });
      }
      if (command.subject !== undefined && command.subject !== state.subject) {
        if (state.status === 'merged') throw conflict('a merged change request cannot be changed');
        events.push({ type: 'ChangeRequestSubjectChanged', data: { ...ids, subject: command.subject } });
      }
      return events;
    }
    case 'EditChangeRequestContent': {
      requireChangeRequestPermission(facts.role, 'edit', 'editing content');
      requireEditable(state, facts, 'editing');
      requireCurrent(state, facts);
      const context: EditContext = { newPageIds: command.newPageIds, base: facts.base ?? new Map(), baseBodies: facts.bodies ?? new Map() };
      const changes = planEdits(need(facts.tree, 'the tree'), command.edits, context);
      const files = command.newFiles;
      if (changes.length === 0 && files.length === 0) return [];
      return [
        {
          type: 'ChangeRequestContentEdited',
          data: {
            ...ids,
            revisionId: command.revisionId,
            parentRevisionId: state.revision,
            changes,
            ...(files.length > 0 ? { files } : {}),
          },
        },
      ];
    }
    case 'UpdateChangeRequestFromMain': {
      requireChangeRequestPermission(facts.role, 'updateFromMain', 'updating a change request');
      requireEditable(state, facts, 'updating');
      requireCurrent(state, facts);
      const live = need(facts.live, 'the live content');
      if (live.revisionId === state.mergedAncestor) return [];
      const outcome = mergeTrees(need(facts.base, 'the base'), need(facts.tree, 'the tree'), live.tree, need(facts.bodies, 'bodies'));
      if (!outcome.ok) throw conflict(describeConflicts(outcome.conflicts));
      const files = filesMissingFrom(need(facts.files, 'the files'), live.files);
      const data = {
        ...ids,
        revisionId: command.revisionId,
        parents: [state.revision, live.revisionId] as [string, string],
        changes: outcome.changes,
      };
      return [{ type: 'ChangeRequestUpdatedFromMain', data: files.length > 0 ? { ...data, files } : data }];
    }
    case 'MergeChangeRequest':
      requireChangeRequestPermission(facts.role, 'merge', 'merging');
      requireEditable(state, facts, 'merging');
      requireCurrent(state, facts);
      requireMergeAllowed(need(facts.mergeRules, 'the merge rules'), {
        author: state.createdBy,
        merger: need(facts.caller, 'the caller'),
        subject: state.subject,
        upToDate: state.mergedAncestor === command.onto,
        reviews: state.reviews,
        requestedReviewers: state.reviewers,
      });
      return [{ type: 'ChangeRequestMerged', data: { ...ids, revisionMerged: command.revisionMerged, from: state.status } }];
    case 'RequestReviewers': {
      requireChangeRequestPermission(facts.role, 'requestReviews', 'requesting reviews');
      if (state.status === 'merged') throw conflict('a merged change request cannot be reviewed');
      const blind = command.userIds.filter((u) => !facts.canSee?.has(u));
      if (blind.length > 0) throw invalid(`users: cannot see the space: ${blind.join(', ')}`);
      const events: ChangeRequestEvent[] = [];
      if (command.subject !== undefined && command.subject !== state.subject)
        events.push({ type: 'ChangeRequestSubjectChanged', data: { ...ids, subject: command.subject } });
      const added = [...new Set(command.userIds)].filter((u) => !state.reviewers.has(u));
      if (added.length > 0) events.push({ type: 'ReviewersRequested', data: { ...ids, userIds: added, revision: state.revision } });
      return events;
    }
    case 'RemoveReviewer':
      requireChangeRequestPermission(facts.role, 'requestReviews', 'changing reviewers');
      if (!state.reviewers.has(command.userId)) throw notFound(`no review requested from ${command.userId}`);
      return [{ type: 'ReviewerRemoved', data: { ...ids, userId: command.userId } }];
    case 'SubmitChangeRequestReview':
      return decideReview(state, command, facts);
  }
}

/**
 * The live content's side of a merge: `mergeTrees(base, live, changeRequest)`, refused with every
 * conflict named. The merge use case records the result on the space (the live revision advances)
 * and then `MergeChangeRequest` on the change request.
 */
export function mergeIntoLive(
  base: PageTree,
  live: PageTree,
  changeRequest: PageTree,
  bodies: Bodies,
  lineMerges?: LineMerges,
): TreeChange[] {
  const outcome = mergeTrees(base, live, changeRequest, bodies, lineMerges);
  if (!outcome.ok) throw conflict(describeConflicts(outcome.conflicts));
  return outcome.changes;
}

/** A change request of a space, in stream `changeRequest-<id>`: subject, status, revisions and reviewers. */
export const changeRequestAggregate: Aggregate<ChangeRequestState, ChangeRequestCommand, ChangeRequestEvent, ChangeRequestFacts> = {
  category: 'changeRequest',
  initialState: initialChangeRequestState,
  evolve: evolveChangeRequest,
  decide: decideChangeRequest,
  schemaVersions: {
    ChangeRequestCreated: 1,
    ChangeRequestSubjectChanged: 1,
    ChangeRequestStatusChanged: 1,
    ChangeRequestContentEdited: 1,
    ChangeRequestUpdatedFromMain: 1,
    ChangeRequestMerged: 1,
    ReviewersRequested: 1,
    ReviewerRemoved: 1,
    ChangeRequestReviewSubmitted: 1,
  },
};
