import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PageQuery } from '@docs/platform';
import { LINK_STATUSES, LinkStatus } from './links.domain';

/** The query of link listings: GitBook's listPage and listLimit, and the seed's `status` filter. */
export class ListLinksQuery extends PageQuery {
  @ApiPropertyOptional({ enum: LINK_STATUSES, description: 'Only the links with this status' })
  @IsOptional()
  @IsIn([...LINK_STATUSES], { message: `status must be one of ${LINK_STATUSES.join(', ')}` })
  status?: LinkStatus;
}
