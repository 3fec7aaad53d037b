import { conflict } from '@docs/kernel';
import type { ChangeRequestFacts, ChangeRequestState } from '../change-request.decider';
import type { ChangeRequestEvent } from '../change-request.events';
import { ReviewStatus } from './change-request-review.events';
import { requireReviewer } from './change-request-review.policy';

export type SubmitReview = { type: 'SubmitChangeRequestReview'; reviewId: string; status: ReviewStatus };

/**
 * A review of the change request's current revision by the caller (`facts.caller`): refused when
 * the policy refuses the caller (change-request-review.policy.ts), and on a merged or archived
 * change request (409). It names who requested the review when one is pending from the caller.
 */
export function decideReview(state: ChangeRequestState, command: SubmitReview, facts: ChangeRequestFacts): ChangeRequestEvent[] {
  const caller = facts.caller;
  if (caller === undefined) throw new Error('review decision without the caller');
  const requester = state.requestedBy.get(caller);
  requireReviewer({ role: facts.role, author: state.createdBy === caller, requested: requester !== undefined }, command.status);
  if (state.status === 'merged' || state.status === 'archived')
    throw conflict(`the change request is ${state.status}: reviewing is not possible`);
  return [
    {
      type: 'ChangeRequestReviewSubmitted',
      data: {
        ...state.ids,
        reviewId: command.reviewId,
        status: command.status,
        revision: state.revision,
        ...(requester !== undefined ? { requestedBy: requester } : {}),
      },
    },
  ];
}
