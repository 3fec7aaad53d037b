import { ApiProperty } from '@nestjs/swagger';
import { DateTime } from '@docs/platform';
import { UserResponse } from '@docs/organizations';

/** GitBook's ChangeRequestUserContributor (ChangeRequestContributorsPresenter.contributor). */
export class ChangeRequestUserContributorResponse {
  @ApiProperty({ type: () => UserResponse, description: 'The user who contributed' })
  user!: UserResponse;

  @ApiProperty({ type: 'integer', description: 'How many contributions: creating the change request, then one per batch of content edits' })
  count!: number;

  @DateTime('When they last contributed')
  updatedAt!: string;

  @ApiProperty({
    type: String,
    enum: ['edit'],
    description: "How they contributed: edits of the content (GitBook's `comment` is never answered: commenters have their own list)",
  })
  actionType!: 'edit';
}
