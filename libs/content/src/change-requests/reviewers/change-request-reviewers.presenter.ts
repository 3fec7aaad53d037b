import { Injectable } from '@nestjs/common';
import { OrganizationsPresenter } from '@docs/organizations';
import { ReviewerView } from './list-reviewers';
import { ChangeRequestRequestedReviewerResponse } from './reviewer.response';
import { namedUsers } from '../named-users';
import { ChangeRequestReviewsPresenter } from '../reviews/change-request-reviews.presenter';

/** GitBook's ChangeRequestRequestedReviewer. No I/O: the use cases read the requests and their users. */
@Injectable()
export class ChangeRequestReviewersPresenter {
  constructor(
    private readonly organizations: OrganizationsPresenter,
    private readonly reviews: ChangeRequestReviewsPresenter,
  ) {}

  reviewer({ reviewer, review, users }: ReviewerView): ChangeRequestRequestedReviewerResponse {
    const user = namedUsers(this.organizations, users);
    return {
      object: 'change-request-requested-reviewer' as const,
      kind: 'user' as const,
      user: user(reviewer.userId),
      revision: reviewer.revision,
      requestedBy: user(reviewer.requestedBy),
      createdAt: reviewer.requestedAt,
      ...(review ? { review: this.reviews.review({ review, users }) } : {}),
    };
  }
}
