import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, Length, MaxLength } from 'class-validator';
import { IsOptionalNotNull, Stacked } from '@docs/platform';
import { NoDescription } from '../http/change-request.dto';

const MAX_USERS = 100;

/**
 * POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/requested-reviewers. GitBook's
 * `description` is refused like the PATCH's (docs/content-api.md, decision 10).
 */
export class RequestReviewersBody {
  @ApiProperty({
    type: [String],
    minItems: 1,
    maxItems: MAX_USERS,
    description: 'Ids of the users to request a review from; each must be able to see the space',
  })
  @Stacked(
    IsArray(),
    ArrayMinSize(1),
    ArrayMaxSize(MAX_USERS),
    IsString({ each: true }),
    Length(1, 255, { each: true, message: '$property must contain user ids (1 to 255 characters)' }),
  )
  users!: string[];

  @ApiPropertyOptional({ maxLength: 100, description: 'Also renames the change request' })
  @Stacked(IsOptionalNotNull(), IsString(), MaxLength(100))
  subject?: string;

  @NoDescription()
  description?: unknown;
}
