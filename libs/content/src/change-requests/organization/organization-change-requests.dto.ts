import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length } from 'class-validator';
import { IsOneOf, SomeOf, Stacked } from '@docs/platform';
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
  @SomeOf('status', CHANGE_REQUEST_STATUSES, {
    default: ['open'],
    description: 'Only change requests in these statuses (repeat the parameter: status=open&status=draft)',
  })
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
