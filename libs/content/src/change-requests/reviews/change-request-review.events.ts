import { DomainEvent } from '@docs/kernel';
import type { ChangeRequestIds } from '../change-request.events';

/** GitBook's ChangeRequestReviewStatus. */
export const REVIEW_STATUSES = ['approved', 'changes-requested'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

/**
 * A review of the change request at its `revision`, by the event's actor at its `occurredAt`.
 * `requestedBy`: who had requested a review from the reviewer, when one was pending (absent when the
 * review was left without a request).
 */
export type ChangeRequestReviewSubmitted = DomainEvent<
  'ChangeRequestReviewSubmitted',
  ChangeRequestIds & { reviewId: string; status: ReviewStatus; revision: string; requestedBy?: string }
>;
