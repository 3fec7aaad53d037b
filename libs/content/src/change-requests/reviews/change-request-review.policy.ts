import { forbidden, Role } from '@docs/kernel';
import { requireSpacePermission } from '../../spaces/spaces.policy';
import { ReviewStatus } from './change-request-review.events';

/** What a review decision knows of its reviewer. */
export interface Reviewer {
  /** Their effective role in the space (null: they cannot see it). */
  role: Role | null;
  /** They created the change request. */
  author: boolean;
  /** A review is pending from them (requested and not withdrawn). */
  requested: boolean;
}

/**
 * Who may submit a review (GitBook: "only users who are requested reviewers or have space review
 * permissions"): the review role or more in the space, or a pending review request; never the
 * change request's author approving their own change request (they may still request changes,
 * which can hold a merge back but never lets one through). 404 when they cannot see the space,
 * 403 naming why otherwise.
 */
export function requireReviewer({ role, author, requested }: Reviewer, status: ReviewStatus): void {
  if (requested) requireSpacePermission(role, 'view', 'submitting a review');
  else requireSpacePermission(role, 'review', 'submitting a review without a review request');
  if (author && status === 'approved') throw forbidden("status: the change request's author cannot approve their own change request");
}
