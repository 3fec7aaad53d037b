import { Injectable } from '@nestjs/common';
import { OrganizationsPresenter, UserDoc } from '@docs/organizations';
import { ReviewerView } from './list-reviewers';
import { ChangeRequestRequestedReviewerResponse } from './reviewer.response';

/** GitBook's ChangeRequestRequestedReviewer. No I/O: the use cases read the requests and their users. */
@Injectable()
export class ChangeRequestReviewersPresenter {
  constructor(private readonly organizations: OrganizationsPresenter) {}

  reviewer({ reviewer, users }: ReviewerView): ChangeRequestRequestedReviewerResponse {
    const user = (id: string) => this.organizations.user(users.get(id) ?? unknownUser(id));
    return {
      object: 'change-request-requested-reviewer' as const,
      kind: 'user' as const,
      user: user(reviewer.userId),
      revision: reviewer.revision,
      requestedBy: user(reviewer.requestedBy),
      createdAt: reviewer.requestedAt,
    };
  }
}

/** A user no longer found (never expected: users are not deleted): their id, and no name. */
const unknownUser = (id: string): Pick<UserDoc, 'id' | 'displayName' | 'email'> => ({ id, displayName: id, email: '' });
