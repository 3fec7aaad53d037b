import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DateTime } from '@docs/platform';
import { UserResponse } from '@docs/organizations';
import { ChangeRequestReviewResponse } from '../reviews/review.response';

/** GitBook's ChangeRequestRequestedReviewer, user kind (ChangeRequestReviewersPresenter.reviewer). It has no id. */
export class ChangeRequestRequestedReviewerResponse {
  @ApiProperty({ type: String, enum: ['change-request-requested-reviewer'] })
  object!: 'change-request-requested-reviewer';

  @ApiProperty({ type: String, enum: ['user'], description: 'Who is requested: a user (teams are not requested here)' })
  kind!: 'user';

  @ApiProperty({ type: () => UserResponse, description: 'The user who was requested to review' })
  user!: UserResponse;

  @ApiProperty({ type: String, description: 'The revision of the change request when the review was requested' })
  revision!: string;

  @ApiProperty({ type: () => UserResponse, description: 'The user who made the request' })
  requestedBy!: UserResponse;

  @DateTime('When the review was requested')
  createdAt!: string;

  @ApiPropertyOptional({
    type: () => ChangeRequestReviewResponse,
    description: "The user's latest review of the change request, once they reviewed it (an extension: GitBook's object has none)",
  })
  review?: ChangeRequestReviewResponse;
}

/** The answer of requestReviewersForChangeRequest. */
export class RequestedReviewersResponse {
  @ApiProperty({
    type: () => [ChangeRequestRequestedReviewerResponse],
    description: 'The review requests of the users named (already requested ones included)',
  })
  users!: ChangeRequestRequestedReviewerResponse[];
}
