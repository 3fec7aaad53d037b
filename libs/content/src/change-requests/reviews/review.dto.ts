import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { IsOneOf, NotServed, PageQuery, Stacked, toBoolean } from '@docs/platform';
import { REVIEW_STATUSES, ReviewStatus } from './change-request-review.events';

/**
 * POST /v1/spaces/{spaceId}/change-requests/{changeRequestId}/reviews. GitBook's `comment` (a
 * rich-text document) is refused with a 400 saying why: reviews here carry no comment
 * (docs/content-api.md, decision 10).
 */
export class SubmitReviewBody {
  @ApiProperty({ type: String, enum: REVIEW_STATUSES, description: 'The status of the submitted review' })
  @IsOneOf('status', REVIEW_STATUSES)
  status!: ReviewStatus;

  @NotServed('comment', 'reviews carry no comment here; post one on the change request (POST …/comments)')
  comment?: unknown;
}

/** GitBook's `format` shapes a review's comment; reviews here carry none, so it changes nothing. */
const REVIEW_FORMATS = ['document', 'markdown'] as const;
type ReviewFormat = (typeof REVIEW_FORMATS)[number];
const FormatField = () =>
  Stacked(
    ApiPropertyOptional({
      type: String,
      enum: REVIEW_FORMATS,
      description: "Output format of a review's comment (reviews here carry no comment: it changes nothing)",
    }),
    IsOptional(),
    IsOneOf('format', REVIEW_FORMATS),
  );

export class ReviewFormatQuery {
  @FormatField()
  format?: ReviewFormat;
}

export class ListReviewsQuery extends PageQuery {
  @ApiPropertyOptional({ type: Boolean, description: 'Only the outdated reviews (true) or only the current ones (false)' })
  @IsOptional()
  @Transform(toBoolean)
  @IsBoolean({ message: 'outdated must be true or false' })
  outdated?: boolean;

  @FormatField()
  format?: ReviewFormat;
}
