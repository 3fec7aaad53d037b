import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsString, Length } from 'class-validator';
import { IsOneOf, Stacked } from '@docs/platform';
import { CHANGE_REQUEST_STATUSES, ChangeRequestStatus } from '../change-request.events';
import { ChangeRequestListQuery } from '../http/change-request.dto';

/** A filter by an id of a kind no change request is linked to here: accepted, and the list is empty. */
const UnlinkedFilter = (what: string) =>
  Stacked(
    ApiPropertyOptional({
      minLength: 1,
      maxLength: 64,
      description: `Only change requests linked to this ${what}: none here (no change request is linked to one), so the list is empty`,
    }),
    IsOptional(),
    IsString(),
    Length(1, 64),
  );

export const FINDINGS = ['none', 'all'] as const;

/** GET /v1/orgs/{organizationId}/change-requests (GitBook's listChangeRequestsForOrganization). */
export class ListOrganizationChangeRequestsQuery extends ChangeRequestListQuery {
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', enum: [...CHANGE_REQUEST_STATUSES] },
    minItems: 1,
    maxItems: CHANGE_REQUEST_STATUSES.length,
    default: ['open'],
    description: 'Only change requests in these statuses (repeat the parameter: status=open&status=draft)',
  })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? [value] : value))
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(CHANGE_REQUEST_STATUSES.length)
  @IsIn([...CHANGE_REQUEST_STATUSES], { each: true, message: `status must be one of ${CHANGE_REQUEST_STATUSES.join(', ')}` })
  status?: ChangeRequestStatus[];

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: 64,
    description: 'Only change requests of this space (a space id; one the caller cannot see gives an empty list)',
  })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  space?: string;

  @UnlinkedFilter('site')
  site?: string;

  @UnlinkedFilter('style guide check run')
  styleguideRun?: string;

  @ApiPropertyOptional({
    enum: FINDINGS,
    default: 'none',
    description: 'Whether change requests from triage are included: no change request comes from triage here, so both give the same list',
  })
  @IsOptional()
  @IsOneOf('finding', FINDINGS)
  finding?: (typeof FINDINGS)[number];
}
