import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { IsOptionalNotNull, PageQuery, Stacked, IsOneOf } from '@docs/platform';
import { CHANGE_REQUEST_STATUSES, ChangeRequestStatus } from '../change-request.events';

/** GitBook's ChangeRequestSubject: 0 to 100 characters. */
const Subject = () => Stacked(IsOptionalNotNull(), IsString(), MaxLength(100));

/** PATCH can set every status but merged (only a merge does). */
export const SETTABLE_STATUSES = ['draft', 'open', 'archived'] as const;
export type SettableStatus = (typeof SETTABLE_STATUSES)[number];

/** POST /v1/spaces/{spaceId}/change-requests. GitBook's `template` is refused (docs/content-api.md, decision 10). */
export class CreateChangeRequestBody {
  @ApiPropertyOptional({ maxLength: 100, default: '', description: 'Subject of the change request' })
  @Subject()
  subject?: string;
}

/** PATCH /v1/spaces/{spaceId}/change-requests/{changeRequestId}. GitBook's `description` and `links` are refused (decision 10). */
export class UpdateChangeRequestBody {
  @ApiPropertyOptional({ maxLength: 100, description: 'Subject of the change request' })
  @Subject()
  subject?: string;

  @ApiPropertyOptional({
    enum: SETTABLE_STATUSES,
    description: 'draft ↔ open; draft or open → archived; archived → open or draft. A merged change request cannot change (409)',
  })
  @IsOptionalNotNull()
  @IsOneOf('status', SETTABLE_STATUSES)
  status?: SettableStatus;
}

export const LIST_STATUSES = [...CHANGE_REQUEST_STATUSES, 'all'] as const;

/** GET /v1/spaces/{spaceId}/change-requests */
export class ListChangeRequestsQuery extends PageQuery {
  @ApiPropertyOptional({ enum: LIST_STATUSES, default: 'open', description: 'Only change requests in this status; all: every status' })
  @IsOptional()
  @IsOneOf('status', LIST_STATUSES)
  status?: ChangeRequestStatus | 'all';

  @ApiPropertyOptional({ description: 'Only change requests this user created or edited the content of (a user id)' })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  contributor?: string;
}
