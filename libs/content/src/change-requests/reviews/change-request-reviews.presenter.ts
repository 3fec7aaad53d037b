import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@docs/platform';
import { OrganizationsPresenter } from '@docs/organizations';
import { namedUsers } from '../named-users';
import { ReviewView } from './review-views';
import { ChangeRequestReviewResponse } from './review.response';

/** GitBook's ChangeRequestReview. No I/O: the use cases read the reviews and their users. */
@Injectable()
export class ChangeRequestReviewsPresenter {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly organizations: OrganizationsPresenter,
  ) {}

  review({ review, users }: ReviewView): ChangeRequestReviewResponse {
    const user = namedUsers(this.organizations, users);
    return {
      object: 'change-request-review' as const,
      id: review.id,
      revision: review.revision,
      reviewer: user(review.reviewer),
      ...(review.requestedBy !== undefined ? { requestedBy: user(review.requestedBy) } : {}),
      status: review.status,
      outdated: review.outdated,
      createdAt: review.createdAt,
      updatedAt: review.updatedAt,
      urls: {
        location: `${this.config.publicUrl}/v1/spaces/${review.spaceId}/change-requests/${review.changeRequestId}/reviews/${review.id}`,
      },
    };
  }
}
