import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { OptionalText, PageQuery, IsOneOf } from '@docs/platform';
import { Role } from '@docs/kernel';
import { ROLES_STRONGEST_FIRST } from '../shared/roles.domain';

export const LIST_ORDERS = ['asc', 'desc'] as const;
export const MEMBER_SORTS = ['joinedAt', 'lastSeenAt', 'name'] as const;
const ROLE_FILTERS = [...ROLES_STRONGEST_FIRST, 'guest'] as const;

/** GET /v1/orgs/{organizationId}/members */
export class ListMembersQuery extends PageQuery {
  @ApiPropertyOptional({ enum: LIST_ORDERS, default: 'desc' })
  @IsOptional()
  @IsIn([...LIST_ORDERS], { message: 'order must be asc or desc' })
  order?: (typeof LIST_ORDERS)[number];

  @ApiPropertyOptional({ enum: ROLE_FILTERS, description: 'A role, or `guest` for members without one' })
  @IsOptional()
  @IsOneOf('role', ROLE_FILTERS)
  role?: Role | 'guest';

  @OptionalText(512, { maxLength: 512, description: 'Case-insensitive substring of the display name or e-mail address' })
  search?: string;

  @ApiPropertyOptional({ enum: MEMBER_SORTS, default: 'joinedAt', description: 'lastSeenAt lists only members seen at least once' })
  @IsOptional()
  @IsOneOf('sort', MEMBER_SORTS)
  sort?: (typeof MEMBER_SORTS)[number];
}

/** PATCH /v1/orgs/{organizationId}/members/{userId} */
export class UpdateMemberBody {
  @ApiPropertyOptional({
    enum: ROLES_STRONGEST_FIRST,
    nullable: true,
    description: 'null makes the member a guest; omitted leaves the role',
  })
  @IsOptional()
  @IsOneOf('role', ROLES_STRONGEST_FIRST, 'or null')
  role?: Role | null;
}
