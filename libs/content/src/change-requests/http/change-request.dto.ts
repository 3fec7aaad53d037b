import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Length, MaxLength } from 'class-validator';
import { invalid, IsOptionalNotNull, NotServed, PageQuery, Stacked, IsOneOf } from '@docs/platform';
import { CHANGE_REQUEST_STATUSES, ChangeRequestStatus } from '../change-request.events';
import { CHANGE_REQUEST_ORDERS, ChangeRequestFilters, ChangeRequestOrder } from '../change-requests.read-model';

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

  @NotServed('template', 'templates are not served')
  template?: unknown;
}

/** GitBook's change request `description` (a JSON document), refused on PATCH and on review requests. */
export const NoDescription = () => NotServed('description', 'change requests have a subject, no description');

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

  @NoDescription()
  description?: unknown;

  @NotServed('links', 'change requests keep no links')
  links?: unknown;
}

export const LIST_STATUSES = [...CHANGE_REQUEST_STATUSES, 'all'] as const;

const PERSON_FILTERS = ['creator', 'contributor', 'requestedReviewer'] as const;

/** Why a person filter is refused beside another: the same words in the 400 and in the served document. */
const notCombined = (name: (typeof PERSON_FILTERS)[number]) => {
  const others = PERSON_FILTERS.filter((other) => other !== name).join(' or ');
  return `cannot be combined with ${others} (a list keeps the change requests of one person)`;
};

const UserFilter = (name: (typeof PERSON_FILTERS)[number], what: string) =>
  Stacked(
    ApiPropertyOptional({ minLength: 1, maxLength: 64, description: `${what} (a user id); ${notCombined(name)}` }),
    IsOptional(),
    IsString(),
    Length(1, 64),
  );

/** The filters and order both change request lists take (a space's, an organization's). */
export class ChangeRequestListQuery extends PageQuery {
  @UserFilter('creator', 'Only change requests this user created')
  creator?: string;

  @UserFilter('contributor', 'Only change requests this user created or edited the content of')
  contributor?: string;

  @UserFilter('requestedReviewer', 'Only change requests this user is requested to review')
  requestedReviewer?: string;

  @ApiPropertyOptional({
    minLength: 1,
    maxLength: 64,
    description: 'Only change requests linked to this site topic: none here (this server has no site topics), so the list is empty',
  })
  @IsOptional()
  @IsString()
  @Length(1, 64)
  topic?: string;

  @ApiPropertyOptional({ enum: CHANGE_REQUEST_ORDERS, default: 'updatedAt', description: 'Most recently updated, or created, first' })
  @IsOptional()
  @IsOneOf('orderBy', CHANGE_REQUEST_ORDERS)
  orderBy?: ChangeRequestOrder;
}

/** GET /v1/spaces/{spaceId}/change-requests */
export class ListChangeRequestsQuery extends ChangeRequestListQuery {
  @ApiPropertyOptional({ enum: LIST_STATUSES, default: 'open', description: 'Only change requests in this status; all: every status' })
  @IsOptional()
  @IsOneOf('status', LIST_STATUSES)
  status?: ChangeRequestStatus | 'all';
}

/** The one person a list keeps the change requests of (`creator`, `contributor` or `requestedReviewer`); two or more are a 400. */
export function personFilter(
  query: Pick<ChangeRequestListQuery, 'creator' | 'contributor' | 'requestedReviewer'>,
): ChangeRequestFilters['person'] {
  const given = (
    [
      ['creator', 'creator', query.creator],
      ['contributor', 'contributor', query.contributor],
      ['requestedReviewer', 'reviewer', query.requestedReviewer],
    ] as const
  ).filter(([, , userId]) => userId !== undefined);
  if (given.length > 1) throw invalid(`${given[1]![0]}: ${notCombined(given[1]![0])}`);
  const [person] = given;
  return person && { role: person[1], userId: person[2]! };
}
