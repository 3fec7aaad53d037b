import { DomainEvent } from '@docs/kernel';
import { FileNode } from '../page-tree/content-files.domain';
import { TreeChange } from '../page-tree/page-tree.domain';
import { ChangeRequestReviewSubmitted } from './reviews/change-request-review.events';

export const CHANGE_REQUEST_STATUSES = ['draft', 'open', 'archived', 'merged'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

export type ChangeRequestIds = { changeRequestId: string; spaceId: string; organizationId: string };
/** A new revision: page `changes` and the `files` it gained (absent when none). */
type Revisioned = { revisionId: string; changes: TreeChange[]; files?: FileNode[] };

export type ChangeRequestCreated = DomainEvent<
  'ChangeRequestCreated',
  ChangeRequestIds & { number: number; subject: string; revisionInitial: string }
>;
export type ChangeRequestSubjectChanged = DomainEvent<'ChangeRequestSubjectChanged', ChangeRequestIds & { subject: string }>;
/** `from`: the status it left (the spaces projection moves its per-status counters by it). */
export type ChangeRequestStatusChanged = DomainEvent<
  'ChangeRequestStatusChanged',
  ChangeRequestIds & { status: ChangeRequestStatus; from: ChangeRequestStatus }
>;
/** A batch of page edits: a new revision whose parent is the change request's previous one. */
export type ChangeRequestContentEdited = DomainEvent<
  'ChangeRequestContentEdited',
  ChangeRequestIds & Revisioned & { parentRevisionId: string }
>;
/** The live content pulled in: a new revision with two parents (the change request's and the live one). */
export type ChangeRequestUpdatedFromMain = DomainEvent<
  'ChangeRequestUpdatedFromMain',
  ChangeRequestIds & Revisioned & { parents: [string, string] }
>;
/** Merged into the live content, which became `revisionMerged`. */
export type ChangeRequestMerged = DomainEvent<
  'ChangeRequestMerged',
  ChangeRequestIds & { revisionMerged: string; from: ChangeRequestStatus }
>;
export type ReviewersRequested = DomainEvent<'ReviewersRequested', ChangeRequestIds & { userIds: string[]; revision: string }>;
export type ReviewerRemoved = DomainEvent<'ReviewerRemoved', ChangeRequestIds & { userId: string }>;

export type ChangeRequestEvent =
  | ChangeRequestCreated
  | ChangeRequestSubjectChanged
  | ChangeRequestStatusChanged
  | ChangeRequestContentEdited
  | ChangeRequestUpdatedFromMain
  | ChangeRequestMerged
  | ReviewersRequested
  | ReviewerRemoved
  | ChangeRequestReviewSubmitted;
