import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { PageQuery, IsOneOf } from '@docs/platform';
import { LINK_STATUSES, LinkStatus } from './links.domain';

/** The query of link listings: GitBook's listPage and listLimit, and the seed's `status` filter. */
export class ListLinksQuery extends PageQuery {
  @ApiPropertyOptional({ enum: LINK_STATUSES, description: 'Only the links with this status' })
  @IsOptional()
  @IsOneOf('status', LINK_STATUSES)
  status?: LinkStatus;
}
