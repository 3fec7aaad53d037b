import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ApiTimestampedObject, LocationUrls } from '@docs/platform';
import { UserResponse } from '@docs/organizations';
import { REVIEW_STATUSES, ReviewStatus } from './change-request-review.events';

/** GitBook's ChangeRequestReview (ChangeRequestReviewsPresenter.review). Reviews here carry no comment. */
export class ChangeRequestReviewResponse extends ApiTimestampedObject('change-request-review', {
  description: 'Unique identifier for the review',
}) {
  @ApiProperty({ type: String, description: 'The revision of the change request this review was made against' })
  revision!: string;

  @ApiProperty({ type: () => UserResponse, description: 'The user who performed the review' })
  reviewer!: UserResponse;

  @ApiPropertyOptional({
    type: () => UserResponse,
    description: 'The user who requested the review; absent when the review was left without a request',
  })
  requestedBy?: UserResponse;

  @ApiProperty({ type: String, enum: REVIEW_STATUSES, description: 'The status of the review' })
  status!: ReviewStatus;

  @ApiProperty({
    type: Boolean,
    description: 'Whether the review is superseded: the change request has a newer revision, or the reviewer a newer review',
  })
  outdated!: boolean;

  @ApiProperty({ type: () => LocationUrls })
  urls!: LocationUrls;
}
