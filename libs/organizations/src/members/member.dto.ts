import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { OptionalText, PageQuery } from '@docs/platform';
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
  @IsIn([...ROLE_FILTERS], { message: `role must be one of ${ROLE_FILTERS.join(', ')}` })
  role?: Role | 'guest';

  @ApiPropertyOptional({ maxLength: 512, description: 'Case-insensitive substring of the display name or e-mail address' })
  @OptionalText(512)
  search?: string;

  @ApiPropertyOptional({ enum: MEMBER_SORTS, default: 'joinedAt', description: 'lastSeenAt lists only members seen at least once' })
  @IsOptional()
  @IsIn([...MEMBER_SORTS], { message: `sort must be one of ${MEMBER_SORTS.join(', ')}` })
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
  @IsIn([...ROLES_STRONGEST_FIRST], { message: `role must be one of ${ROLES_STRONGEST_FIRST.join(', ')} or null` })
  role?: Role | null;
}
